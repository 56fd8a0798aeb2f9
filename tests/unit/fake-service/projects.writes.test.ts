// The fake service's project writes: addProject, editProject and removeProject, their replies and
// what they leave in the service's state.

import { describe, expect, it } from 'vitest';
import {
  call,
  CONTRACT_TYPE_FIELDS,
  projectForm,
  reply,
  useFakeServiceSession,
} from '../support/fake-service';

const ctx = useFakeServiceSession();

describe('addProject', () => {
  it('creates a project and replies {"success":true,"project_id":N}', async () => {
    const form = projectForm({ brand_name: 'Initech\nInitrode', brand_excluded_keywords: '' });
    const { status, body } = await reply(
      call(ctx.svc, 'project', { token: ctx.token, func: 'addProject' }, { form }),
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
      (
        await reply(
          call(ctx.svc, 'project', { token: ctx.token, func: 'getProject', project_id: 1207 }),
        )
      ).body,
    ).toEqual(expected);
    expect(ctx.svc.projects().at(-1)).toEqual(expected);
    expect(ctx.svc.mentions(1207)).toEqual([]);
  });

  it('hands out increasing ids', async () => {
    const ids: number[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const { body } = await reply(
        call(
          ctx.svc,
          'project',
          { token: ctx.token, func: 'addProject' },
          { form: projectForm({ name }) },
        ),
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
        call(ctx.svc, 'project', { token: ctx.token, func: 'addProject' }, { form }),
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
    const res = await call(ctx.svc, 'project', {
      token: ctx.token,
      func: 'addProject',
      ...projectForm(),
    });
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
      call(
        ctx.svc,
        'project',
        { token: ctx.token, func: 'editProject', project_id: 1201 },
        { form },
      ),
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
    await call(
      ctx.svc,
      'project',
      { token: ctx.token, func: 'editProject', project_id: 1201 },
      { form },
    );
    const project = ctx.svc.projects()[0];
    expect(project.type).toBe('topicMonitoring');
    expect(project.topic_keywords).toBe('x');
    expect(project).not.toHaveProperty('brand_url');
  });

  it('needs the project_id in the query string', async () => {
    const missing = await reply(
      call(ctx.svc, 'project', { token: ctx.token, func: 'editProject' }, { form: projectForm() }),
    );
    expect(missing).toMatchObject({ status: 400, body: { message: 'project_id: required' } });
    const inBody = await reply(
      call(
        ctx.svc,
        'project',
        { token: ctx.token, func: 'editProject', project_id: 1201 },
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
      { token: ctx.token, func: 'editProject', project_id: 4242 },
      { form: projectForm() },
    );
    expect(res.status).toBe(404);
  });

  it('keeps the record unchanged when the body is invalid', async () => {
    const before = ctx.svc.projects()[0];
    const res = await call(
      ctx.svc,
      'project',
      { token: ctx.token, func: 'editProject', project_id: 1201 },
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
      call(
        ctx.svc,
        'project',
        { token: ctx.token, func: 'removeProject', project_id: 1203 },
        { method },
      ),
    );
    expect({ status, body }).toEqual({ status: 200, body: { success: true } });
    expect(ctx.svc.projects().map((p) => p.project_id)).not.toContain(1203);
    expect(ctx.svc.mentions(1203)).toEqual([]);
    const mentions = await reply(
      call(ctx.svc, 'mention', { token: ctx.token, func: 'getMentions', project_id: 1203 }),
    );
    expect(mentions.status).toBe(404);
    const again = await call(ctx.svc, 'project', {
      token: ctx.token,
      func: 'removeProject',
      project_id: 1203,
    });
    expect(again.status).toBe(404);
  });

  it('reads project_id from the query only', async () => {
    const res = await call(
      ctx.svc,
      'project',
      { token: ctx.token, func: 'removeProject' },
      { form: { project_id: '1203' } },
    );
    expect(res.status).toBe(400);
    expect(ctx.svc.projects()).toHaveLength(6);
  });

  it('answers PUT with 405', async () => {
    const res = await call(
      ctx.svc,
      'project',
      { token: ctx.token, func: 'removeProject', project_id: 1203 },
      { method: 'PUT' },
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });
});
