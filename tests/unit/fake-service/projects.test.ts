// The fake service's project reads: listProjects, getProject and getProjectData, and an unknown
// func. Adding, editing and removing projects: projects.writes.test.ts.

import { describe, expect, it } from 'vitest';
import type { FakeProject } from '../../fake-service/server';
import {
  call,
  CONTRACT_TYPE_FIELDS,
  reply,
  SOURCES,
  TIMESTAMP,
  useFakeServiceSession,
} from '../support/fake-service';

const ctx = useFakeServiceSession();

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
      call(ctx.svc, 'project', { token: ctx.token, func: 'listProjects' }),
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
    const { body } = await reply(
      call(ctx.svc, 'project', { token: ctx.token, func: 'listProjects' }),
    );
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
    const res = await fetch(`${ctx.svc.url}/api/project.php?token=${ctx.token}&func=listProjects`, {
      method: 'POST',
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('getProject', () => {
  it('replies one record object', async () => {
    const { status, body } = await reply(
      call(ctx.svc, 'project', { token: ctx.token, func: 'getProject', project_id: 1203 }),
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
    expect(
      await reply(call(ctx.svc, 'project', { token: ctx.token, func: 'getProject', ...query })),
    ).toEqual({
      status,
      type: 'application/json',
      body: { status: 'error', message },
    });
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
      call(ctx.svc, 'project', { token: ctx.token, func: 'getProjectData', project_id: 1201 }),
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
      call(ctx.svc, 'project', { token: ctx.token, func: 'getProjectData', project_id: 1206 }),
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
      call(ctx.svc, 'project', { token: ctx.token, func: 'getProjectData', project_id: 1206 }),
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
    expect(
      await reply(call(ctx.svc, script, { token: ctx.token, func, project_id: 1201 })),
    ).toEqual({
      status: 400,
      type: 'application/json',
      body: { status: 'error', message },
    });
  });
});
