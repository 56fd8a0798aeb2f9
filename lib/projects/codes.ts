// The `language` and `location` fields: comma-separated codes, or `all`. The contract does not list
// the supported codes, so we check only that each looks like a code, and let the service judge the
// rest. Results are in wire form: items joined with "," without spaces, no repeats. Problems are
// in the UI language (browser.i18n).

import { t } from '@/lib/i18n';

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
