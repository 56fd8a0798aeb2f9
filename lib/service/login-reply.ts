// The login reply is not in the contract; a public client shows `{"token":"..."}`. By policy
// (service-notes.md) we also accept the token under session_token/access_token, the same under
// data/result, a JSON string, or a bare text token. Anything else is "unexpected login reply".

import { lazySchema, z } from '@/lib/zod';
import { t } from '@/lib/i18n';
import { isRecord } from '@/lib/service/envelope';
import { ServiceError } from '@/lib/service/errors';
import { errorForFailure } from '@/lib/service/failure';
import { reportedError } from '@/lib/service/reply-error';
import { looksLikeHtml, quoteRemoteText } from '@/lib/service/safe-text';

const TOKEN_KEYS = ['token', 'session_token', 'access_token'] as const;
const WRAPPER_KEYS = ['data', 'result'] as const;
const TOKEN_MAX_CHARS = 4096;

/** Opaque, but sent in a query string: non-empty, no whitespace or control characters, bounded. */
const usableToken = lazySchema(() =>
  // eslint-disable-next-line no-control-regex
  z.string().check(z.maxLength(TOKEN_MAX_CHARS), z.regex(/^[^\s\u0000-\u001f\u007f]+$/)),
);

export function isUsableToken(value: unknown): value is string {
  return usableToken().safeParse(value).success;
}

// A bare text reply is taken as a token only if it could not be anything else: at least 8
// characters of the URL- and base64-safe alphabet tokens are made of (so no HTML, no JSON
// fragment, no sentence, no "token=..." form reply, no "OK").
const BARE_TOKEN = /^[A-Za-z0-9._~+/=-]{8,}$/;

/** A token as a reply gives it: text, or (the contract lists the parameter as int) a number. */
const tokenValue = lazySchema(() =>
  z.union([
    z.string(),
    z.pipe(
      z.int().check(z.nonnegative()),
      z.transform((digits: number) => String(digits)),
    ),
  ]),
);

/** The token's text (a number as its digits), or undefined for what cannot be one. */
const tokenText = (value: unknown): string | undefined => tokenValue().safeParse(value).data;

function tokenIn(body: Record<string, unknown>): unknown {
  for (const key of TOKEN_KEYS) if (key in body) return tokenText(body[key]);
  for (const wrapper of WRAPPER_KEYS) {
    const inner = body[wrapper];
    if (isRecord(inner)) {
      for (const key of TOKEN_KEYS) if (key in inner) return tokenText(inner[key]);
    }
  }
  return undefined;
}

// A reply we cannot read may still hold a token (cut short, or under a name we do not know the
// shape of): whatever follows a token-like name is masked before the reply is quoted.
const TOKEN_VALUE = /((?:session_|access_)?token"?\s*[:=]\s*"?)[^"\s,;&}]*/gi;

function unexpected(text: string, secrets: readonly (string | undefined)[]): ServiceError {
  if (looksLikeHtml(text)) {
    return new ServiceError('bad-reply', t('errorLoginWebPage'));
  }
  const quote = quoteRemoteText(text.replace(TOKEN_VALUE, '$1[redacted]'), secrets);
  return new ServiceError(
    'bad-reply',
    quote === undefined ? t('errorLoginEmpty') : t('errorLoginQuoted', quote),
  );
}

/**
 * The session token in a 2xx login reply body, or a ServiceError: the failure the reply reports
 * (`{"error":"Invalid API key"}` with HTTP 200 refuses the key: 'key-rejected'), or 'bad-reply'.
 */
export function decodeLoginReply(
  text: string,
  secrets: readonly (string | undefined)[] = [],
): string {
  const trimmed = text.trim();
  let body: unknown;
  let isJson = true;
  try {
    body = JSON.parse(trimmed);
  } catch {
    isJson = false;
  }

  if (!isJson) {
    if (BARE_TOKEN.test(trimmed) && isUsableToken(trimmed)) {
      return trimmed;
    }
    throw unexpected(text, secrets);
  }

  const reported = reportedError(body);
  if (reported) throw errorForFailure(0, reported.message, { secrets, during: 'login' });

  let candidate: unknown = tokenText(body);
  if (isRecord(body)) {
    candidate = tokenIn(body);
  } else if (typeof body === 'number' && String(body).length < 8) {
    // Too short to be a token: PHP's `1`/`0` for true/false.
    candidate = undefined;
  }
  if (isUsableToken(candidate)) return candidate;
  throw unexpected(text, secrets);
}
