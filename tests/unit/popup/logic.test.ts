// The popup's small pure rules: shortcuts, click modes, relative times, row text and what a refresh achieved.
import { describe, expect, it } from 'vitest';
import { emptyMentionStore, type StoredMention } from '@/lib/mentions/store';
import { keyCommand, type KeyPress } from '@/lib/mention-view/keyboard';
import { mentionBody, mentionTitle, sentimentOf } from '@/lib/mention-view/mention-text';
import { openMode } from '@/lib/navigation/open-intent';
import { refreshOutcome, type RefreshFacts } from '@/lib/sync/refresh-result';
import { exactTime, isoTime } from '@/lib/time/format';
import { formatAge as relativeTime, sameRelativeTime } from '@/lib/time/relative-time';
import { sameMention } from '@/lib/mention-view/same-mention';
import { initialSyncStatus } from '@/lib/sync/status';
import { stored, storeOf } from '../mentions/mention-factory';

describe('keyCommand', () => {
  const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  const list = { inField: false, inList: true };
  const page = { inField: false, inList: false };
  const field = { inField: true, inList: false };
  const cases: [string, KeyPress, typeof list, ReturnType<typeof keyCommand>][] = [
    ['j moves down', press('j'), list, 'next'],
    ['k moves up', press('k'), list, 'previous'],
    ['ArrowDown moves down', press('ArrowDown'), list, 'next'],
    ['ArrowUp moves up', press('ArrowUp'), list, 'previous'],
    ['Home and End in the list', press('Home'), list, 'first'],
    ['End', press('End'), list, 'last'],
    ['m toggles read', press('m'), list, 'toggle-read'],
    ['r refreshes', press('r'), list, 'refresh'],
    ['/ focuses the filter', press('/'), list, 'filter'],
    ['/ typed with Shift on some layouts', press('/'), page, 'filter'],
    ['j from outside the list enters it', press('j'), page, 'next'],
    ['ArrowDown from outside enters it', press('ArrowDown'), page, 'next'],
    ['ArrowUp outside the list scrolls as usual', press('ArrowUp'), page, null],
    ['Home outside the list is left alone', press('Home'), page, null],
    ['m outside the list does nothing', press('m'), page, null],
    ['r on the page refreshes', press('r'), page, 'refresh'],
    ['Ctrl+R is the browser reload', press('r', { ctrlKey: true }), page, null],
    ['Cmd+J is not ours', press('j', { metaKey: true }), list, null],
    ['Alt+m is not ours', press('m', { altKey: true }), list, null],
    ['letters in a field are typing', press('j'), field, null],
    ['/ in a field is typing', press('/'), field, null],
    ['arrows in a select choose options', press('ArrowDown'), field, null],
    ['capital R is not r', press('R'), page, null],
    ['Enter is native', press('Enter'), list, null],
  ];
  for (const [name, key, where, expected] of cases) {
    it(name, () => expect(keyCommand(key, where)).toBe(expected));
  }
});

describe('openMode', () => {
  const click = (
    button: number,
    mods: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean } = {},
  ) => ({
    button,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
  });
  const cases: [string, ReturnType<typeof click>, ReturnType<typeof openMode>][] = [
    ['plain click: in front, popup closes', click(0), 'foreground'],
    ['Ctrl+click: behind', click(0, { ctrlKey: true }), 'background'],
    ['Cmd+click: behind', click(0, { metaKey: true }), 'background'],
    ['Shift+click: behind', click(0, { shiftKey: true }), 'background'],
    ['middle button: behind', click(1), 'background'],
    ['right button: the context menu, not ours', click(2), null],
    ['back button: not ours', click(3), null],
  ];
  for (const [name, event, expected] of cases) {
    it(name, () => expect(openMode(event)).toBe(expected));
  }
});

