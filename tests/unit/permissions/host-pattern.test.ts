// The host permission pattern: one rule for the options page, the popup and the background.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hostPermissionPattern,
  originHost,
  requiredHostPattern,
} from '@/lib/permissions/host-pattern';

describe('hostPermissionPattern', () => {
  it.each([
    ['https://app.example.com', 'https://app.example.com/*'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1/*'],
    ['https://app.example.com:8443/api/', 'https://app.example.com/*'],
    ['http://localhost:3000', 'http://localhost/*'],
    ['ftp://files.example.com', undefined],
    ['', undefined],
    ['not a url', undefined],
  ])('%j → %j', (origin, pattern) => {
    expect(hostPermissionPattern(origin)).toBe(pattern);
  });

  it('a form asks by the same rule, and never for no origin', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'] }), (url) => {
        const origin = new URL(url).origin;
        expect(requiredHostPattern(origin)).toBe(hostPermissionPattern(origin));
      }),
    );
    expect(() => requiredHostPattern('ftp://x.test')).toThrow();
    expect(() => requiredHostPattern('')).toThrow();
  });
});

describe('originHost', () => {
  it('names the host as a person knows it, with its port', () => {
    expect(originHost('http://127.0.0.1:8787')).toBe('127.0.0.1:8787');
    expect(originHost('https://app.example.com')).toBe('app.example.com');
    expect(originHost('https://app.example.com/api/')).toBe('app.example.com');
  });

  it('gives back what is not an address as it is', () => {
    expect(originHost('nonsense')).toBe('nonsense');
    expect(originHost('')).toBe('');
  });
});
