// WXT's fake browser does not implement i18n: answer getMessage from our own English catalogue,
// with Chrome's substitution rules ($1..$9 and named placeholders), so component tests read the
// words a person would see.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeBrowser } from 'wxt/testing/fake-browser';

interface CatalogueEntry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

type Catalogue = Record<string, CatalogueEntry>;

const catalogues = new Map<string, Catalogue>();

function catalogueFor(lang: string): Catalogue {
  let catalogue = catalogues.get(lang);
  if (!catalogue) {
    catalogue = JSON.parse(
      // A path, not a URL: under happy-dom, import.meta.url is not a file: URL.
      readFileSync(
        join(import.meta.dirname, `../../../public/_locales/${lang}/messages.json`),
        'utf8',
      ),
    ) as Catalogue;
    catalogues.set(lang, catalogue);
  }
  return catalogue;
}

/** The language the fake browser speaks: its UI language and the catalogue it reads. */
let language = 'en';

export function getMessage(name: string, substitutions?: string | string[]): string {
  const entry = catalogueFor(language)[name];
  if (!entry) return '';
  const subs = substitutions === undefined ? [] : [substitutions].flat();
  const positional = (text: string) => text.replace(/\$(\d)/g, (_, n) => subs[Number(n) - 1] ?? '');
  // One pass over the template, as the browser does: `$$` is a dollar sign, `$1` a substitution,
  // `$NAME$` a placeholder. Substituted text is never read again (a `$$` in it stays two).
  return entry.message.replace(/\$\$|\$(\d)|\$([A-Za-z0-9_@]+)\$/g, (whole, digit, placeholder) => {
    if (whole === '$$') return '$';
    if (digit !== undefined) return subs[Number(digit) - 1] ?? '';
    const content = entry.placeholders?.[String(placeholder).toLowerCase()]?.content;
    return content === undefined ? whole : positional(content);
  });
}

/** Answers i18n in `lang` (one of public/_locales), English unless a test asks for another. */
export function installFakeI18n(lang = 'en'): void {
  language = lang;
  // A new function for each language: lib/i18n.ts keeps the words it read per getMessage.
  fakeBrowser.i18n.getMessage = ((name: string, substitutions?: string | string[]) =>
    getMessage(name, substitutions)) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => lang;
}
