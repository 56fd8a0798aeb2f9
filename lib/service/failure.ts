// How a failed call becomes the ServiceError a person reads: recognising a failure reply (often
// sent with HTTP 200), deciding its kind from the status and the service's words, wording it, and
// reading how long the service asked us to wait.

import { lazySchema, z } from '@/lib/zod';
import { FIELD_TABLE } from '@/lib/projects/field-table';
import { type ServiceErrorKind, ServiceError, quoteRemoteText } from '@/lib/service/errors';
import { isRecord } from '@/lib/service/values';
import { t, type MessageKey } from '@/lib/i18n';

// docs/service/api.md shows no error shape. PHP services report failure in many ways, often with
// HTTP 200 (docs/service/notes.md, "error shape"): `{"error":...}`,
// `{"status":"error"|"fail","message":...}`, `{"success":false,...}`. This part recognises those
// and decides which kind of error each is.

/** What a failure reply said, before it becomes a ServiceError. */
interface ReportedError {
  /** The service's own words, if it gave any (unquoted, unchecked: quote before showing). */
  message?: string;
}

const FAILURE_STATUSES = new Set(['error', 'fail', 'failed', 'failure']);

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (isRecord(value)) return textOf(value.message) ?? textOf(value.error) ?? textOf(value.msg);
  if (Array.isArray(value)) return textOf(value[0]);
  return undefined;
}

/**
 * A reply that reports a failure: any one of these members marks it. Only the top level is read:
 * records inside a list may well have a `status` of their own.
 */
const failureReply = lazySchema(() => {
  // An `error` member that says something (not null, false, 0 or "").
  const errorValue = z.union([
    z.string().check(z.refine((text) => text.trim() !== '')),
    z.array(z.unknown()).check(z.minLength(1)),
    z.literal(true),
    z.record(z.string(), z.unknown()),
  ]);
  return z.union([
    z.object({ success: z.literal([false, 'false']) }),
    z.object({
      status: z
        .string()
        .check(z.refine((status) => FAILURE_STATUSES.has(status.trim().toLowerCase()))),
    }),
    z.object({ error: errorValue }),
    z.object({ errors: errorValue }),
  ]);
});

/**
 * What a reply with an error status says, whatever its shape: the reported failure's message, or
 * a `message`/`error`/`msg` member, or the body itself when it is a JSON string.
 */
export function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return textOf(body);
  if (!isRecord(body)) return undefined;
  return reportedError(body)?.message ?? textOf(body.message) ?? textOf(body.msg);
}

/** The failure a JSON reply reports, or undefined when it reports none (see failureReply). */
export function reportedError(body: unknown): ReportedError | undefined {
  if (!failureReply().safeParse(body).success) return undefined;
  const reply = body as Record<string, unknown>;
  const message =
    textOf(reply.message) ??
    textOf(reply.error) ??
    textOf(reply.errors) ??
    textOf(reply.msg) ??
    textOf(reply.error_description);
  return message === undefined ? {} : { message };
}

// "Invalid or expired token", "Session expired", "Please log in", "Invalid API key",
// "Unauthorized", "Authentication failed" — but not "author" (a mention field).

const AUTH_WORDS =
  /\b(?:token|session|log ?in|logged (?:in|out)|sign ?in|auth(?!ors?\b)\w*|unauthori[sz]ed|api[ _-]?key)\b/i;

function isAuthMessage(message: string | undefined): boolean {
  return message !== undefined && AUTH_WORDS.test(message);
}

// Validation messages name the field first: "field: name ..." or "name: must be 1 to 100 ...".
const FIELD_WORD_PREFIX = /^\s*field\s*:\s*([A-Za-z_][A-Za-z0-9_]*)/i;
const NAME_PREFIX = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/;

/** Every name a request of ours can carry; "Error: ..." must not read as a field called Error. */
const REQUEST_FIELDS = new Set<string>([
  ...FIELD_TABLE.map((row) => row.name),
  'project_id',
  'token',
  'func',
  'key',
]);

/**
 * The field a validation message names: whatever follows an explicit "field:", or a leading
 * "<name>:" when the name is one of ours.
 */
function fieldOfMessage(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const explicit = message.match(FIELD_WORD_PREFIX)?.[1];
  if (explicit !== undefined) return explicit;
  const named = message.match(NAME_PREFIX)?.[1];
  return named !== undefined && REQUEST_FIELDS.has(named) ? named : undefined;
}

/** Which request failed: login's failures are about the API key, a call's about the session. */
type FailureDuring = 'login' | 'call';

/**
 * The kind of a failure from its HTTP status (0 when the reply was a 2xx carrying an error body),
 * the service's message, and whether it answered the login or a call. The status decides first
 * (docs/service/notes.md, "auth failures"): the service's words are read only where the status
 * leaves the question open.
 *
 * - 5xx is an outage, never an auth failure, whatever it says ("Session store unavailable, please
 *   log in again later" is the service down, not the key refused).
 * - 429 asks us to slow down; 408 is the service running out of time (both passing, not the key).
 * - The login: any other failure is 'key-rejected' (a refused login is the one thing that proves
 *   the API key wrong; a 400 naming the key field refuses the key all the same).
 * - A call: 401/403 is 'auth' (the token is no longer good); below 500, a message naming one of
 *   our fields is a validation error (even about the token field); then a message about the
 *   session or key is 'auth'; then the status class.
 */
