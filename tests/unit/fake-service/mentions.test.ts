import { beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeMention } from '../../fake-service/server';
import { formatServiceTime } from '../../fake-service/time';
import {
  call,
  login,
  MENTION_FIELDS,
  reply,
  sleep,
  SOURCES,
  TIMESTAMP,
  useFakeService,
} from '../support/fake-service';

const ctx = useFakeService();
let token = '';
beforeEach(async () => {
  token = await login(ctx.svc);
});

const getMentions = (projectId: number | string, extra: Record<string, string> = {}) =>
  reply(call(ctx.svc, 'mention', { token, func: 'getMentions', project_id: projectId, ...extra }));

const allMentions = (): FakeMention[] =>
  ctx.svc.projects().flatMap((p) => ctx.svc.mentions(p.project_id));

describe('getMentions', () => {
  it('replies a bare JSON array of records with every contract field', async () => {
    const { status, type, body } = await getMentions(1201);
    expect(status).toBe(200);
    expect(type).toBe('application/json');
    expect(Array.isArray(body)).toBe(true);
    expect(body).toEqual(ctx.svc.mentions(1201));
    for (const mention of body as FakeMention[]) {
      expect(Object.keys(mention)).toEqual(MENTION_FIELDS);
      expect(mention.project_id).toBe(1201);
      expect(mention.type).toBe('brandMonitoring');
      expect(Number.isInteger(mention.id)).toBe(true);
      expect(SOURCES).toContain(mention.source);
      expect([-1, 0, 1]).toContain(mention.sentiment);
      expect(mention.created).toMatch(TIMESTAMP);
      expect(mention.date_added).toMatch(TIMESTAMP);
      expect(mention.created <= mention.date_added).toBe(true);
      expect(['http:', 'https:']).toContain(new URL(mention.url).protocol);
      expect(mention.text_summary === null || typeof mention.text_summary === 'string').toBe(true);
      if (mention.source === 'reddit') expect(['post', 'comment']).toContain(mention.reddit_type);
      else expect(mention.reddit_type).toBe('');
      for (const field of ['relevance_score', 'status', 'favorites'] as const) {
        expect(Number.isInteger(mention[field])).toBe(true);
      }
    }
  });

  it('sends the newest first, by date_added then id', async () => {
    const { body } = await getMentions(1201);
    const keys = (body as FakeMention[]).map((m) => `${m.date_added}#${m.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('ignores limit, sort and order, which the contract does not have', async () => {
    const { body } = await getMentions(1201, { limit: '2', sort: 'date', order: 'ASC' });
    expect(body).toEqual(ctx.svc.mentions(1201));
  });

  it('replies [] for a project without mentions', async () => {
    expect(await getMentions(1206)).toMatchObject({ status: 200, body: [] });
  });

  it.each([
    ['', 400, 'project_id: required'],
    ['x1', 400, 'project_id: must be a positive integer, not "x1"'],
    [77, 404, 'project_id: no project 77 in this account'],
  ])('with project_id %j replies %i', async (projectId, status, message) => {
    expect(await getMentions(projectId)).toEqual({
      status,
      type: 'application/json',
      body: { status: 'error', message },
    });
  });

  it('answers POST with 405', async () => {
    const res = await call(
      ctx.svc,
      'mention',
      { token, func: 'getMentions', project_id: 1201 },
      { method: 'POST' },
    );
    expect(res.status).toBe(405);
  });
});

describe('seed data', () => {
  it('has about fifty mentions that look real', () => {
    const mentions = allMentions();
    expect(mentions.length).toBe(50);
    expect(new Set(mentions.map((m) => m.source))).toEqual(new Set(SOURCES));
    expect(new Set(mentions.map((m) => m.sentiment))).toEqual(new Set([-1, 0, 1]));
    expect(new Set(mentions.map((m) => m.title)).size).toBe(mentions.length);
    expect(new Set(mentions.map((m) => m.id)).size).toBe(mentions.length);
    expect(new Set(mentions.map((m) => m.author)).size).toBeGreaterThan(15);
    expect(mentions.filter((m) => m.text_summary === null).length).toBeGreaterThan(0);
    expect(mentions.filter((m) => m.snippet === '').length).toBeGreaterThan(0);
    const reddit = mentions.filter((m) => m.source === 'reddit');
    expect(new Set(reddit.map((m) => m.reddit_type))).toEqual(new Set(['post', 'comment']));
    expect(mentions.some((m) => new URL(m.url).hostname.endsWith('acme.test'))).toBe(true);
    expect(mentions.some((m) => m.product_description !== '')).toBe(true);
  });

  it('spreads timestamps from the last hours to older than a week', () => {
    const now = Date.now();
    const ages = allMentions().map((m) => now - new Date(m.date_added.replace(' ', 'T')).getTime());
    const hour = 3_600_000;
    expect(ages.every((age) => age >= 0 && age < 41 * 24 * hour)).toBe(true);
    expect(ages.filter((age) => age < 24 * hour).length).toBeGreaterThanOrEqual(15);
    expect(ages.filter((age) => age > 7 * 24 * hour).length).toBeGreaterThanOrEqual(5);
  });

  it('is the same for the same seed and now, and different for another seed', async () => {
    const now = () => new Date('2025-03-14T12:00:00');
    const services = await Promise.all([
      startFakeService({ seed: 7, now }),
      startFakeService({ seed: 7, now }),
      startFakeService({ seed: 8, now }),
    ]);
    try {
      const [a, b, c] = services.map((svc) =>
        svc.projects().flatMap((p) => svc.mentions(p.project_id)),
      );
      expect(a).toEqual(b);
      expect(c).not.toEqual(a);
      // Timestamps are relative to the given now.
      expect(a.every((m) => m.date_added <= '2025-03-14 12:00:00')).toBe(true);
      expect(a.some((m) => m.date_added.startsWith('2025-03-14'))).toBe(true);
    } finally {
      await Promise.all(services.map((svc) => svc.close()));
    }
  });

  it('can be left out', async () => {
    const svc = await startFakeService({ seedData: false });
    try {
      expect(svc.projects()).toEqual([]);
      expect(await login(svc)).toMatch(/^[A-Za-z0-9]+$/);
    } finally {
      await svc.close();
    }
  });
});

describe('addMentions', () => {
  it('adds new mentions found now, which getMentions sends first', async () => {
    const before = allMentions();
    const added = ctx.svc.addMentions(1204, 3);
    expect(added).toHaveLength(3);
    const maxId = Math.max(...before.map((m) => m.id));
    expect(added.map((m) => m.id)).toEqual([maxId + 1, maxId + 2, maxId + 3]);
    for (const mention of added) {
      expect(Object.keys(mention)).toEqual(MENTION_FIELDS);
      expect(mention).toMatchObject({ project_id: 1204, type: 'topicMonitoring' });
      expect(Date.now() - new Date(mention.date_added.replace(' ', 'T')).getTime()).toBeLessThan(
        10_000,
      );
    }
    const { body } = await getMentions(1204);
    expect((body as FakeMention[]).slice(0, 3).map((m) => m.id)).toEqual(
      added.map((m) => m.id).reverse(),
    );
    expect(body).toHaveLength(13);
  });

  it('uses the service clock', async () => {
    const fixed = new Date('2024-06-01T08:30:00');
    const svc = await startFakeService({ now: () => fixed, seedData: false });
    try {
      const token2 = await login(svc);
      const res = await reply(
        fetch(`${svc.url}/api/project.php?token=${token2}&func=addProject`, {
          method: 'POST',
          body: new URLSearchParams({
            name: 'P',
            type: 'startup',
            language: 'all',
            source: 'blogs',
            location: 'all',
            email_notification: '0',
            browser_notification: '0',
          }),
        }),
      );
      const id = (res.body as { project_id: number }).project_id;
      const [mention] = svc.addMentions(id, 1);
      expect(mention.date_added).toBe(formatServiceTime(fixed));
      expect(mention.source).toBe('blogs');
    } finally {
      await svc.close();
    }
  });

  it('takes exact field values a test needs, never the id or the project', async () => {
    const overrides = { title: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)' };
    const [added] = ctx.svc.addMentions(1204, 1, {
      ...overrides,
      ...({ id: 1, project_id: 1201 } as object),
    });
    expect(added).toMatchObject({ ...overrides, project_id: 1204 });
    expect(added.id).not.toBe(1);
    const { body } = await getMentions(1204);
    expect((body as FakeMention[])[0]).toMatchObject({ id: added.id, ...overrides });
  });

  it('refuses an unknown project', () => {
    expect(() => ctx.svc.addMentions(999, 1)).toThrow(/No project 999/);
  });
});

describe('demo mode', () => {
  it('adds mentions on a schedule', async () => {
    const svc = await startFakeService({ demoEveryMs: 40 });
    try {
      const count = () => svc.projects().flatMap((p) => svc.mentions(p.project_id)).length;
      expect(count()).toBe(50);
      await sleep(250);
      expect(count()).toBeGreaterThan(52);
    } finally {
      await svc.close();
    }
  });
});