describe('relativeTime', () => {
  const now = Date.UTC(2024, 5, 15, 12);
  const min = 60_000;
  const cases: [number, string][] = [
    [0, 'just now'],
    [59_000, 'just now'],
    [-5 * min, 'just now'],
    [min, '1 minute ago'],
    [5 * min, '5 minutes ago'],
    [59 * min, '59 minutes ago'],
    [60 * min, '1 hour ago'],
    [23 * 60 * min, '23 hours ago'],
    [24 * 60 * min, 'yesterday'],
    [3 * 24 * 60 * min, '3 days ago'],
    [8 * 24 * 60 * min, 'last week'],
    [45 * 24 * 60 * min, 'last month'],
    [800 * 24 * 60 * min, '2 years ago'],
  ];
  for (const [age, words] of cases) {
    it(`${age} ms ago reads "${words}"`, () => {
      expect(relativeTime(now - age, now, 'en', 'just now')).toBe(words);
    });
  }

  it('follows the language', () => {
    expect(relativeTime(now - 5 * min, now, 'de', 'gerade eben')).toBe('vor 5 Minuten');
  });

  it('a time that is not a number reads as now rather than NaN', () => {
    expect(relativeTime(Number.NaN, now, 'en', 'just now')).toBe('just now');
  });

  it('exact and machine-readable forms', () => {
    expect(isoTime(now)).toBe('2024-06-15T12:00:00.000Z');
    expect(isoTime(Number.NaN)).toBe('');
    expect(exactTime(now, 'en')).toMatch(/2024/);
  });

  it('the exact time reads as toLocaleString does, from a formatter kept per locale', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
    for (const locale of ['en', 'de', 'ar', 'ja']) {
      for (const at of [now, 0, now - 400 * 24 * 60 * min]) {
        expect(exactTime(at, locale)).toBe(new Date(at).toLocaleString(locale, options));
      }
    }
    // A damaged time reads as the browser says it, rather than throwing.
    for (const at of [Number.NaN, 9e15, Number.POSITIVE_INFINITY]) {
      expect(exactTime(at, 'en')).toBe(new Date(at).toLocaleString('en', options));
    }
  });

  describe('whether a time reads the same at two moments (a row renders again only if not)', () => {
    const cases: [string, number, number, boolean][] = [
      ['the same moment', 5 * min, 5 * min, true],
      ['within the same minute', 5 * min, 5 * min + 30_000, true],
      ['the next minute', 5 * min, 6 * min, false],
      ['still "just now"', 10_000, 50_000, true],
      ['"just now" to 1 minute', 50_000, 70_000, false],
      ['59 minutes to 1 hour', 59 * min, 60 * min, false],
      ['within the same day', 30 * 60 * min, 31 * 60 * min, true],
      ['a time that is not a number', Number.NaN, Number.NaN, true],
    ];
    for (const [name, ageBefore, ageAfter, same] of cases) {
      it(name, () => {
        expect(sameRelativeTime(now - ageBefore, now, now - ageBefore + ageAfter)).toBe(same);
        const words = (at: number) => relativeTime(now - ageBefore, at, 'en', 'just now');
        expect(words(now) === words(now - ageBefore + ageAfter)).toBe(same);
      });
    }
  });
});

describe('sameMention: whether a re-read record shows the same row', () => {
  const base = stored({ id: 1, title: 'Alpha' });
  const cases: [string, StoredMention, boolean][] = [
    ['the same object', base, true],
    ['a copy (the store read again)', { ...base }, true],
    ['read now', { ...base, read: true }, false],
    ['a new title', { ...base, title: 'Beta' }, false],
    ['another author', { ...base, author: 'someone else' }, false],
    ['a field less', (({ snippet: _, ...rest }) => rest as StoredMention)(base), false],
    ['a field more', { ...base, extra: 1 } as StoredMention, false],
    ['a sentiment gone damaged', { ...base, sentiment: Number.NaN }, false],
  ];
  for (const [name, other, same] of cases) {
    it(name, () => {
      expect(sameMention(base, other)).toBe(same);
      expect(sameMention(other, base)).toBe(same);
    });
  }
  it('NaN equals NaN (a damaged number does not render the row on every change)', () => {
    const damaged = { ...base, sentiment: Number.NaN };
    expect(sameMention(damaged, { ...damaged })).toBe(true);
  });
});

