// The client's project functions against the fake service over real HTTP: request shapes as the
// fake logs them, every reply variant, and the service's state after each write.

import { describe, expect, it } from 'vitest';
import type { ProjectInput } from '@/lib/projects/types';
import { expectClean, expectedProject, expectKind } from '../support/service-client';
import {
  COMPETITOR,
  FORM,
  client,
  fake,
  projectId,
  secrets,
  token,
  useClientOnFake,
} from '../support/client-on-fake';

useClientOnFake();

describe('projects', () => {
  it('listProjects: GET with token and func only; every project decoded', async () => {
    const result = await client.listProjects(token);
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      path: '/api/project.php',
      query: { token, func: 'listProjects' },
      body: null,
    });
    expect(fake.log[0].query).not.toHaveProperty('project_id');
    expect(result).toEqual({ projects: fake.projects().map(expectedProject), skipped: 0 });
    expect(new Set(result.projects.map((p) => p.type)).size).toBe(6);
  });

  it.each([['numbersAsStrings'], ['wrapped']] as const)(
    'listProjects under %s: the same projects',
    async (fault) => {
      fake.setFault(fault, { func: 'listProjects' });
      const result = await client.listProjects(token);
      expect(fake.log[0].faults).toEqual([fault]);
      expect(result).toEqual({ projects: fake.projects().map(expectedProject), skipped: 0 });
    },
  );

  it('getProject: GET with project_id; the record decoded', async () => {
    const project = await client.getProject(token, projectId);
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      path: '/api/project.php',
      query: { token, func: 'getProject', project_id: String(projectId) },
    });
    expect(project).toEqual(expectedProject(fake.projects()[0]));
  });

  it('getProject under numbersAsStrings', async () => {
    fake.setFault('numbersAsStrings', { func: 'getProject' });
    const project = await client.getProject(token, projectId);
    expect(fake.log[0].faults).toEqual(['numbersAsStrings']);
    expect(project).toEqual(expectedProject(fake.projects()[0]));
  });

  it('getProjectData: the statistics as flat rows, names as sent', async () => {
    const { rows } = await client.getProjectData(token, projectId);
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      query: { token, func: 'getProjectData', project_id: String(projectId) },
    });
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    expect(byKey.project_id).toBe(String(projectId));
    expect(byKey.total_mentions).toBe(String(fake.mentions(projectId).length));
    expect(byKey).toHaveProperty('sentiment.positive');
    expect(byKey).toHaveProperty('sources.reddit');
    expect(rows.every((row) => typeof row.value === 'string')).toBe(true);
  });

  it('addProject: POST form body with exactly the type fields, contract spelling', async () => {
    const { projectId: created } = await client.addProject(token, COMPETITOR);
    expect(fake.log).toHaveLength(1);
    const [entry] = fake.log;
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/project.php',
      query: { token, func: 'addProject' },
      contentType: FORM,
      status: 200,
    });
    expect(entry.query).not.toHaveProperty('project_id');
    expect(entry.body).toEqual({
      name: 'Rival watch',
      type: 'competitiveMonitoring',
      language: 'en,de',
      source: 'twitter,reddit,web',
      location: 'us,de',
      email_notification: '0',
      browser_notification: '1',
      competitor_url: 'rival.test',
      competitior_name: 'Rival\nRival Bikes',
      competitior_excluded_keywords: 'jobs',
    });
    expect(typeof created).toBe('number');
    const stored = fake.projects().find((p) => p.project_id === created);
    expect(stored).toMatchObject({ name: 'Rival watch', competitior_name: 'Rival\nRival Bikes' });
    expect(stored).not.toHaveProperty('brand_name');
  });

  it('addProject under numbersAsStrings still yields the new id', async () => {
    fake.setFault('numbersAsStrings', { func: 'addProject' });
    const { projectId: created } = await client.addProject(token, COMPETITOR);
    expect(fake.log[0].faults).toEqual(['numbersAsStrings']);
    expect(fake.projects().some((p) => p.project_id === created)).toBe(true);
  });

  it('addProject refused by validation: invalid-input with the field named', async () => {
    const error = await expectKind(
      client.addProject(token, { ...COMPETITOR, name: '' }),
      'invalid-input',
    );
    expect(error.status).toBe(400);
    expect(error.field).toBe('name');
    expect(error.message).toMatch(/name: must be 1 to 100 characters/);
    expectClean(error, secrets());
  });

  it('a validation error sent as HTTP 200 (errorAs200) is still invalid-input', async () => {
    fake.setFault('errorAs200', { func: 'addProject' });
    const error = await expectKind(
      client.addProject(token, { ...COMPETITOR, language: 'english please' }),
      'invalid-input',
    );
    expect(fake.log[0].status).toBe(200);
    expect(error.field).toBe('language');
  });

  it('editProject: POST to the project named in the query; the service has the change', async () => {
    const edited: ProjectInput = {
      name: 'Acme renamed',
      type: 'topicMonitoring',
      language: 'all',
      source: ['blogs'],
      location: 'all',
      email_notification: 1,
      browser_notification: 0,
      fields: { topic_keywords: 'e-bikes\ncargo bikes' },
    };
    await expect(client.editProject(token, projectId, edited)).resolves.toBeUndefined();
    expect(fake.log[0]).toMatchObject({
      method: 'POST',
      query: { token, func: 'editProject', project_id: String(projectId) },
      contentType: FORM,
      body: {
        name: 'Acme renamed',
        type: 'topicMonitoring',
        language: 'all',
        source: 'blogs',
        location: 'all',
        email_notification: '1',
        browser_notification: '0',
        topic_keywords: 'e-bikes\ncargo bikes',
      },
    });
    expect(await client.getProject(token, projectId)).toMatchObject({
      name: 'Acme renamed',
      type: 'topicMonitoring',
      fields: { topic_keywords: 'e-bikes\ncargo bikes' },
    });
  });

  it('removeProject: GET with project_id; the project is gone', async () => {
    await expect(client.removeProject(token, projectId)).resolves.toBeUndefined();
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      path: '/api/project.php',
      query: { token, func: 'removeProject', project_id: String(projectId) },
      body: null,
    });
    expect(fake.projects().some((p) => p.project_id === projectId)).toBe(false);
    await expectKind(client.getProject(token, projectId), 'invalid-input');
  });
});
