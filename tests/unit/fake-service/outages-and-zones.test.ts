// The fake's nastier side (issue 14): an outage whose words speak of sessions, a 403 on one
// project only, a server in another time zone, and a project whose reply holds its whole history.
import { describe, expect, it } from 'vitest';
import { startFakeService } from '../../fake-service/server';
import { call, login, postForm, useFakeService } from '../support/fake-service';

const ctx = useFakeService();

const mentionsOf = (token: string, projectId: number) =>
  call(ctx.svc, 'mention', { token, func: 'getMentions', project_id: projectId });

describe('unavailable', () => {
  it('answers 503 with words about the session, for login and every call, until switched off', async () => {
    const token = await login(ctx.svc);
    ctx.svc.setFault('unavailable', { count: 2 });
    const res = await call(ctx.svc, 'project', { token, func: 'listProjects' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: 'Session store unavailable, please log in again later',
    });
    const loginRes = await postForm(`${ctx.svc.url}/api/login.php`, { key: ctx.svc.apiKey });
    expect(loginRes.status).toBe(503);
    expect((await call(ctx.svc, 'project', { token, func: 'listProjects' })).status).toBe(200);
  });
});

describe('forbidden', () => {
  it('refuses one project only when scoped to it', async () => {
    const token = await login(ctx.svc);
    const [first, second] = ctx.svc.projects();
    ctx.svc.setFault('forbidden', { projectId: first.project_id });
    expect((await mentionsOf(token, first.project_id)).status).toBe(403);
    expect((await mentionsOf(token, first.project_id)).status).toBe(403);
    expect((await mentionsOf(token, second.project_id)).status).toBe(200);
    expect((await call(ctx.svc, 'project', { token, func: 'listProjects' })).status).toBe(200);
  });
});

describe('whole history in one reply', () => {
  it('returns thousands of records spaced back in time, newest first', async () => {
    const token = await login(ctx.svc);
    const project = ctx.svc.projects()[0];
    const before = ctx.svc.mentions(project.project_id).length;
    ctx.svc.addMentions(project.project_id, 3000, {}, { spacingMs: 60_000 });
    const res = await mentionsOf(token, project.project_id);
    const records = (await res.json()) as { date_added: string }[];
    expect(records).toHaveLength(before + 3000);
    const dates = records.map((r) => r.date_added);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('a server in another time zone', () => {
  const fixedNow = new Date('2026-11-25T12:00:00Z');

  it('writes its wall time at the given offset', async () => {
    const svc = await startFakeService({ now: () => fixedNow, utcOffsetMinutes: -300 });
    try {
      const [added] = svc.addMentions(svc.projects()[0].project_id, 1);
      expect(added.date_added).toBe('2026-11-25 07:00:00');
      svc.setUtcOffset(9 * 60 + 30);
      const [later] = svc.addMentions(svc.projects()[0].project_id, 1);
      expect(later.date_added).toBe('2026-11-25 21:30:00');
    } finally {
      await svc.close();
    }
  });

  it('moves zones over the control API', async () => {
    const svc = await startFakeService({ now: () => fixedNow, seedData: true });
    try {
      const res = await fetch(`${svc.url}/__control/clock`, {
        method: 'POST',
        body: JSON.stringify({ utcOffsetMinutes: 840 }),
      });
      expect(res.status).toBe(200);
      const [added] = svc.addMentions(svc.projects()[0].project_id, 1);
      expect(added.date_added).toBe('2026-11-26 02:00:00');
      const bad = await fetch(`${svc.url}/__control/clock`, {
        method: 'POST',
        body: JSON.stringify({ utcOffsetMinutes: 900 }),
      });
      expect(bad.status).toBeGreaterThanOrEqual(400);
    } finally {
      await svc.close();
    }
  });
});
