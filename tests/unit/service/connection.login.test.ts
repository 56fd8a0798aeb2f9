import { describe, expect, it } from 'vitest';
import { isServiceError, type ServiceError } from '@/lib/service/errors';
import { decodeLoginReply, isUsableToken } from '@/lib/service/connection';

const TOKEN = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z';

function failure(body: string, secrets: string[] = []): ServiceError {
  try {
    decodeLoginReply(body, secrets);
  } catch (error) {
    if (isServiceError(error)) return error;
    throw error;
  }
  throw new Error(`decoded ${JSON.stringify(body)} without an error`);
}

describe('decodeLoginReply: accepted variants', () => {
  it.each([
    ['{"token":"T"}'],
    ['{"session_token":"T"}'],
    ['{"access_token":"T"}'],
    ['{"data":{"token":"T"}}'],
    ['{"result":{"session_token":"T"}}'],
    ['{"data":{"access_token":"T"}}'],
    ['{"success":true,"token":"T","expires":3600}'],
    ['{"status":"ok","data":{"token":"T"}}'],
    ['"T"'],
    ['T'],
    ['  T\n'],
    ['\uFEFF{"token":"T"}'],
  ])('%s', (template) => {
    expect(decodeLoginReply(template.replace('T', TOKEN))).toBe(TOKEN);
  });

  it('reads a numeric token (the contract lists token as int) as its digits', () => {
    expect(decodeLoginReply('{"token":123456789}')).toBe('123456789');
    expect(decodeLoginReply('123456789')).toBe('123456789');
    expect(decodeLoginReply('"42"')).toBe('42');
  });

  it('prefers token over the other names', () => {
    expect(decodeLoginReply('{"token":"first","access_token":"second"}')).toBe('first');
  });
});

describe('decodeLoginReply: refused variants', () => {
  it.each([
    ['', /unexpected login reply \(empty\)/i],
    ['{}', /unexpected login reply: "\{\}"/i],
    ['{"token":""}', /unexpected login reply/i],
    ['{"token":"two words"}', /unexpected login reply/i],
    ['{"token":null}', /unexpected login reply/i],
    ['{"token":{"value":"x"}}', /unexpected login reply/i],
    ['{"data":"x"}', /unexpected login reply/i],
    ['[]', /unexpected login reply/i],
    ['null', /unexpected login reply/i],
    ['true', /unexpected login reply/i],
    ['1', /unexpected login reply: "1"/i],
    ['""', /unexpected login reply/i],
    ['"has a space"', /unexpected login reply/i],
    ['Login failed, try again', /unexpected login reply: "Login failed, try again"/i],
    ['OK', /unexpected login reply: "OK"/i],
    ['success', /unexpected login reply: "success"/i],
    ['tok&en=1234567', /unexpected login reply/i],
    ['{"token":"abc"', /unexpected login reply/i],
  ])('%j → bad-reply', (body, message) => {
    const error = failure(body);
    expect(error.kind).toBe('bad-reply');
    expect(error.message).toMatch(message);
  });

  it('never shows HTML', () => {
    const error = failure('<!DOCTYPE html><html><body><h1>Login</h1><form></form></body></html>');
    expect(error.kind).toBe('bad-reply');
    expect(error.message).toBe('Unexpected login reply: the service sent a web page.');
    expect(error.message).not.toMatch(/</);
  });

  it('quotes at most 200 characters of an unexpected reply', () => {
    const error = failure(`Nope ${'x'.repeat(1000)}`);
    const quoted = error.message.match(/"(.*)"/)?.[1] ?? '';
    expect(quoted.length).toBeLessThanOrEqual(200);
    expect(quoted.startsWith('Nope x')).toBe(true);
  });

  it('turns a reported failure into key-rejected: a refused login is the key refused', () => {
    for (const body of [
      '{"error":"Invalid API key"}',
      '{"status":"error","message":"Invalid API key"}',
      '{"success":false,"message":"Authentication failed"}',
      // Words or none, any failure the login reports refuses the key (only a status says otherwise).
      '{"success":false}',
      '{"error":"Account suspended"}',
    ]) {
      const error = failure(body);
      expect(error.kind).toBe('key-rejected');
      expect(error.message).toMatch(/did not accept the API key/);
    }
  });

  it('scrubs the API key when the reply echoes it', () => {
    const key = 'sk_live_0123456789abcdef';
    const error = failure(`{"error":"Invalid API key ${key}"}`, [key]);
    expect(error.message).not.toContain(key);
    expect(error.message).toContain('[redacted]');
    const bad = failure(`Unknown key ${key} for this account`, [key]);
    expect(bad.message).not.toContain(key);
  });
});

describe('isUsableToken', () => {
  it.each([
    ['abc', true],
    [TOKEN, true],
    ['a.b-c_d~e+f/g=', true],
    ['', false],
    ['a b', false],
    ['a\tb', false],
    ['a\u0000b', false],
    ['x'.repeat(5000), false],
    [42, false],
    [undefined, false],
  ])('%j → %s', (value, usable) => {
    expect(isUsableToken(value)).toBe(usable);
  });
});

describe('decodeLoginReply: a token in an unreadable reply is masked', () => {
  it.each([
    ['{"token":"abcdefghijklmnop', '{"token":"[redacted]'],
    [
      '{"data":{"session_token":"abcdefghijkl","x":1',
      '{"data":{"session_token":"[redacted]","x":1',
    ],
    ['token=abcdefghijklmnop&ok=1', 'token=[redacted]&ok=1'],
  ])('%s', (body, quoted) => {
    const error = failure(body);
    expect(error.kind).toBe('bad-reply');
    expect(error.message).toBe(`Unexpected login reply: "${quoted}"`);
  });
});
