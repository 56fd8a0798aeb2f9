import { describe, expect, it } from 'vitest';
import {
  isServiceError,
  ServiceError,
  looksLikeHtml,
  quoteRemoteText,
  scrubSecrets,
} from '@/lib/service/errors';

describe('ServiceError', () => {
  it('carries kind, message and details, and is an Error', () => {
    const error = new ServiceError('rate-limited', 'Slow down.', {
      status: 429,
      retryAfterMs: 30_000,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ServiceError');
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toBe('Slow down.');
    expect({ ...error }).toEqual({
      name: 'ServiceError',
      kind: 'rate-limited',
      status: 429,
      retryAfterMs: 30_000,
    });
  });

  it('isServiceError checks the class and, if given, the kind', () => {
    const error = new ServiceError('auth', 'No.');
    expect(isServiceError(error)).toBe(true);
    expect(isServiceError(error, 'auth')).toBe(true);
    expect(isServiceError(error, 'network')).toBe(false);
    expect(isServiceError(new Error('auth'))).toBe(false);
    expect(isServiceError({ kind: 'auth', message: 'x' })).toBe(false);
    expect(isServiceError(new ServiceError('invalid-input', 'No.'), 'invalid-input')).toBe(true);
  });

  it('never carries HTML, secrets or overlong text in its message', () => {
    expect(new ServiceError('server', 'Oops <b>bold</b>').message).not.toMatch(/</);
    const key = 'key_0123456789';
    expect(new ServiceError('auth', `bad ${key}`, { secrets: [key] }).message).toBe(
      'bad [redacted]',
    );
    expect(new ServiceError('server', 'x'.repeat(1000)).message.length).toBeLessThanOrEqual(400);
    expect(new ServiceError('server', '').message).not.toBe('');
  });

  it('withoutSecrets scrubs an existing error and keeps its details', () => {
    const error = new ServiceError('invalid-input', 'token abc123 refused', {
      status: 400,
      field: 'name',
    });
    const clean = error.withoutSecrets(['abc123']);
    expect(clean.message).toBe('token [redacted] refused');
    expect({ ...clean }).toEqual({ ...error });
    expect([clean.kind, clean.status, clean.field]).toEqual(['invalid-input', 400, 'name']);
    expect(error.withoutSecrets(['zzz'])).toBe(error);
  });
});

describe('safe text', () => {
  it.each([
    ['<!DOCTYPE html>', true],
    ['<html>', true],
    ['<br />\n<b>Warning</b>: x in /var/www/api.php', true],
    ['<?php echo 1; ?>', true],
    ['a < b and c > d', false],
    ['Invalid token', false],
  ])('looksLikeHtml(%j) = %s', (text, html) => {
    expect(looksLikeHtml(text)).toBe(html);
  });

  it('quotes one tidy line of at most 200 characters', () => {
    expect(quoteRemoteText('  two\n\tlines\u0000 ')).toBe('two lines');
    const long = quoteRemoteText('y'.repeat(500));
    expect(long).toHaveLength(200);
    expect(long?.endsWith('…')).toBe(true);
    expect(quoteRemoteText('<p>hi</p>')).toBeUndefined();
    expect(quoteRemoteText('   ')).toBeUndefined();
    expect(quoteRemoteText(42)).toBeUndefined();
  });

  it('scrubs secrets in plain and encoded forms', () => {
    const secret = 'a b/c+d&e"f';
    const text = `plain ${secret} url ${encodeURIComponent(secret)} form ${new URLSearchParams({ s: secret }).toString().slice(2)} json ${JSON.stringify(secret)}`;
    const scrubbed = scrubSecrets(text, [secret, undefined, '']);
    expect(scrubbed).not.toContain(secret);
    expect(scrubbed).not.toContain(encodeURIComponent(secret));
    expect(scrubbed).not.toContain('a+b');
    expect(scrubbed.match(/\[redacted\]/g)).toHaveLength(4);
  });
});

describe('safe text: cut-off markup', () => {
  it.each([['<?'], ['<b'], ['x </p'], ['<!-- c'], ['{"a":"<div']])('%j counts as HTML', (text) => {
    expect(looksLikeHtml(text)).toBe(true);
    expect(quoteRemoteText(text)).toBeUndefined();
  });
});
