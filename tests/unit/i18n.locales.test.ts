// Every translation says everything English says, in the plural forms its own language needs, with
// the same slots for the numbers and names the code fills in. A key missing in one language would
// show as English (or as the bare key) in the middle of that language's page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = join(import.meta.dirname, '../../public/_locales');

interface Entry {
  message?: unknown;
  placeholders?: Record<string, { content?: unknown }>;
}
type Catalogue = Record<string, Entry>;

const read = (lang: string): Catalogue =>
  JSON.parse(readFileSync(join(LOCALES_DIR, lang, 'messages.json'), 'utf8')) as Catalogue;

const english = read('en');
const translations = readdirSync(LOCALES_DIR).filter((lang) => lang !== 'en');

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** The plural bases English has (`name` for `name_one` and `name_other`). */
const pluralBases = new Set(
  Object.keys(english)
    .filter((key) => key.endsWith('_other'))
    .map((key) => key.slice(0, -'_other'.length)),
);

/** `base` of a plural form's key, or undefined for a key that is not one. */
function pluralBase(key: string): string | undefined {
  const base = PLURAL.exec(key)?.[1];
  return base !== undefined && pluralBases.has(base) ? base : undefined;
}

/** The keys a catalogue in `lang` must have: English's, each plural in `lang`'s own categories. */
function expectedKeys(lang: string): string[] {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of Object.keys(english)) {
    const base = pluralBase(key);
    if (base === undefined) keys.add(key);
    else for (const category of categories) keys.add(`${base}_${category}`);
  }
  return [...keys].sort();
}

/** The English entry a translated key answers to (a plural form answers to English's `_other`). */
function englishFor(key: string): Entry {
  const base = pluralBase(key);
  return english[base === undefined ? key : `${base}_other`];
}

/** The slots a message fills: named placeholders (lower-cased) and `$1`..`$9`, as a sorted list. */
function slots(message: string): string[] {
  const text = message.replace(/\$\$/g, '');
  const named = [...text.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map(([, name]) => name.toLowerCase());
  const positional = [...text.matchAll(/\$(\d)(?!\$)/g)].map(([, digit]) => `$${digit}`);
  return [...new Set([...named, ...positional])].sort();
}

/** The slots that hold a plural's count: `$1`, and the placeholders whose content is `$1`. */
function countSlots(entry: Entry): string[] {
  const named = Object.entries(entry.placeholders ?? {})
    .filter(([, { content }]) => content === '$1')
    .map(([name]) => name.toLowerCase());
  return ['$1', ...named];
}

function placeholderContents(entry: Entry): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entry.placeholders ?? {}).map(([name, { content }]) => [name, content]),
  );
}

describe('the translations', () => {
  it('are German, Spanish and French', () => {
    expect(translations.sort()).toEqual(['de', 'es', 'fr']);
  });

  it.each(translations)('%s names its own language', (lang) => {
    expect(read(lang).languageTag?.message).toBe(lang);
  });

  it.each(translations)(
    '%s has every key English has, in its plural forms, and no other',
    (lang) => {
      const keys = Object.keys(read(lang)).sort();
      const expected = expectedKeys(lang);
      expect({
        missing: expected.filter((key) => !keys.includes(key)),
        unknown: keys.filter((key) => !expected.includes(key)),
      }).toEqual({ missing: [], unknown: [] });
    },
  );

  it.each(translations)('%s has a message in every entry', (lang) => {
    const empty = Object.entries(read(lang))
      .filter(([, entry]) => typeof entry.message !== 'string' || entry.message.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(translations)('%s declares the same placeholders as English, entry by entry', (lang) => {
    const differing: string[] = [];
    for (const [key, entry] of Object.entries(read(lang))) {
      const source = englishFor(key);
      if (source === undefined) continue; // an unknown key: the key test names it
      const ours = placeholderContents(entry);
      const theirs = placeholderContents(source);
      if (
        JSON.stringify(ours, Object.keys(ours).sort()) !==
        JSON.stringify(theirs, Object.keys(theirs).sort())
      ) {
        differing.push(key);
      }
    }
    expect(differing).toEqual([]);
  });

  it.each(translations)('%s fills the same slots as English in every message', (lang) => {
    const differing: string[] = [];
    for (const [key, entry] of Object.entries(read(lang))) {
      const source = englishFor(key);
      if (source === undefined || typeof entry.message !== 'string') continue;
      // A `_one` form may say its number in words ("Jede Minute", as English's "the selected
      // mention"): there, the count's slot is optional on either side.
      const optional = key.endsWith('_one') ? countSlots(source) : [];
      const ours = slots(entry.message).filter((slot) => !optional.includes(slot));
      const theirs = slots(String(source.message)).filter((slot) => !optional.includes(slot));
      if (ours.join() !== theirs.join())
        differing.push(`${key}: ${ours.join()} ≠ ${theirs.join()}`);
    }
    expect(differing).toEqual([]);
  });
});

describe('the check itself', () => {
  it('expects each language its own plural categories', () => {
    const forms = (lang: string) =>
      expectedKeys(lang).filter((key) => key.startsWith('popupUnreadCount_'));
    expect(forms('de')).toEqual(['popupUnreadCount_one', 'popupUnreadCount_other']);
    expect(forms('fr')).toEqual([
      'popupUnreadCount_many',
      'popupUnreadCount_one',
      'popupUnreadCount_other',
    ]);
  });

  it('reads slots as the browser does', () => {
    expect(slots('$COUNT$ new in $Project$, cost $$5 ($1)')).toEqual(['$1', 'count', 'project']);
  });
});
