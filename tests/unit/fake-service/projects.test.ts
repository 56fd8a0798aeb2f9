import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeProject } from '../../fake-service/server';
import {
  call,
  CONTRACT_TYPE_FIELDS,
  login,
  projectForm,
  reply,
  SOURCES,
  TIMESTAMP,
  useFakeService,
} from '../support/fake-service';

const ctx = useFakeService();
let token = '';
beforeEach(async () => {
  token = await login(ctx.svc);
});

const BASE = [
  'project_id',
  'name',
  'type',
  'language',
  'source',
  'location',
  'email_notification',
  'browser_notification',
];

describe('listProjects', () => {
  it('replies a bare array of the seeded project records', async () => {
    const { status, type, body } = await reply(
      call(ctx.svc, 'project', { token, func: 'listProjects' }),
    );
    expect(status).toBe(200);
    expect(type).toBe('application/json');
    expect(body).toEqual(ctx.svc.projects());
    const projects = body as FakeProject[];
    expect(projects.length).toBeGreaterThanOrEqual(4);
    expect(new Set(projects.map((p) => p.type)).size).toBeGreaterThanOrEqual(4);
    expect(projects[0]).toEqual({
      project_id: 1201,
      name: 'Acme',
      type: 'brandMonitoring',
      language: 'en,de,nl',
      source: SOURCES.join(','),
      location: 'all',
      email_notification: 1,
      browser_notification: 1,
      brand_url: 'acme.test',
      brand_name: 'Acme\nAcme Roadrunner\nAcme Cargo',
      brand_excluded_keywords: 'acme corp careers\nlooney tunes',
    });
  });

  it('gives every record the base fields and only its own type-specific fields', async () => {
    const { body } = await reply(call(ctx.svc, 'project', { token, func: 'listProjects' }));
    for (const project of body as FakeProject[]) {
      expect(Object.keys(project).slice(0, BASE.length)).toEqual(BASE);
      expect(typeof project.project_id).toBe('number');
      expect([0, 1]).toContain(project.email_notification);
      for (const field of Object.keys(project).slice(BASE.length)) {
        expect(CONTRACT_TYPE_FIELDS[project.type]).toContain(field);
      }
    }
  });

  it('answers POST with 405', async () => {
    const res = await fetch(`${ctx.svc.url}/api/project.php?token=${token}&func=listProjects`, {
      method: 'POST',
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('getProject', () => {
  it('replies one record object', async () => {
    const { status, body } = await reply(
      call(ctx.svc, 'project', { token, func: 'getProject', project_id: 1203 }),
    );
    expect(status).toBe(200);
    expect(body).toEqual(ctx.svc.projects().find((p) => p.project_id === 1203));
    expect(body).toMatchObject({
      type: 'competitiveMonitoring',
      competitior_name: 'Globex\nGlobex Volt',
    });
  });

  it.each([
    [{}, 400, 'project_id: required'],
    [{ project_id: '' }, 400, 'project_id: required'],
    [{ project_id: 'abc' }, 400, 'project_id: must be a positive integer, not "abc"'],
    [{ project_id: '12.5' }, 400, 'project_id: must be a positive integer, not "12.5"'],
    [{ project_id: '0' }, 400, 'project_id: must be a positive integer, not "0"'],
    [{ project_id: '99999' }, 404, 'project_id: no project 99999 in this account'],
  ])('with %j replies %i', async (query, status, message) => {
    expect(await reply(call(ctx.svc, 'project', { token, func: 'getProject', ...query }))).toEqual({
      status,
      type: 'application/json',
      body: { status: 'error', message },
    });
  });
});

describe('addProject', () => {
  it('creates a project and replies {"success":true,"project_id":N}', async () => {
    const form = projectForm({ brand_name: 'Initech\nInitrode', brand_excluded_keywords: '' });
    const { status, body } = await reply(
      call(ctx.svc, 'project', { token, func: 'addProject' }, { form }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, project_id: 1207 });

    const expected = {
      project_id: 1207,
      name: 'Initech',
      type: 'brandMonitoring',
      language: 'en',
      source: 'twitter,reddit',
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      brand_url: 'initech.test',
      brand_name: 'Initech\nInitrode',
      brand_excluded_keywords: '',
    };
    expect(
      (await reply(call(ctx.svc, 'project', { token, func: 'getProject', project_id: 1207 }))).body,
    ).toEqual(expected);
    expect(ctx.svc.projects().at(-1)).toEqual(expected);
    expect(ctx.svc.mentions(1207)).toEqual([]);
  });

  it('hands out increasing ids', async () => {
    const ids: number[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const { body } = await reply(
        call(ctx.svc, 'project', { token, func: 'addProject' }, { form: projectForm({ name }) }),
      );
      ids.push((body as { project_id: number }).project_id);
    }
    expect(ids).toEqual([1207, 1208, 1209]);
  });

  it('accepts every type with all of its contract fields', async () => {
    for (const [type, fields] of Object.entries(CONTRACT_TYPE_FIELDS)) {
      const typeFields = Object.fromEntries(
        fields.map((f) => [f, f.endsWith('_url') ? `${type.toLowerCase()}.test` : `${f} one\ntwo`]),
      );
      const form = projectForm({ name: type, type, brand_url: undefined, ...typeFields });
      const { status, body } = await reply(
        call(ctx.svc, 'project', { token, func: 'addProject' }, { form }),
      );
      expect({ type, status }).toEqual({ type, status: 200 });
      const id = (body as { project_id: number }).project_id;
      expect(ctx.svc.projects().find((p) => p.project_id === id)).toMatchObject({
        type,
        ...typeFields,
      });
    }
  });

  it('answers GET with 405 and changes nothing', async () => {
    const res = await call(ctx.svc, 'project', { token, func: 'addProject', ...projectForm() });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(ctx.svc.projects()).toHaveLength(6);
  });
});

describe('editProject', () => {
  it('replaces the settings and replies {"success":true}', async () => {
    const form = projectForm({
      name: 'Acme (renamed)',
      source: 'web',
      brand_url: 'acme.test',
      brand_name: 'Acme',
    });
    const { status, body } = await reply(
      call(ctx.svc, 'project', { token, func: 'editProject', project_id: 1201 }, { form }),
    );
    expect({ status, body }).toEqual({ status: 200, body: { success: true } });
    // Fields not sent are gone: an edit carries the whole project.
    expect(ctx.svc.projects()[0]).toEqual({
      project_id: 1201,
      name: 'Acme (renamed)',
      type: 'brandMonitoring',
      language: 'en',
      source: 'web',
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      brand_url: 'acme.test',
      brand_name: 'Acme',
    });
    expect(ctx.svc.mentions(1201)).toHaveLength(14);
  });

  it('can change the type, dropping the old type fields', async () => {
    const form = projectForm({
      type: 'topicMonitoring',
      brand_url: undefined,
      topic_keywords: 'x',
    });
    await call(ctx.svc, 'project', { token, func: 'editProject', project_id: 1201 }, { form });
    const project = ctx.svc.projects()[0];
    expect(project.type).toBe('topicMonitoring');
    expect(project.topic_keywords).toBe('x');
    expect(project).not.toHaveProperty('brand_url');
  });

  it('needs the project_id in the query string', async () => {
    const missing = await reply(
      call(ctx.svc, 'project', { token, func: 'editProject' }, { form: projectForm() }),
    );
    expect(missing).toMatchObject({ status: 400, body: { message: 'project_id: required' } });
    const inBody = await reply(
      call(
        ctx.svc,
        'project',
        { token, func: 'editProject', project_id: 1201 },
        { form: { ...projectForm(), project_id: '1201' } },
      ),
    );
    expect(inBody.status).toBe(400);
    expect((inBody.body as { message: string }).message).toMatch(/^project_id: /);
  });

  it('replies 404 for a project that does not exist', async () => {
    const res = await call(
      ctx.svc,
      'project',
      { token, func: 'editProject', project_id: 4242 },
      { form: projectForm() },
    );
    expect(res.status).toBe(404);
  });

  it('keeps the record unchanged when the body is invalid', async () => {
    const before = ctx.svc.projects()[0];
    const res = await call(
      ctx.svc,
      'project',
      { token, func: 'editProject', project_id: 1201 },
      { form: projectForm({ name: '' }) },
    );
    expect(res.status).toBe(400);
    expect(ctx.svc.projects()[0]).toEqual(before);
  });
});

describe('removeProject', () => {
  it.each(['GET', 'POST'])('via %s deletes the project and its mentions', async (method) => {
    expect(ctx.svc.mentions(1203).length).toBeGreaterThan(0);
    const { status, body } = await reply(
      call(ctx.svc, 'project', { token, func: 'removeProject', project_id: 1203 }, { method }),
    );
    expect({ status, body }).toEqual({ status: 200, body: { success: true } });
    expect(ctx.svc.projects().map((p) => p.project_id)).not.toContain(1203);
    expect(ctx.svc.mentions(1203)).toEqual([]);
    const mentions = await reply(
      call(ctx.svc, 'mention', { token, func: 'getMentions', project_id: 1203 }),
    );
    expect(mentions.status).toBe(404);
    const again = await call(ctx.svc, 'project', {
      token,
      func: 'removeProject',
      project_id: 1203,
    });
    expect(again.status).toBe(404);
  });

  it('reads project_id from the query only', async () => {
    const res = await call(
      ctx.svc,
      'project',
      { token, func: 'removeProject' },
      { form: { project_id: '1203' } },
    );
    expect(res.status).toBe(400);
    expect(ctx.svc.projects()).toHaveLength(6);
  });

  it('answers PUT with 405', async () => {
    const res = await call(
      ctx.svc,
      'project',
      { token, func: 'removeProject', project_id: 1203 },
      { method: 'PUT' },
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });
});

describe('getProjectData', () => {
  interface Stats {
    project_id: number;
    total_mentions: number;
    mentions_last_24h: number;
    mentions_last_7d: number;
    sources: Record<string, number>;
    sentiment: { positive: number; neutral: number; negative: number };
    favorites: number;
    average_relevance_score: number;
    last_mention: string | null;
  }
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

  it('replies statistics that agree with the mentions', async () => {
    const { status, body } = await reply(
      call(ctx.svc, 'project', { token, func: 'getProjectData', project_id: 1201 }),
    );
    expect(status).toBe(200);
    const stats = body as Stats;
    const mentions = ctx.svc.mentions(1201);
    expect(stats).toMatchObject({ project_id: 1201, name: 'Acme', type: 'brandMonitoring' });
    expect(stats.total_mentions).toBe(mentions.length);
    expect(sum(stats.sources)).toBe(mentions.length);
    expect(Object.keys(stats.sources)).toEqual(SOURCES);
    expect(sum(stats.sentiment)).toBe(mentions.length);
    expect(stats.sentiment.negative).toBe(mentions.filter((m) => m.sentiment < 0).length);
    expect(stats.mentions_last_24h).toBeGreaterThan(0);
    expect(stats.mentions_last_24h).toBeLessThanOrEqual(stats.mentions_last_7d);
    expect(stats.mentions_last_7d).toBeLessThan(stats.total_mentions);
    expect(stats.last_mention).toBe(mentions[0].date_added);
    expect(stats.last_mention).toMatch(TIMESTAMP);
    expect(stats.average_relevance_score).toBeGreaterThan(0);
  });

  it('gives zeros and a null last_mention for a project without mentions', async () => {
    const { body } = await reply(
      call(ctx.svc, 'project', { token, func: 'getProjectData', project_id: 1206 }),
    );
    expect(body).toMatchObject({
      total_mentions: 0,
      mentions_last_24h: 0,
      sources: { reddit: 0, twitter: 0, blogs: 0 },
      sentiment: { positive: 0, neutral: 0, negative: 0 },
      last_mention: null,
    });
  });

  it('counts new mentions at once', async () => {
    ctx.svc.addMentions(1206, 3);
    const { body } = await reply(
      call(ctx.svc, 'project', { token, func: 'getProjectData', project_id: 1206 }),
    );
    expect(body).toMatchObject({ total_mentions: 3, mentions_last_24h: 3 });
  });
});

describe('the func parameter', () => {
  it.each([
    ['project', 'deleteEverything', 'func: unknown function "deleteEverything"'],
    ['project', 'getMentions', 'func: unknown function "getMentions"'],
    ['mention', 'listProjects', 'func: unknown function "listProjects"'],
    ['mention', 'removeMention', 'func: unknown function "removeMention"'],
    ['project', '', 'func: required'],
  ] as const)('%s.php with func=%j replies 400', async (script, func, message) => {
    expect(await reply(call(ctx.svc, script, { token, func, project_id: 1201 }))).toEqual({
      status: 400,
      type: 'application/json',
      body: { status: 'error', message },
    });
  });
});
