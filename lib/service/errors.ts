// One error type for everything that can go wrong talking to the service, so callers (the session
// layer, the poller, the options page) decide by `kind` instead of parsing messages.

import { t } from '@/lib/i18n';
import { capLength, oneLine } from '@/lib/mentions/plain-text';
import { looksLikeHtml, scrubSecrets } from '@/lib/service/safe-text';

export const SERVICE_ERROR_KINDS = [
  /** No usable service address (or API key) is set. */
  'not-configured',
  /** The request never got an HTTP answer (offline, DNS, refused, blocked by permissions). */
  'network',
  /** No answer within the time limit. */
  'timeout',
  /**
   * A call's session token was not accepted (HTTP 401/403, or a reply speaking of the token,
   * session or login). The session layer logs in again once and retries once; if the retry is
   * refused too, this stays that one call's error (one project's 403 is that project's).
   */
  'auth',
  /**
   * The login itself was refused: the API key is rejected. The only kind that means so (service-
   * notes.md, "auth failures"): polling pauses on it, and retries by itself every few hours.
   */
  'key-rejected',
  /** HTTP 429: the service asks us to slow down; see `retryAfterMs`. */
  'rate-limited',
  /** HTTP 5xx, other unexpected statuses, or the service reporting a failure of its own. */
  'server',
  /** An answer we could not understand (HTML, malformed JSON, unknown shape). */
  'bad-reply',
  /** The service refused what we sent (HTTP 400/422); `field` names the field when it says. */
  'invalid-input',
  /**
   * The service address or API key changed (or the session was forgotten) while the request was
   * under way: its answer belongs to the old account and is dropped, not shown or stored.
   */
  'superseded',
] as const;
export type ServiceErrorKind = (typeof SERVICE_ERROR_KINDS)[number];

export interface ServiceErrorDetails {
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
