// The connection to the service: the address a person enters, the API key and its fingerprint, the
// login reply that gives a session token, and the rule for logging in again when a token is
// refused. The connection form's checks and words live here too.

import { t, type MessageKey } from '@/lib/i18n';
import type { CommandError } from '@/lib/messaging/protocol';
import { lazySchema, z } from '@/lib/zod';
import { isRecord } from '@/lib/service/values';
import { ServiceError, isServiceError, looksLikeHtml, quoteRemoteText } from '@/lib/service/errors';
import { errorForFailure, reportedError } from '@/lib/service/failure';

// The service address a person types or pastes, reduced to the origin every API path hangs off
// ("{base_url}" is the service's origin: docs/service/notes.md, "Known"). The token travels in
// query strings, so plain http is refused except on this machine, where nothing crosses a network.
// Messages are in the UI language (browser.i18n).

type ServiceUrlResult = { ok: true; origin: string } | { ok: false; message: string };

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A problem, then the example of what to enter. */
const withExample = (key: MessageKey): string => `${t(key)} ${t('optionsUrlExample')}`;

/**
 * `https://app.example.com/api/login.php`, `app.example.com/api/` and ` https://APP.example.com `
 * all become `https://app.example.com`. Any path, query or fragment is dropped: the API lives at
 * `{origin}/api/`, so whatever page of the service was pasted, its origin is the answer.
 */
export function normalizeServiceUrl(input: unknown): ServiceUrlResult {
  if (typeof input !== 'string') return { ok: false, message: t('optionsUrlExample') };
  const text = input.trim();
  if (text === '') return { ok: false, message: t('optionsUrlExample') };
  if (/\s/.test(text)) return { ok: false, message: withExample('optionsUrlNoSpaces') };

  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: withExample('optionsUrlInvalid') };
  }

  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: t('optionsUrlCredentials') };
  }
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) {
      return { ok: false, message: t('optionsUrlHttpsOnly') };
    }
  } else if (url.protocol !== 'https:') {
    return { ok: false, message: withExample('optionsUrlOtherScheme') };
  }
  if (url.hostname === '') return { ok: false, message: withExample('optionsUrlNoHost') };

  return { ok: true, origin: url.origin };
}

// The connection form's rules: what it checks before asking the browser for anything (the host
// permission it then asks for is lib/permissions/host-pattern.ts), and how each way of failing is
// said.

export type ConnectionField = 'serviceUrl' | 'apiKey';

type ConnectionCheck =
  | { ok: true; origin: string; apiKey: string }
  | { ok: false; errors: Partial<Record<ConnectionField, string>> };

/** Checked synchronously, so the click handler's first await can be the permission request. */
export function checkConnectionInput(serviceUrl: string, apiKey: string): ConnectionCheck {
  const errors: Partial<Record<ConnectionField, string>> = {};
  const url = normalizeServiceUrl(serviceUrl);
  if (!url.ok) errors.serviceUrl = url.message;
  if (apiKey.trim() === '') errors.apiKey = t('optionsApiKeyMissing');
  if (!url.ok || errors.apiKey) return { ok: false, errors };
  return { ok: true, origin: url.origin, apiKey: apiKey.trim() };
}

interface ConnectionFailure {
  /** Set when the message belongs beside one of the two inputs. */
  field?: ConnectionField;
  message: string;
}

/** A failed save or test, in words. */
export function describeConnectionError(error: CommandError): ConnectionFailure {
  switch (error.kind) {
    // The login refused the key; or the token it gave was refused at once (the probe's listing).
    case 'key-rejected':
    case 'auth':
      return { field: 'apiKey', message: t('optionsConnectRejected') };
    case 'network':
    case 'timeout':
      return { message: t('optionsConnectUnreachable', error.message) };
    case 'invalid-input':
      if (error.field === 'serviceUrl' || error.field === 'apiKey') {
        return { field: error.field, message: error.message };
      }
      return { message: t('optionsConnectFailed', error.message) };
    default:
      return { message: t('optionsConnectFailed', error.message) };
  }
}

// A short, non-reversible name for an API key, so a stored session token can say which key it was
// issued for without the key being stored with it (docs/service/notes.md, "token
// lifetime"). The key itself is in storage.local already (the settings); this only lets the
// session tell one account's token from another's.

/** Hex digits kept: 64 bits, so two keys a person uses never share one by chance. */
const FINGERPRINT_HEX_DIGITS = 16;

/** The API key as it is sent: a pasted key often brings spaces or a line break with it. */
export function normalizeApiKey(apiKey: string): string {
  return apiKey.trim();
}

/** SHA-256 of the (trimmed) key, as the first 16 hex digits. */
export async function keyFingerprint(apiKey: string): Promise<string> {
  const bytes = new TextEncoder().encode(normalizeApiKey(apiKey));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, FINGERPRINT_HEX_DIGITS);
}

/**
 * Which account (service origin and key) a page's data belongs to, as pages send it with every
 * command that touches that data (docs/accounts.md, "Pages know whose data they show").
 */
export function accountFingerprint(origin: string, apiKey: string): Promise<string> {
  return keyFingerprint(`${origin}\n${normalizeApiKey(apiKey)}`);
}

// The login reply is not in docs/service/api.md; a public client shows `{"token":"..."}`. By policy
// (docs/service/notes.md, "login reply shape") we also accept the token under
// session_token/access_token, the same under data/result, a JSON string, or a bare text token.
// Anything else is "unexpected login reply".

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

// The session rule (docs/service/notes.md, "auth failures"), in one place: when the service rejects
// the token, log in again once and retry the call once. A second rejection is final (no loops). The
// client does not do this itself: the background's session layer owns the token and single-flights
// logins, and calls this helper around each request.

/**
 * `call` with the current token; on an 'auth' error, `relogin` once for a fresh token and `call`
 * once more. Errors of other kinds pass straight through, as does any error of the retry (a second
 * 'auth' included) and of `getToken`/`relogin` themselves (a rejected API key is final).
 */
export async function withReauth<T>(
  getToken: () => Promise<string>,
  relogin: () => Promise<string>,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const token = await getToken();
  try {
    return await call(token);
  } catch (error) {
    if (!isServiceError(error, 'auth')) throw error;
  }
  const fresh = await relogin();
  return call(fresh);
}
