// Turns what a person types or pastes into a website field into the bare host name the service
// expects ("website domain"), or says why it cannot, in the UI language (browser.i18n).

import { t, type MessageKey } from '@/lib/i18n';
import { DOMAIN_MAX_CHARS } from '@/lib/projects/field-table';

export type DomainResult = { ok: true; host: string } | { ok: false; message: string };

const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
const LABEL = /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/;
// A public-looking top-level label: letters, or an IDN in punycode. This keeps out IP addresses
// (which the URL parser would happily produce from "0x7f.1") while allowing `.test`, which the
// end-to-end tests use.
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z\d-]{1,59})$/;
/** A problem, then the example of what to enter. */
const withExample = (key: MessageKey): string => `${t(key)} ${t('optionsDomainExample')}`;

/**
 * Reading of the rule "without `www.` only if the user did not type it": a full address with a
 * scheme (`https://www.acme.com/x`) was pasted from a browser, whose `www.` the person never chose,
 * so it is dropped; a bare host (`www.acme.com`) was typed on purpose and is kept as typed.
 * Either way the result is lower case, punycode for international names (the URL parser does
 * IDNA), and has no port, credentials, path, query, fragment or trailing dot. Applying it to its
 * own result changes nothing.
 */
export function normalizeDomain(input: string): DomainResult {
  const text = input.trim();
  if (text === '') return { ok: false, message: t('optionsDomainExample') };
  if (/\s/.test(text)) return { ok: false, message: withExample('optionsDomainNoSpaces') };

  const pasted = SCHEME.test(text);
  let hostname: string;
  try {
    const url = new URL(pasted ? text : `http://${text}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { ok: false, message: withExample('optionsDomainWebOnly') };
    }
    hostname = url.hostname;
  } catch {
    return { ok: false, message: withExample('optionsDomainInvalid') };
  }

  let host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (pasted && host.startsWith('www.') && isPlausibleHost(host.slice(4))) host = host.slice(4);

  if (host.length > DOMAIN_MAX_CHARS) {
    return { ok: false, message: t('optionsDomainTooLong', String(DOMAIN_MAX_CHARS)) };
  }
  if (!isPlausibleHost(host)) return { ok: false, message: withExample('optionsDomainInvalid') };
  return { ok: true, host };
}

/** Lower-case ASCII labels of 1 to 63 characters, at least two of them, a public-looking end. */
export function isPlausibleHost(host: string): boolean {
  if (host.length < 1 || host.length > DOMAIN_MAX_CHARS) return false;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return TOP_LABEL.test(labels[labels.length - 1]);
}
