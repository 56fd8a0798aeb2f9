// Every string a person reads goes through here, so a translation is a new
// public/_locales/<lang>/messages.json, not a code change.
import { browser } from 'wxt/browser';

/** Message names, checked against the English catalogue at compile time (a type-only import). */
export type MessageKey = keyof typeof import('../public/_locales/en/messages.json');

/** Keys that exist in plural forms: `name_one`, `name_other` (and more where a language needs). */
type PluralBase<K> = K extends `${infer Base}_other` ? Base : never;
export type PluralKey = PluralBase<MessageKey>;

export function t(key: MessageKey, substitutions?: string | string[]): string {
  // An unknown key returns '' from the browser: showing the key is better than a blank control.
  return browser.i18n.getMessage(key, substitutions) || key;
}

let pluralRules: Intl.PluralRules | undefined;
let numberFormat: Intl.NumberFormat | undefined;

export function uiLanguage(): string {
  try {
    return browser.i18n.getUILanguage() || 'en';
  } catch {
    return 'en';
  }
}

/**
 * A count in words: picks `key_one`, `key_few`, ... by the UI language's plural rules, falling back
 * to `key_other`. `$1` in the message is the formatted count; further substitutions follow it.
 */
export function tn(key: PluralKey, count: number, ...rest: string[]): string {
  pluralRules ??= new Intl.PluralRules(uiLanguage());
  numberFormat ??= new Intl.NumberFormat(uiLanguage());
  const substitutions = [numberFormat.format(count), ...rest];
  const form = pluralRules.select(count);
  return (
    // Forms other than _one/_other exist only in some languages' catalogues (not in the typed keys).
    browser.i18n.getMessage(`${key}_${form}` as MessageKey, substitutions) ||
    browser.i18n.getMessage(`${key}_other`, substitutions) ||
    key
  );
}
