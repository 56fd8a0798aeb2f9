// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localizeDocument, t, tn } from '@/lib/i18n';
import { getMessage, installFakeI18n } from './support/i18n';

const catalogue = (lang: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../public/_locales/${lang}/messages.json`), 'utf8'),
  ) as Record<string, { message: string }>;

describe('i18n', () => {
  it('reads messages from the English catalogue', () => {
    expect(t('extName')).toBe('Mention Monitor');
  });

  it('substitutes positional and named placeholders like the browser does', () => {
    expect(getMessage('extName')).toBe('Mention Monitor');
    expect(getMessage('no such message')).toBe('');
    expect(getMessage('badgeProjectUnread', ['Acme', '3'])).toBe('Acme: 3');
    // Substituted text is inserted as it is: a `$$` or `$1` in it is not read again.
    expect(getMessage('badgeProjectUnread', ['Cost $$ $1', '3'])).toBe('Cost $$ $1: 3');
  });

  it('reads a message without substitutions from the browser once, and again in another language', () => {
    installFakeI18n('en');
    const reads = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    expect([t('popupMarkRead'), t('popupMarkRead'), t('popupMarkRead')]).toEqual(
      Array(3).fill(getMessage('popupMarkRead')),
    );
    expect(reads.mock.calls.filter(([key]) => key === 'popupMarkRead')).toHaveLength(1);
    // With substitutions, every call reads: the words differ.
    expect(t('badgeProjectUnread', ['Acme', '3'])).toBe('Acme: 3');
    expect(t('badgeProjectUnread', ['Globex', '4'])).toBe('Globex: 4');
    reads.mockRestore();
    installFakeI18n('de');
    expect(t('popupMarkRead')).toBe(catalogue('de').popupMarkRead.message);
    installFakeI18n('en');
    expect(t('popupMarkRead')).toBe(catalogue('en').popupMarkRead.message);
  });

  it('falls back to the key for a message that is missing', () => {
    expect(t('missingKey' as never)).toBe('missingKey');
    expect(tn('missingCount' as never, 2)).toBe('missingCount');
  });
});

describe('i18n in the browser’s language', () => {
  it('marks a page with its words’ language and title', () => {
    installFakeI18n('de');
    localizeDocument('optionsPageTitle');
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe(getMessage('optionsPageTitle'));
    expect(document.title).not.toBe(catalogue('en').optionsPageTitle.message);
  });

  it('picks French plural forms: one for 0 and 1, many for millions', () => {
    installFakeI18n('fr');
    const fr = catalogue('fr');
    const form = (name: string, count: string) => fr[name].message.replace('$COUNT$', count);
    expect(tn('popupUnreadCount', 0)).toBe(form('popupUnreadCount_one', '0'));
    expect(tn('popupUnreadCount', 1)).toBe(form('popupUnreadCount_one', '1'));
    expect(tn('popupUnreadCount', 2)).toBe(form('popupUnreadCount_other', '2'));
    expect(tn('popupUnreadCount', 1_000_000)).toBe(
      form('popupUnreadCount_many', new Intl.NumberFormat('fr').format(1_000_000)),
    );
  });

  it('writes counts with the UI language’s digits and separators', () => {
    installFakeI18n('de');
    expect(tn('popupUnreadCount', 1234)).toContain('1.234');
    installFakeI18n('en');
    expect(tn('popupUnreadCount', 1234)).toBe('1,234 unread');
  });
});