describe('row text', () => {
  it('the snippet, or the summary when the snippet is empty, on one line and bounded', () => {
    expect(mentionBody({ snippet: '  a\n\nsnippet ', text_summary: 'summary' })).toBe('a snippet');
    expect(mentionBody({ snippet: '', text_summary: 'the\nsummary' })).toBe('the summary');
    expect(mentionBody({ snippet: '', text_summary: null })).toBe('');
    const long = mentionBody({ snippet: '', text_summary: 'x'.repeat(2_000) });
    expect(long).toHaveLength(280);
    expect(long.endsWith('…')).toBe(true);
  });

  it('a title, or the address when the title is empty', () => {
    expect(mentionTitle({ title: 'Hello\nworld', url: 'https://a.test/' })).toBe('Hello world');
    expect(mentionTitle({ title: '  ', url: 'https://a.test/x' })).toBe('https://a.test/x');
    expect(mentionTitle({ title: 'y'.repeat(500), url: '' })).toHaveLength(300);
  });

  it('sentiment: the sign of an opaque integer', () => {
    expect(sentimentOf(3)).toBe('positive');
    expect(sentimentOf(0)).toBe('neutral');
    expect(sentimentOf(-1)).toBe('negative');
    expect(sentimentOf(Number.NaN)).toBe('neutral');
  });
});

describe('refreshOutcome', () => {
  const startedAt = 1_000_000;
  const facts = (patch: Partial<RefreshFacts> = {}): RefreshFacts => ({
    result: { ok: true, value: { polled: true } },
    startedAt,
    configured: true,
    status: initialSyncStatus(),
    store: emptyMentionStore(),
    ...patch,
  });
  const error = (at: number) => ({ kind: 'server', message: 'The service failed.', at });

  it('counts the mentions first stored since the press', () => {
    const store = storeOf(
      stored({ id: 1, firstSeen: startedAt - 1 }),
      stored({ id: 2, firstSeen: startedAt }),
      stored({ id: 3, firstSeen: startedAt + 500 }),
    );
    expect(refreshOutcome(facts({ store }))).toEqual({ kind: 'done', added: 2, partial: false });
    expect(refreshOutcome(facts())).toEqual({ kind: 'done', added: 0, partial: false });
  });

  it('says when some projects failed in this poll', () => {
    const status = {
      ...initialSyncStatus(),
      projectErrors: { '1': error(startedAt + 10), '2': error(startedAt - 10) },
    };
    expect(refreshOutcome(facts({ status }))).toMatchObject({ kind: 'done', partial: true });
    const old = { ...initialSyncStatus(), projectErrors: { '2': error(startedAt - 10) } };
    expect(refreshOutcome(facts({ status: old }))).toMatchObject({ partial: false });
  });

  it('reports failures in words', () => {
    expect(
      refreshOutcome(
        facts({ result: { ok: false, error: { kind: 'internal', message: 'Broken.' } } }),
      ),
    ).toEqual({ kind: 'failed', message: 'Broken.' });
    const status = { ...initialSyncStatus(), lastError: error(startedAt + 1) };
    expect(
      refreshOutcome(facts({ result: { ok: true, value: { polled: false } }, status })),
    ).toEqual({ kind: 'failed', message: 'The service failed.' });
  });

  it('an old error does not make a fresh poll fail', () => {
    const status = { ...initialSyncStatus(), lastError: error(startedAt - 1) };
    expect(refreshOutcome(facts({ status }))).toMatchObject({ kind: 'done' });
  });

  it('names the states that stop polling', () => {
    const skipped = { ok: true as const, value: { polled: false } };
    expect(refreshOutcome(facts({ result: skipped, configured: false }))).toEqual({
      kind: 'not-set-up',
    });
    expect(
      refreshOutcome(
        facts({ result: skipped, status: { ...initialSyncStatus(), permissionMissing: true } }),
      ),
    ).toEqual({ kind: 'permission-missing' });
    expect(
      refreshOutcome(
        facts({ result: skipped, status: { ...initialSyncStatus(), keyRejected: true } }),
      ),
    ).toEqual({ kind: 'key-rejected' });
    expect(refreshOutcome(facts({ result: skipped }))).toEqual({ kind: 'skipped' });
  });
});
