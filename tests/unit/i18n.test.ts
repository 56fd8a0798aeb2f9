import { describe, expect, it } from 'vitest';
import { t, tn } from '@/lib/i18n';
import { getMessage } from './support/i18n';

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

  it('falls back to the key for a message that is missing', () => {
    expect(t('missingKey' as never)).toBe('missingKey');
    expect(tn('missingCount' as never, 2)).toBe('missingCount');
  });
});
