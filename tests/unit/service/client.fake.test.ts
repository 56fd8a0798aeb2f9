// The client against the fake service over real HTTP: request shapes as the fake logs them for
// login and getMentions, and every reply variant of getMentions. Projects:
// client.fake-projects.test.ts; faults: client.fake-faults.test.ts.

import { describe, expect, it } from 'vitest';
import { expectClean, expectKind, getMentions } from '../support/service-client';
import {
  FORM,
  client,
  fake,
  projectId,
  secrets,
  token,
  useClientOnFake,
} from '../support/client-on-fake';

useClientOnFake();

describe('login', () => {
  it('POSTs the key form-encoded to /api/login.php and returns the token', async () => {
    fake.clearLog();
    const fresh = await client.login(fake.apiKey);
    expect(fresh).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(fake.log).toHaveLength(1);
    const [entry] = fake.log;
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/login.php',
      func: 'login',
      query: {},
      body: { key: fake.apiKey },
      contentType: FORM,
      status: 200,
    });
    expect(entry.rawBody).toBe(`key=${fake.apiKey}`);
    expect(entry.headers.cookie).toBeUndefined();
    expect(entry.headers.referer).toBeUndefined();
  });

  it('trims a pasted key', async () => {
    await expect(client.login(`  ${fake.apiKey}\n`)).resolves.toMatch(/^\w+$/);
    expect(fake.log.at(-1)?.body).toEqual({ key: fake.apiKey });
  });

  it('a wrong key is key-rejected, and the key is not in the message', async () => {
    const error = await expectKind(client.login('wrong-key-123456'), 'key-rejected');
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/did not accept the API key/);
    expectClean(error, ['wrong-key-123456']);
  });

  it('a key refused by the rejectToken fault is key-rejected', async () => {
    fake.setFault('rejectToken', { func: 'login', count: 1 });
    const error = await expectKind(client.login(fake.apiKey), 'key-rejected');
    expectClean(error, secrets());
  });

  it('a key error sent as HTTP 200 (errorAs200) is still key-rejected', async () => {
    fake.setFault('errorAs200', { count: 1 });
    const error = await expectKind(client.login('nope-nope-nope'), 'key-rejected');
    expect(error.status).toBeUndefined();
  });
});

describe('getMentions', () => {
  it('GETs mention.php with token, func and project_id in the query; decodes every record', async () => {
    const result = await getMentions(client, token, projectId);
    expect(fake.log).toHaveLength(1);
    expect(fake.log[0]).toMatchObject({
      method: 'GET',
      path: '/api/mention.php',
      func: 'getMentions',
      query: { token, func: 'getMentions', project_id: String(projectId) },
      body: null,
      rawBody: '',
      status: 200,
    });
    expect(fake.log[0].rawQuery).toBe(`token=${token}&func=getMentions&project_id=${projectId}`);
    expect(result.skipped).toBe(0);
    expect(result.mentions.length).toBeGreaterThan(0);
    expect(result.mentions).toEqual(fake.mentions(projectId));
  });

  it('sees mentions the service found since', async () => {
    const before = (await getMentions(client, token, projectId)).mentions.length;
    const added = fake.addMentions(projectId, 3);
    const after = await getMentions(client, token, projectId);
    expect(after.mentions).toHaveLength(before + 3);
    expect(after.mentions).toEqual(expect.arrayContaining(added));
  });

  it('numbersAsStrings: the same mentions, numbers restored', async () => {
    fake.setFault('numbersAsStrings', { func: 'getMentions' });
    const result = await getMentions(client, token, projectId);
    expect(fake.log[0].faults).toEqual(['numbersAsStrings']);
    expect(result).toEqual({ mentions: fake.mentions(projectId), skipped: 0 });
  });

  it('wrapped: the same mentions', async () => {
    fake.setFault('wrapped', { func: 'getMentions' });
    const result = await getMentions(client, token, projectId);
    expect(fake.log[0].faults).toEqual(['wrapped']);
    expect(result).toEqual({ mentions: fake.mentions(projectId), skipped: 0 });
  });

  it('wrapped and numbersAsStrings together', async () => {
    fake.setFault('wrapped');
    fake.setFault('numbersAsStrings');
    const result = await getMentions(client, token, projectId);
    expect(result).toEqual({ mentions: fake.mentions(projectId), skipped: 0 });
  });

  it('badRecords: the good records kept, the bad ones skipped and counted', async () => {
    fake.setFault('badRecords', { count: 1 });
    const result = await getMentions(client, token, projectId);
    expect(fake.log[0].faults).toEqual(['badRecords']);
    expect(result).toEqual({ mentions: fake.mentions(projectId), skipped: 3 });
  });

  it('an unknown project is invalid-input naming project_id', async () => {
    const error = await expectKind(getMentions(client, token, 999_999), 'invalid-input');
    expect(error.status).toBe(404);
    expect(error.field).toBe('project_id');
    expectClean(error, secrets());
  });
});