function classifyFailure(
  status: number,
  message: string | undefined,
  during: FailureDuring = 'call',
): ServiceErrorKind {
  if (status >= 500) return 'server';
  if (status === 429) return 'rate-limited';
  if (status === 408) return 'timeout';
  if (during === 'login') return 'key-rejected';
  if (status === 401 || status === 403) return 'auth';
  if (fieldOfMessage(message) !== undefined) return 'invalid-input';
  if (isAuthMessage(message)) return 'auth';
  if (status === 400 || status === 422) return 'invalid-input';
  // Other statuses (404, 405, ...), and a 2xx whose body reports a failure we cannot place.
  return 'server';
}

// Turns a failure (an HTTP status and/or the service's own message) into the ServiceError a person
// will read: our words first, then at most a short quote of the service's, never HTML or secrets.

interface FailureContext {
  /** Secrets the quote must not contain (the API key, the token). */
  secrets?: readonly (string | undefined)[];
  /** A refused login is about the API key ('key-rejected'); a refused call, the session ('auth'). */
  during?: FailureDuring;
  /** From a Retry-After header, when the reply had one. */
  retryAfterMs?: number;
}

/** Our sentence for a failure, with the HTTP status when there was one (the catalogue's words). */
function lead(kind: ServiceErrorKind, status: number): string {
  const [withStatus, without] = leadKeys(kind);
  return status > 0 ? t(withStatus, String(status)) : t(without);
}

function leadKeys(kind: ServiceErrorKind): [MessageKey, MessageKey] {
  switch (kind) {
    case 'key-rejected':
      return ['errorKeyRejectedStatus', 'errorKeyRejected'];
    case 'auth':
      return ['errorSessionRejectedStatus', 'errorSessionRejected'];
    case 'rate-limited':
      return ['errorSlowDownStatus', 'errorSlowDown'];
    case 'invalid-input':
      return ['errorRefusedStatus', 'errorRefused'];
    case 'timeout':
      return ['errorTimedOutStatus', 'errorTimedOut'];
    default:
      return ['errorProblemStatus', 'errorReported'];
  }
}

/**
 * The error for a failed call. `status` is the HTTP status, or 0 for a 2xx reply whose body
 * reports a failure. `message` is the service's own text (from a JSON error body, or a plain-text
 * body), unchecked: it is quoted only if it is short plain text.
 */
export function errorForFailure(
  status: number,
  message: string | undefined,
  context: FailureContext = {},
): ServiceError {
  const secrets = context.secrets ?? [];
  const kind = classifyFailure(status, message, context.during ?? 'call');
  const ours = lead(kind, status);
  const quote = quoteRemoteText(message, secrets);
  const text = quote === undefined ? ours : t('errorServiceSaid', [ours, quote]);
  const field = kind === 'invalid-input' ? fieldOfMessage(message) : undefined;
  return new ServiceError(kind, text, {
    status: status > 0 ? status : undefined,
    retryAfterMs: context.retryAfterMs,
    field,
    secrets,
  });
}

// Retry-After (RFC 9110 §10.2.3) comes as delta-seconds ("120") or an HTTP-date ("Wed, 21 Oct 2015
// 07:28:00 GMT"). A header is remote input: whatever it holds, this never throws and never returns
// a negative or absurd wait.

/** A wait longer than this is treated as this: a broken header must not stop polling for days. */
const RETRY_AFTER_MAX_MS = 24 * 60 * 60 * 1000;

const DELTA_SECONDS = /^\d+(?:\.\d+)?$/;
// Every HTTP-date form (IMF-fixdate, RFC 850, asctime) has a month name and an hh:mm:ss time.
// Requiring both keeps Date.parse's leniency ("1", "May") from turning junk into a date.
const MONTH = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;
const TIME = /\b\d{1,2}:\d{2}:\d{2}\b/;
const HAS_ZONE = /\b(?:GMT|UTC|UT|Z)\b|[+-]\d{4}\b/i;

/** Milliseconds to wait, or undefined when `value` is absent or not a Retry-After value. */
export function parseRetryAfter(value: unknown, now: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '' || text.length > 100) return undefined;

  if (DELTA_SECONDS.test(text)) return clamp(Number(text) * 1000);

  if (!MONTH.test(text) || !TIME.test(text)) return undefined;
  // HTTP-dates are always GMT; the asctime form does not say so, and Date.parse would read a date
  // without a zone as local time.
  const at = Date.parse(HAS_ZONE.test(text) ? text : `${text} GMT`);
  if (!Number.isFinite(at)) return undefined;
  // A date in the past means "now"; `now` itself might be junk from a caller, so guard it too.
  const base = Number.isFinite(now) ? now : Date.now();
  return clamp(at - base);
}

function clamp(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(Math.round(ms), RETRY_AFTER_MAX_MS);
}
