// The connection form's rules: the service address reduced to its origin, the checks before
// anything is sent, and the connection errors in words.

import { describe, expect, it } from 'vitest';
import {
  normalizeServiceUrl,
  checkConnectionInput,
  describeConnectionError,
} from '@/lib/service/connection';

describe('normalizeServiceUrl', () => {
  it.each([
    ['https://app.example.com', 'https://app.example.com'],
    ['https://app.example.com/', 'https://app.example.com'],
    ['  https://app.example.com  ', 'https://app.example.com'],
    ['\thttps://app.example.com\n', 'https://app.example.com'],
    ['https://app.example.com/api/login.php', 'https://app.example.com'],
    ['https://app.example.com/api/', 'https://app.example.com'],
    ['https://app.example.com/api', 'https://app.example.com'],
    ['https://app.example.com/api/mention.php?token=x&func=getMentions', 'https://app.example.com'],
    ['https://app.example.com/dashboard#projects', 'https://app.example.com'],
    ['app.example.com', 'https://app.example.com'],
    ['app.example.com/api/login.php', 'https://app.example.com'],
    ['HTTPS://APP.Example.COM', 'https://app.example.com'],
    ['https://app.example.com:8443/api/', 'https://app.example.com:8443'],
    ['https://app.example.com:443', 'https://app.example.com'],
    ['http://localhost:8080/api/login.php', 'http://localhost:8080'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000/', 'http://[::1]:3000'],
    ['localhost:8080', 'https://localhost:8080'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('%j → %s', (input, origin) => {
    expect(normalizeServiceUrl(input)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', /enter the service address/i],
    ['   ', /enter the service address/i],
    ['http://app.example.com', /https/],
    ['http://192.168.1.10', /https/],
    ['http://localhost.example.com', /https/],
    ['ftp://app.example.com', /https/],
    ['javascript:alert(1)', /not a web address|https/i],
    ['file:///etc/passwd', /https/],
    ['https://user:pass@app.example.com', /user name and password/],
    ['https://user@app.example.com', /user name and password/],
    ['https://app example.com', /no spaces/],
    ['https://', /not a web address/],
    ['https://exa mple', /no spaces/],
  ])('%j is refused', (input, message) => {
    const result = normalizeServiceUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it.each([undefined, null, 42, {}, ['https://app.example.com']])(
    'non-text %j is refused',
    (input) => {
      expect(normalizeServiceUrl(input).ok).toBe(false);
    },
  );

  it('is idempotent on its own output', () => {
    const first = normalizeServiceUrl('app.example.com/api/login.php');
    expect(first.ok).toBe(true);
    if (first.ok) expect(normalizeServiceUrl(first.origin)).toEqual(first);
  });
});

// The connection checks before anything is sent, and the connection errors in words.

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
