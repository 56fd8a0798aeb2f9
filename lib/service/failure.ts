// Turns a failure (an HTTP status and/or the service's own message) into the ServiceError a person
// will read: our words first, then at most a short quote of the service's, never HTML or secrets.

import { t, type MessageKey } from '@/lib/i18n';
import { ServiceError, type ServiceErrorKind } from '@/lib/service/errors';
import { classifyFailure, fieldOfMessage, type FailureDuring } from '@/lib/service/reply-error';
import { quoteRemoteText } from '@/lib/service/safe-text';

export interface FailureContext {
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
