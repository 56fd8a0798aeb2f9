// Every string a person reads goes through here, so a translation is a new
// public/_locales/<lang>/messages.json, not a code change.
import { browser } from 'wxt/browser';

/** Message names, checked against the English catalogue at compile time (a type-only import). */
export type MessageKey = keyof typeof import('../public/_locales/en/messages.json');

/** Keys that exist in plural forms: `name_one`, `name_other` (and more where a language needs). */
type PluralBase<K> = K extends `${infer Base}_other` ? Base : never;
type PluralKey = PluralBase<MessageKey>;

/**
 * Messages without substitutions, read from the browser once each: a popup of 50 rows asked for
 * the same few words about 770 times (each row's buttons and labels), a few milliseconds of its
 * first paint. Kept for one getMessage: a test's fake speaking another language starts afresh.
 */
let words = new Map<string, string>();
let wordsOf: unknown;

export function t(key: MessageKey, substitutions?: string | string[]): string {
  // An unknown key returns '' from the browser: showing the key is better than a blank control.
  if (substitutions !== undefined) return browser.i18n.getMessage(key, substitutions) || key;
  if (wordsOf !== browser.i18n.getMessage) {
    words = new Map();
    wordsOf = browser.i18n.getMessage;
  }
  let text = words.get(key);
  if (text === undefined) words.set(key, (text = browser.i18n.getMessage(key) || key));
  return text;
}

/** Made once per UI language (building them is not free; a test may switch languages). */
let formats: { lang: string; plurals: Intl.PluralRules; numbers: Intl.NumberFormat } | undefined;

/**
 * Marks an extension page with the language its words are in (the catalogue the browser chose,
 * English where the UI language has none: screen readers pronounce by it), the UI language's
 * direction, and its title from the catalogue.
 */
export function localizeDocument(titleKey: MessageKey): void {
  const root = document.documentElement;
  root.lang = t('languageTag');
  const direction = browser.i18n.getMessage('@@bidi_dir');
  if (direction === 'rtl' || direction === 'ltr') root.dir = direction;
  document.title = t(titleKey);
}

export function uiLanguage(): string {
  try {
    return browser.i18n.getUILanguage() || 'en';
  } catch {
    return 'en';
  }
}

/**
 * A count in words: picks `key_one`, `key_many`, ... by the plural rules of the language the words
 * are in (the catalogue's: English where the UI language has none), falling back to `key_other`.
 * `$1` in the message is the count, written in the UI language; further substitutions follow it.
 */
export function tn(key: PluralKey, count: number, ...rest: string[]): string {
  const lang = uiLanguage();
  if (formats?.lang !== lang) {
    formats = {
      lang,
      plurals: new Intl.PluralRules(t('languageTag')),
      numbers: new Intl.NumberFormat(lang),
    };
  }
  const substitutions = [formats.numbers.format(count), ...rest];
  const form = formats.plurals.select(count);
  return (
    // Forms other than _one/_other exist only in some languages' catalogues (not in the typed keys).
    browser.i18n.getMessage(`${key}_${form}` as MessageKey, substitutions) ||
    browser.i18n.getMessage(`${key}_other`, substitutions) ||
    key
  );
}
