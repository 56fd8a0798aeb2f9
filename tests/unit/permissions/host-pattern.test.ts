// The host permission pattern: one rule for the options page, the popup and the background.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostPermissionPattern } from '@/lib/permissions/host-pattern';
import { hostPermissionPattern as formPattern } from '@/lib/options/connection';
import { serviceOriginPattern } from '@/lib/popup/permission';

describe('hostPermissionPattern', () => {
  it.each([
    ['https://app.example.com', 'https://app.example.com/*'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1/*'],
    ['https://app.example.com:8443/api/', 'https://app.example.com/*'],
    ['ftp://files.example.com', undefined],
    ['', undefined],
    ['not a url', undefined],
  ])('%j → %j', (origin, pattern) => {
    expect(hostPermissionPattern(origin)).toBe(pattern);
    expect(serviceOriginPattern(origin)).toBe(pattern);
  });

  it('is the same rule on the options page (which never asks for no origin)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'] }), (url) => {
        const origin = new URL(url).origin;
        expect(formPattern(origin)).toBe(hostPermissionPattern(origin));
      }),
    );
    expect(() => formPattern('ftp://x.test')).toThrow();
  });
});
