// The texts a person types into a project's fields, checked and normalised to the form they are
// sent in: language and location codes, a website's domain, keyword lists. Problems are in the UI
// language (browser.i18n).

import { t, type MessageKey } from '@/lib/i18n';
import { DOMAIN_MAX_CHARS } from '@/lib/projects/field-table';

// The `language` and `location` fields: comma-separated codes, or `all`. docs/service/api.md does
// not list the supported codes, so we check only that each looks like a code, and let the service
// judge the rest. Results are in wire form: items joined with "," without spaces, no repeats.
// Problems are in the UI language (browser.i18n).

export type CodeListResult = { ok: true; value: string } | { ok: false; problem: string };

const LANGUAGE = /^([a-z]{2,3})(?:-([a-z]{2,4}))?$/i;
const LOCATION = /^[a-z\d]{2,10}$/i;

/** Languages as BCP 47-like tags (`en`, `pt-BR`), in their conventional casing so that `PT-br` and
 * `pt-BR` count as the same code and the service sees one spelling. */
export function parseLanguageList(text: string): CodeListResult {
  return parseCodeList(
    text,
    () => t('optionsCodesLanguages'),
    (item) => {
      const match = LANGUAGE.exec(item);
      return match ? canonicalLanguage(match[1], match[2]) : undefined;
    },
  );
}

/** Locations as short letter/digit codes. Their casing is kept: the service's codes are not
 * shown, so we cannot know which casing it wants; repeats are still found case-insensitively. */
export function parseLocationList(text: string): CodeListResult {
  return parseCodeList(
    text,
    () => t('optionsCodesLocations'),
    (item) => (LOCATION.test(item) ? item : undefined),
  );
}

function parseCodeList(
  text: string,
  what: () => string,
  canonical: (item: string) => string | undefined,
): CodeListResult {
  // Empty items ("en,,de" or a trailing comma) are slips, not codes: drop them quietly.
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) return { ok: false, problem: t('optionsCodesEmpty', what()) };

  // "all" means every code, so it stands alone (repeating it is harmless).
  const isAll = (item: string) => item.toLowerCase() === 'all';
  if (items.every(isAll)) return { ok: true, value: 'all' };
  if (items.some(isAll)) return { ok: false, problem: t('optionsCodesAllAlone') };

  const seen = new Set<string>();
  const codes: string[] = [];
  for (const item of items) {
    const code = canonical(item);
    if (code === undefined) {
      return { ok: false, problem: t('optionsCodesNotACode', [shorten(item), what()]) };
    }
    if (seen.has(code.toLowerCase())) continue;
    seen.add(code.toLowerCase());
    codes.push(code);
  }
  return { ok: true, value: codes.join(',') };
}

function canonicalLanguage(primary: string, subtag: string | undefined): string {
  const lang = primary.toLowerCase();
  if (subtag === undefined) return lang;
  // BCP 47 casing: regions upper case (BR), scripts title case (Hant), extensions lower case.
  if (subtag.length === 2) return `${lang}-${subtag.toUpperCase()}`;
  if (subtag.length === 4)
    return `${lang}-${subtag[0].toUpperCase()}${subtag.slice(1).toLowerCase()}`;
  return `${lang}-${subtag.toLowerCase()}`;
}

// A message quotes what was typed, but never a whole pasted paragraph.
function shorten(item: string): string {
  const chars = Array.from(item);
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : item;
}

// Turns what a person types or pastes into a website field into the bare host name the service
// expects ("website domain"), or says why it cannot, in the UI language (browser.i18n).

type DomainResult = { ok: true; host: string } | { ok: false; message: string };

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

// Keyword lists are typed one per line in a textarea and sent joined with "\n"
// (docs/service/api.md's separator). Normalizing here means the service never sees blank lines,
// stray spaces or repeats, whatever line endings the browser or a paste produced.

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * The key two keywords are "the same" by: equal ignoring case, with full case folding (so `ß` and
 * `SS`, or `ὒ` and its upper case, match) and ignoring how accents are encoded (NFC).
 */
function keywordKey(keyword: string): string {
  return keyword.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

/** The distinct, trimmed, non-blank lines of `text`, in order; repeats differing only in case are
 * dropped and the first spelling is kept. */
function keywordLines(text: string): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const raw of text.split(LINE_BREAK)) {
    const line = raw.trim();
    const key = keywordKey(line);
    if (line === '' || seen.has(key)) continue;
    seen.add(key);
    lines.push(line);
  }
  return lines;
}

/** The list in its wire form: `keywordLines(text)` joined with "\n"; empty when nothing is left. */
export function normalizeKeywordList(text: string): string {
  return keywordLines(text).join('\n');
}
