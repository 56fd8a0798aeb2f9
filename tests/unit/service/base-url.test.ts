import { describe, expect, it } from 'vitest';
import { normalizeServiceUrl } from '@/lib/service/base-url';

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
