// Projects of the fake service as the background's messages take them.

import type { ProjectInput } from '@/lib/projects/types';
import type { FakeProject } from '../../fake-service/server';

/** The form input that reproduces a project of the fake (to edit it through a message). */
export function inputFrom(project: FakeProject, changes: Partial<ProjectInput> = {}): ProjectInput {
  const common = [
    'project_id',
    'name',
    'type',
    'language',
    'source',
    'location',
    'email_notification',
    'browser_notification',
  ];
  const fields = Object.entries(project).filter(([key]) => !common.includes(key));
  return {
    name: project.name,
    type: project.type as ProjectInput['type'],
    language: project.language,
    source: project.source.split(',') as ProjectInput['source'],
    location: project.location,
    email_notification: project.email_notification === 1 ? 1 : 0,
    browser_notification: project.browser_notification === 1 ? 1 : 0,
    fields: Object.fromEntries(fields.map(([k, v]) => [k, String(v)])),
    ...changes,
  };
}
