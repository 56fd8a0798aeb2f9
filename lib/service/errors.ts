// One error type for everything that can go wrong talking to the service, so callers (the session
// layer, the poller, the options page) decide by `kind` instead of parsing messages; and the rules
// that keep remote text in its messages safe to show.

import { t } from '@/lib/i18n';
import { capLength, oneLine } from '@/lib/mentions/plain-text';

export type ServiceErrorKind =
  /** No usable service address (or API key) is set. */
  | 'not-configured'
  /** The request never got an HTTP answer (offline, DNS, refused, blocked by permissions). */
  | 'network'
  /** No answer within the time limit. */
  | 'timeout'
  /**
   * A call's session token was not accepted (HTTP 401/403, or a reply speaking of the token,
   * session or login). The session layer logs in again once and retries once; if the retry is
   * refused too, this stays that one call's error (one project's 403 is that project's).
   */
  | 'auth'
  /**
   * The login itself was refused: the API key is rejected. The only kind that means so
   * (docs/service/notes.md, "auth failures"): polling pauses on it, and retries by itself every few
   * hours.
   */
  | 'key-rejected'
  /** HTTP 429: the service asks us to slow down; see `retryAfterMs`. */
  | 'rate-limited'
  /** HTTP 5xx, other unexpected statuses, or the service reporting a failure of its own. */
  | 'server'
  /** An answer we could not understand (HTML, malformed JSON, unknown shape). */
  | 'bad-reply'
  /** The service refused what we sent (HTTP 400/422); `field` names the field when it says. */
  | 'invalid-input'
  /**
   * The service address or API key changed (or the session was forgotten) while the request was
   * under way: its answer belongs to the old account and is dropped, not shown or stored.
   */
  | 'superseded';

interface ServiceErrorDetails {
  /** The HTTP status, when there was one. */
  status?: number;
  /** How long the service asked us to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  /** The form field the service named (`field: name ...`), for invalid-input. */
  field?: string;
  /** Secrets to cut out of the message should the text contain them. */
  secrets?: readonly (string | undefined)[];
}

const MESSAGE_MAX_CHARS = 400;

/**
 * Messages are built from our own words plus short, already-quoted remote text; this is the last
 * line of defence: HTML, secrets and overlong text never leave the constructor.
 */
function safeMessage(message: string, secrets: readonly (string | undefined)[]): string {
  const text = oneLine(scrubSecrets(String(message), secrets));
  // Looked up here, not at import: the catalogue is only there when a message is built.
  if (looksLikeHtml(text)) return t('errorWebPage');
  return capLength(text, MESSAGE_MAX_CHARS) || t('errorNoMessage');
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly field?: string;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(safeMessage(message, details.secrets ?? []));
    this.name = 'ServiceError';
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
    if (details.field !== undefined) this.field = details.field;
  }

  /** The same error with `secrets` cut out of its message (a backstop applied by the client). */
  withoutSecrets(secrets: readonly (string | undefined)[]): ServiceError {
    const scrubbed = scrubSecrets(this.message, secrets);
    if (scrubbed === this.message) return this;
    return new ServiceError(this.kind, scrubbed, {
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      field: this.field,
    });
  }
}

export function isServiceError(error: unknown, kind?: ServiceErrorKind): error is ServiceError {
  return error instanceof ServiceError && (kind === undefined || error.kind === kind);
}

// Text that came from the network may end up in an error message a person reads. These helpers
// make that safe: no HTML is ever shown (a PHP error page is noise at best and markup at worst),
// quotes are short, and secrets the server might echo back are cut out before anything is shown.

/** The most characters of remote text we quote (docs/service/notes.md, "login reply shape"). */
const QUOTE_MAX_CHARS = 200;

// Anything that opens a tag (`<b`, `</div`, `<!DOCTYPE`, `<?php`), closed or not, makes the whole
// text "HTML": stripping tags would still leave page chrome, file paths and entity soup (and a cut
// reply may end mid-tag), so we refuse instead. "a < b" is still text.

const TAG_OPENING = /<[a-z!?/]/i;

export function looksLikeHtml(text: string): boolean {
  return TAG_OPENING.test(text);
}

/** Control characters and runs of whitespace, which would garble a one-line message. */
function tidy(text: string): string {
  // eslint-disable-next-line no-control-regex
  return oneLine(text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' '));
}

/**
 * At most QUOTE_MAX_CHARS characters of `text` on one line, or undefined when there is nothing
 * worth quoting: empty, or HTML (never shown, not even in part). Secrets are cut out before the
 * text is shortened, so a secret cut in half by the limit cannot leak its first half.
 */
export function quoteRemoteText(
  text: unknown,
  secrets: readonly (string | undefined)[] = [],
): string | undefined {
  if (typeof text !== 'string') return undefined;
  if (looksLikeHtml(text)) return undefined;
  const line = tidy(scrubSecrets(text, secrets));
  if (line === '') return undefined;
  return capLength(line, QUOTE_MAX_CHARS);
}

const REDACTED = '[redacted]';

/**
 * `text` with every occurrence of each secret replaced, in its plain form and in the encodings a
 * server could echo it back in (URL-encoded, form-encoded). Case-sensitive: keys and tokens are.
 */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    const forms = new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
    ]);
    // Longest first, so a form that contains another is replaced whole.
    for (const form of [...forms].sort((a, b) => b.length - a.length)) {
      if (form) out = out.split(form).join(REDACTED);
    }
  }
  return out;
}
