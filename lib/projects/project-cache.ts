// The last project list the service gave us, so pages can name projects and count per project
// without asking the service. Written only by the background after a successful listProjects, and
// read through parseCachedProjects: storage may hold an older format or damage, and a page must
// never crash on a project whose name is not text.
import { commonFieldsOf } from '@/lib/projects/field-table';
import type { Flag, ServiceProject } from '@/lib/projects/types';
import { isRecord } from '@/lib/service/envelope';

/** Damage, not a project list: a cache never holds more (the store's total cap is far lower). */
const MAX_PROJECTS = 1_000;
// The record's optional members, from the field table: its lists kept as text, its flags 0|1.
const OPTIONAL_TEXT = [
  ...commonFieldsOf('languages'),
  ...commonFieldsOf('sources'),
  ...commonFieldsOf('locations'),
];
const FLAGS = commonFieldsOf('flag');

/**
 * One cached project, or undefined when it has no usable id. Members are checked one by one: a
 * damaged optional member is left out, a missing name or type becomes '' (pages name such a
 * project by its id), and only text values are kept in `fields`.
 */
export function parseCachedProject(raw: unknown): ServiceProject | undefined {
  if (!isRecord(raw) || !Number.isSafeInteger(raw.project_id) || (raw.project_id as number) < 0) {
    return undefined;
  }
  const fields: Record<string, string> = {};
  if (isRecord(raw.fields)) {
    for (const [key, value] of Object.entries(raw.fields)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
  const project: ServiceProject = {
    // `+ 0` turns -0 into 0: storage gives back JSON, where the two are one.
    project_id: (raw.project_id as number) + 0,
    name: typeof raw.name === 'string' ? raw.name : '',
    type: typeof raw.type === 'string' ? raw.type : '',
    fields,
  };
  for (const key of OPTIONAL_TEXT) {
    const value = raw[key];
    if (typeof value === 'string') project[key] = value;
  }
  for (const key of FLAGS) {
    const value = raw[key];
    // Written as 0 or 1 rather than copied, so -0 (which `=== 0` lets in) is stored as 0.
    if (value === 0 || value === 1) project[key] = (value === 1 ? 1 : 0) as Flag;
  }
  return project;
}

/** The cached list as stored, every project checked; anything else is an empty list. */
export function parseCachedProjects(value: unknown): ServiceProject[] {
  if (!Array.isArray(value)) return [];
  const out: ServiceProject[] = [];
  const seen = new Set<number>();
  for (const raw of value.slice(0, MAX_PROJECTS)) {
    const project = parseCachedProject(raw);
    // One record per id: a duplicate would be counted twice on every page.
    if (project && !seen.has(project.project_id)) {
      seen.add(project.project_id);
      out.push(project);
    }
  }
  return out;
}
