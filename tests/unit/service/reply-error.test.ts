import { describe, expect, it } from 'vitest';
import { errorForFailure } from '../../../lib/service/failure';
import {
  classifyFailure,
  fieldOfMessage,
  isAuthMessage,
  messageOf,
  reportedError,
} from '../../../lib/service/reply-error';

describe('reportedError: failure shapes in a 2xx body', () => {
  it.each([
    [{ error: 'Invalid or expired token' }, 'Invalid or expired token'],
    [{ error: { message: 'Nope', code: 7 } }, 'Nope'],
    [{ error: true, message: 'Broken' }, 'Broken'],
    [{ status: 'error', message: 'name: required' }, 'name: required'],
    [{ status: 'fail', message: 'Try later' }, 'Try later'],
    [{ status: 'FAILED', msg: 'Odd casing' }, 'Odd casing'],
    [{ success: false, message: 'No such project' }, 'No such project'],
    [{ success: false, error: 'No such project' }, 'No such project'],
    [{ success: 'false' }, undefined],
    [{ errors: ['first problem', 'second'] }, 'first problem'],
    [{ errors: [{ message: 'deep' }] }, 'deep'],
  ])('%j reports %j', (body, message) => {
    expect(reportedError(body)).toEqual(message === undefined ? {} : { message });
  });

  it.each([
    [[{ error: 'x' }]],
    [{ success: true }],
    [{ status: 'ok' }],
    [{ status: 'active', name: 'a project' }],
    [{ error: null, data: [] }],
    [{ error: '', data: [] }],
    [{ error: false }],
    [{ errors: [] }],
    ['error'],
    [null],
    [42],
  ])('%j reports nothing', (body) => {
    expect(reportedError(body)).toBeUndefined();
  });
});

describe('classifyFailure', () => {
  it.each([
    [401, undefined, 'auth'],
    [403, 'Forbidden', 'auth'],
    [429, 'Too many requests', 'rate-limited'],
    [500, undefined, 'server'],
    [502, 'Bad gateway', 'server'],
    [503, undefined, 'server'],
    [400, 'name: must be 1 to 100 characters', 'invalid-input'],
    [422, 'Unprocessable', 'invalid-input'],
    [400, 'Invalid or expired token', 'auth'],
    [200, 'Session expired, please log in', 'auth'],
    [0, 'Invalid API key', 'auth'],
    [0, 'Unauthorized', 'auth'],
    [0, 'field: brand_name contains a forbidden keyword', 'invalid-input'],
    [0, 'token: belongs in the query string, not in the body', 'invalid-input'],
    [0, 'Project not found', 'server'],
    [0, undefined, 'server'],
    [404, 'Not found', 'server'],
    [408, undefined, 'timeout'],
  ] as const)('%d %j → %s', (status, message, kind) => {
    expect(classifyFailure(status, message)).toBe(kind);
  });

  it('does not read "author" as an auth message', () => {
    expect(isAuthMessage('author is missing')).toBe(false);
    expect(isAuthMessage('Authorization required')).toBe(true);
    expect(isAuthMessage('Not logged in')).toBe(true);
  });
});

describe('fieldOfMessage', () => {
  it.each([
    ['field: name must not be blank', 'name'],
    ['Field:brand_url too long', 'brand_url'],
    ['name: must be 1 to 100 characters (got 0)', 'name'],
    ['competitior_name: required', 'competitior_name'],
    ['email_notification: must be 1 or 0', 'email_notification'],
    ['project_id: unknown', 'project_id'],
    ['Error: something broke', undefined],
    ['Something: else', undefined],
    ['no field here', undefined],
    [undefined, undefined],
  ])('%j → %j', (message, field) => {
    expect(fieldOfMessage(message)).toBe(field);
  });
});

describe('errorForFailure', () => {
  it('leads with our words and quotes the service briefly', () => {
    const error = errorForFailure(400, 'name: must be 1 to 100 characters (got 0)');
    expect(error.kind).toBe('invalid-input');
    expect(error.status).toBe(400);
    expect(error.field).toBe('name');
    expect(error.message).toBe(
      'The service refused the request (HTTP 400). The service said: "name: must be 1 to 100 characters (got 0)"',
    );
  });

  it('says which secret was refused during login', () => {
    expect(errorForFailure(401, 'Invalid API key', { during: 'login' }).message).toMatch(
      /did not accept the API key/,
    );
    expect(errorForFailure(401, 'Invalid or expired token').message).toMatch(
      /did not accept the session/,
    );
  });

  it('never quotes HTML and keeps Retry-After', () => {
    const error = errorForFailure(503, '<html><body><h1>503</h1></body></html>', {
      retryAfterMs: 5000,
    });
    expect(error.message).toBe('The service had a problem (HTTP 503).');
    expect(error.retryAfterMs).toBe(5000);
  });

  it('a 2xx failure has no status', () => {
    const error = errorForFailure(0, 'Project not found');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(
      'The service reported an error. The service said: "Project not found"',
    );
  });

  it('scrubs secrets before shortening, so no part of one leaks', () => {
    const token = 'T'.repeat(30) + 'secretsecretsecret';
    const message = `${'x'.repeat(180)} ${token}`;
    const error = errorForFailure(0, message, { secrets: [token] });
    expect(error.message).not.toContain('TTTT');
    expect(error.message).not.toContain('secret');
  });
});

describe('messageOf: the words of an error-status reply', () => {
  it.each([
    [{ error: 'Invalid or expired token' }, 'Invalid or expired token'],
    [{ status: 'error', message: 'name: required' }, 'name: required'],
    [{ message: 'Not found' }, 'Not found'],
    [{ msg: 'Nope' }, 'Nope'],
    ['Plain words', 'Plain words'],
    [{ data: [] }, undefined],
    [[], undefined],
    [null, undefined],
  ])('%j → %j', (body, message) => {
    expect(messageOf(body)).toBe(message);
  });
});
