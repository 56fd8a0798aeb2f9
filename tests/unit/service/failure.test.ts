import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorForFailure, messageOf, reportedError } from '@/lib/service/failure';

// The failure's kind and field, as errorForFailure decides them.
const classifyFailure = (status: number, message?: string, during: 'login' | 'call' = 'call') =>
  errorForFailure(status, message, { during }).kind;
// A 400 is a validation error whenever its message names a field: the field it names.
const fieldOfMessage = (message?: string) => errorForFailure(400, message).field;

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

  // The status decides first (docs/service/notes.md, "Auth failures"). The third column is the kind
  // for a call, the fourth for the login.
  it.each([
    // An outage whose words speak of the session is an outage: for a call and for the login.
    [503, 'Session store unavailable, please log in again later', 'server', 'server'],
    [500, 'Invalid or expired token', 'server', 'server'],
    [502, 'Unauthorized', 'server', 'server'],
    [504, 'Invalid API key', 'server', 'server'],
    [599, 'Authentication failed', 'server', 'server'],
    [503, undefined, 'server', 'server'],
    // 401/403: the token on a call, the key on the login.
    [401, undefined, 'auth', 'key-rejected'],
    [403, 'Access to this project is denied', 'auth', 'key-rejected'],
    [403, 'Forbidden', 'auth', 'key-rejected'],
    // Words about the session in a 2xx or 4xx reply: the token on a call.
    [0, 'Session expired, please log in', 'auth', 'key-rejected'],
    [400, 'Invalid or expired token', 'auth', 'key-rejected'],
    [404, 'Session not found', 'auth', 'key-rejected'],
    // Any other failure of the login refuses the key; of a call, it is what its status says.
    [0, 'Project not found', 'server', 'key-rejected'],
    [0, undefined, 'server', 'key-rejected'],
    [404, 'Not found', 'server', 'key-rejected'],
    [400, 'key: must be 32 characters', 'invalid-input', 'key-rejected'],
    [422, undefined, 'invalid-input', 'key-rejected'],
    // Slow down, and out of time: passing, for the login too.
    [429, 'Too many requests', 'rate-limited', 'rate-limited'],
    [429, 'Invalid token', 'rate-limited', 'rate-limited'],
    [408, 'Session timed out', 'timeout', 'timeout'],
  ] as const)('%d %j → %s on a call, %s on the login', (status, message, onCall, onLogin) => {
    expect(classifyFailure(status, message, 'call')).toBe(onCall);
    expect(classifyFailure(status, message, 'login')).toBe(onLogin);
  });

  it('a call is "call" unless said otherwise', () => {
    expect(classifyFailure(403, 'Forbidden')).toBe('auth');
  });

  const messageArb = fc.option(
    fc.oneof(
      fc.string(),
      fc.constantFrom(
        'Session store unavailable, please log in again later',
        'Invalid or expired token',
        'Invalid API key',
        'Please log in',
        'Unauthorized',
        'field: token is required',
      ),
    ),
    { nil: undefined },
  );

  it('whatever its words, a 5xx is never an auth failure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 599 }),
        messageArb,
        fc.constantFrom('call' as const, 'login' as const),
        (status, message, during) => {
          expect(classifyFailure(status, message, during)).toBe('server');
        },
      ),
    );
  });

  it('only a login is ever key-rejected, and a login is never auth', () => {
    const statusArb = fc.oneof(fc.constant(0), fc.integer({ min: 400, max: 599 }));
    fc.assert(
      fc.property(statusArb, messageArb, (status, message) => {
        expect(classifyFailure(status, message, 'call')).not.toBe('key-rejected');
        expect(['key-rejected', 'server', 'rate-limited', 'timeout']).toContain(
          classifyFailure(status, message, 'login'),
        );
      }),
    );
  });

  it('does not read "author" as an auth message', () => {
    expect(classifyFailure(0, 'author is missing')).not.toBe('auth');
    expect(classifyFailure(0, 'Authorization required')).toBe('auth');
    expect(classifyFailure(0, 'Not logged in')).toBe('auth');
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

  it('says which secret was refused: the key on the login, the session on a call', () => {
    const login = errorForFailure(401, 'Invalid API key', { during: 'login' });
    expect(login.kind).toBe('key-rejected');
    expect(login.message).toMatch(/did not accept the API key/);
    const call = errorForFailure(401, 'Invalid or expired token');
    expect(call.kind).toBe('auth');
    expect(call.message).toMatch(/did not accept the session/);
  });

  it('a 503 with session words is an outage that keeps its Retry-After', () => {
    const words = 'Session store unavailable, please log in again later';
    for (const during of ['call', 'login'] as const) {
      const error = errorForFailure(503, words, { during, retryAfterMs: 20_000 });
      expect(error.kind).toBe('server');
      expect(error.status).toBe(503);
      expect(error.retryAfterMs).toBe(20_000);
      expect(error.message).toBe(
        `The service had a problem (HTTP 503). The service said: "${words}"`,
      );
    }
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
