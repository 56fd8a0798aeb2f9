// The one place that calls fetch, and the body it reads. Every request gets the same treatment: a
// hard time limit that covers the body, a cap on the body's size, no cookies (`credentials:
// 'omit'`: the token is the only credential, and a session cookie is not a documented
// requirement), no Referer, no HTTP cache (replies change between polls), no redirects followed.
// Every way a request can fail comes out as a ServiceError.
//
// Redirects: never followed, for any request. The login carries the API key in its body, which a
// 307/308 re-sends to wherever it points; every other call carries the token in its query, which
// a redirect usually keeps (http->https, a trailing slash, a moved host). A browser does not let
// us see where an opaque redirect points, so "follow only within the origin" cannot be decided
// before the secret is sent again: 'manual' and a clear error is the only safe choice.
// docs/service/api.md shows no redirects, and the configured origin is the API's own.

import { t, uiLanguage } from '@/lib/i18n';
import { ServiceError, looksLikeHtml, quoteRemoteText } from '@/lib/service/errors';
import { errorForFailure, messageOf, reportedError, parseRetryAfter } from '@/lib/service/failure';
import {
  MAX_ERROR_REPLY_BYTES,
  readBodyCapped,
  ReplyTooLarge,
  type LargeReply,
} from '@/lib/service/reply-body';

/** The subset of fetch we use; tests inject their own. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpOptions {
  fetch: FetchLike;
  timeoutMs: number;
  now: () => number;
  /** The most bytes a 2xx body may have (see MAX_REPLY_BYTES). */
  maxReplyBytes: number;
}

interface ServiceRequest {
  method: 'GET' | 'POST';
  url: URL;
  /** Sent as application/x-www-form-urlencoded (the contract's POST body format). */
  form?: URLSearchParams;
  /** Secrets this request carries; no error message may contain them. */
  secrets: readonly (string | undefined)[];
  during: 'login' | 'call';
  /** How a 2xx body past `large.bytes` waits for its turn to be read on (see LargeReply). */
  large?: LargeReply;
}

function requestInit(request: ServiceRequest, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain;q=0.9' };
  const init: RequestInit = {
    method: request.method,
    headers,
    signal,
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    cache: 'no-store',
    // See the top of this file: a redirect comes back as itself (opaque in a browser).
    redirect: 'manual',
  };
  if (request.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = request.form.toString();
  }
  return init;
}

const timeoutError = () => new ServiceError('timeout', t('errorNoAnswerInTime'));
// The browser's own message ("Failed to fetch", "fetch failed") says nothing more and, for some
// failures, quotes the URL, which carries the token; so it is not passed on.
const networkError = () => new ServiceError('network', t('errorUnreachable'));

/**
 * A redirect we did not follow. 'server', like any status the API should not answer with: the
 * address needs a look, and the poller backs off as for other failures of the service.
 */
function redirectError(response: Response, request: ServiceRequest): ServiceError {
  // An opaque redirect (a browser's answer to redirect: 'manual') has status 0.
  const status = response.status >= 300 && response.status <= 399 ? response.status : undefined;
  const message = request.during === 'login' ? t('errorLoginRedirected') : t('errorRedirected');
  return new ServiceError('server', message, { status });
}

function isRedirect(response: Response): boolean {
  // 304 Not Modified is not a redirect (and never comes: requests are sent with no-store).
  return (
    response.type === 'opaqueredirect' ||
    (response.status >= 300 && response.status <= 399 && response.status !== 304)
  );
}

/** The cap in words, "32 MB" (a mebibyte is called a megabyte, as people do). */
function sizeInWords(bytes: number): string {
  const mega = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(uiLanguage(), {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / (mega ? 1024 * 1024 : 1024));
}

const tooLargeError = (maxBytes: number) =>
  new ServiceError('bad-reply', t('errorReplyTooLarge', sizeInWords(maxBytes)));

/**
 * Sends `request` and returns the body of a 2xx reply as text. Any other outcome throws: timeout,
 * network, a redirect, a body over the cap, or the failure the status and body describe (see
 * errorForFailure).
 */
export async function send(options: HttpOptions, request: ServiceRequest): Promise<string> {
  const controller = new AbortController();
  let timedOut = false;
  const startTimer = () =>
    setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
  let timer = startTimer();

  try {
    let response: Response;
    try {
      response = await options.fetch(
        request.url.toString(),
        requestInit(request, controller.signal),
      );
    } catch {
      throw timedOut ? timeoutError() : networkError();
    }

    if (isRedirect(response)) {
      // Nothing of it is read: where it points is not for us to follow or to show.
      response.body?.cancel().catch(() => undefined);
      throw redirectError(response, request);
    }

    const ok = response.status >= 200 && response.status <= 299;
    let text: string | undefined;
    try {
      // The time limit covers the body too: a server that sends headers and then stalls is slow.
      const large = ok ? request.large : undefined;
      text = await readBodyCapped(
        response,
        ok ? options.maxReplyBytes : MAX_ERROR_REPLY_BYTES,
        large && {
          bytes: large.bytes,
          async admit() {
            clearTimeout(timer);
            await large.admit();
            timer = startTimer();
          },
        },
      );
    } catch (error) {
      if (!(error instanceof ReplyTooLarge)) throw timedOut ? timeoutError() : networkError();
      if (ok) throw tooLargeError(options.maxReplyBytes);
      // An error reply too long to quote is judged by its status alone.
      text = undefined;
    }

    if (ok) return text ?? '';
    throw failureOf(response, text, options.now(), request);
  } finally {
    clearTimeout(timer);
  }
}

/** The error for a non-2xx reply, using the service's message when the body has a readable one. */
function failureOf(
  response: Response,
  text: string | undefined,
  now: number,
  request: ServiceRequest,
): ServiceError {
  let message: string | undefined;
  if (text !== undefined) {
    try {
      const body: unknown = JSON.parse(text);
      message = messageOf(body);
    } catch {
      // Not JSON: a plain-text body may still say what went wrong (HTML is dropped when quoting).
      message = text;
    }
  }
  const retryAfterMs =
    response.status === 429 || response.status === 503
      ? parseRetryAfter(response.headers.get('Retry-After'), now)
      : undefined;
  return errorForFailure(response.status, message, {
    secrets: request.secrets,
    during: request.during,
    retryAfterMs,
  });
}

/**
 * The JSON in a 2xx body. An empty body is `undefined` when `allowEmpty` (mutations), otherwise
 * bad-reply, as is anything that is not JSON. A body that reports a failure (`{"error":...}`,
 * `{"status":"error"}`, `{"success":false}`) throws that failure.
 */
export function parseJsonReply(
  text: string,
  options: { allowEmpty?: boolean; secrets?: readonly (string | undefined)[] } = {},
): unknown {
  const trimmed = text.trim(); // also drops a UTF-8 byte order mark, which PHP files often emit
  if (trimmed === '') {
    if (options.allowEmpty) return undefined;
    throw new ServiceError('bad-reply', t('errorEmptyReply'));
  }
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    if (looksLikeHtml(trimmed)) {
      throw new ServiceError('bad-reply', t('errorWebPage'));
    }
    const quote = quoteRemoteText(trimmed, options.secrets);
    throw new ServiceError(
      'bad-reply',
      quote === undefined ? t('errorNotJson') : t('errorNotJsonQuoted', quote),
      { secrets: options.secrets },
    );
  }
  const reported = reportedError(body);
  if (reported) throw errorForFailure(0, reported.message, { secrets: options.secrets });
  return body;
}
