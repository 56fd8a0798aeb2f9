// The service address a person types or pastes, reduced to the origin every API path hangs off
// ("{base_url}" is the service's origin: service-notes.md). The token travels in query strings,
// so plain http is refused except on this machine, where nothing crosses a network. Messages are
// in the UI language (browser.i18n).

import { t, type MessageKey } from '@/lib/i18n';

export type ServiceUrlResult = { ok: true; origin: string } | { ok: false; message: string };

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
