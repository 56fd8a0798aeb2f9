// The connection checks before anything is sent, and the connection errors in words.
import { describe, expect, it } from 'vitest';
import { checkConnectionInput, describeConnectionError } from '@/lib/service/connection-input';

describe('the connection checks', () => {
  it.each([
    [
      'app.example.com/api/',
      ' key ',
      { ok: true, origin: 'https://app.example.com', apiKey: 'key' },
    ],
    ['http://127.0.0.1:8787', 'k', { ok: true, origin: 'http://127.0.0.1:8787', apiKey: 'k' }],
  ])('accepts %s', (url, key, expected) => {
    expect(checkConnectionInput(url, key)).toEqual(expected);
  });

  it.each([
    ['', 'k', ['serviceUrl']],
    ['http://example.com', 'k', ['serviceUrl']],
    ['https://app.example.com', '  ', ['apiKey']],
    ['ftp://x', '', ['apiKey', 'serviceUrl']],
  ])('refuses %j with key %j', (url, key, fields) => {
    const check = checkConnectionInput(url, key);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors).sort()).toEqual(fields);
  });

  it.each([
    [
      { kind: 'key-rejected', message: 'x' },
      'apiKey',
      'The service rejected this API key. Check it and try again.',
    ],
    [
      { kind: 'auth', message: 'x' },
      'apiKey',
      'The service rejected this API key. Check it and try again.',
    ],
    [{ kind: 'network', message: 'Offline.' }, undefined, 'Cannot reach the service: Offline.'],
    [{ kind: 'timeout', message: 'Too slow.' }, undefined, 'Cannot reach the service: Too slow.'],
    [{ kind: 'invalid-input', message: 'Bad URL.', field: 'serviceUrl' }, 'serviceUrl', 'Bad URL.'],
    [
      { kind: 'invalid-input', message: 'Odd.', field: 'other' },
      undefined,
      'Could not connect: Odd.',
    ],
    [{ kind: 'server', message: 'Broken.' }, undefined, 'Could not connect: Broken.'],
  ])('says %j in words', (error, field, message) => {
    expect(describeConnectionError(error)).toEqual(field ? { field, message } : { message });
  });
});
