// What the toolbar button shows: the count's text, the attention states, and the whole state from
// plain facts.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attentionFrom,
  badgeState,
  type Attention,
  type BadgeState,
} from '@/lib/badge/badge-state';

// The badge's parts as the toolbar gets them: the count's text, and each state's glyph and colours.
const badgeText = (unread: number) => badgeState({ unread, attention: null }).text;
const badgeOf = (attention: Attention | null) => badgeState({ unread: 1, attention });
const UNREAD_COLOR = badgeOf(null).color;
// A record, so that a state added to Attention and not here fails to compile.
const EVERY_ATTENTION: Record<Attention, true> = {
  'not-set-up': true,
  'key-rejected': true,
  unreachable: true,
  'permission-missing': true,
};
const ATTENTION_STATES = Object.keys(EVERY_ATTENTION) as Attention[];
const ATTENTION_BADGE = Object.fromEntries(
  ATTENTION_STATES.map((attention) => [attention, badgeOf(attention)]),
) as Record<Attention, BadgeState>;

describe('badgeText', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [42, '42'],
    [999, '999'],
    [1000, '999+'],
    [123_456_789, '999+'],
    [-1, ''],
    [0.5, ''],
    [2.9, '2'],
    [NaN, ''],
    [Infinity, '999+'],
    [-Infinity, ''],
  ])('%d shows %j', (unread, text) => {
    expect(badgeText(unread)).toBe(text);
  });

  it('is never longer than four characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (unread) => {
        expect(badgeText(unread).length).toBeLessThanOrEqual(4);
      }),
    );
  });
});

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const LIGHT_TOOLBAR = '#FFFFFF';
const DARK_TOOLBAR = '#202124';
// Each badge colour with the text colour drawn on it.
const ALL_COLOURS: [string, string, string][] = [null, ...ATTENTION_STATES].map((s) => {
  const { color, textColor } = badgeOf(s);
  return [s ?? 'unread', color, textColor];
});

describe('badge colours', () => {
  it.each(ALL_COLOURS)(
    '%s (%s) carries white text and stands out on light and dark toolbars',
    (_name, colour, textColor) => {
      expect(colour).toMatch(/^#[0-9A-F]{6}$/);
      expect(textColor).toBe('#FFFFFF');
      expect(contrast(colour, textColor)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, LIGHT_TOOLBAR)).toBeGreaterThanOrEqual(3);
      expect(contrast(colour, DARK_TOOLBAR)).toBeGreaterThanOrEqual(3);
    },
  );

  it('gives every attention state its own glyph and colour, distinct from the unread colour', () => {
    const glyphs = ATTENTION_STATES.map((s) => ATTENTION_BADGE[s].text);
    const colours = ATTENTION_STATES.map((s) => ATTENTION_BADGE[s].color);
    expect(new Set(glyphs).size).toBe(ATTENTION_STATES.length);
    expect(new Set([...colours, UNREAD_COLOR]).size).toBe(ATTENTION_STATES.length + 1);
    for (const glyph of glyphs) {
      expect(glyph.length).toBeGreaterThan(0);
      expect(glyph.length).toBeLessThanOrEqual(4);
      expect(glyph).not.toMatch(/\d/); // never mistaken for a count
    }
  });
});

describe('attentionFrom', () => {
  const healthy = {
    configured: true,
    permissionGranted: true,
    keyRejected: false,
    serviceFailing: false,
  };

  it.each([
    ['all well', healthy, null],
    [
      'not configured (wins over everything)',
      { configured: false, permissionGranted: false, keyRejected: true, serviceFailing: true },
      'not-set-up',
    ],
    [
      'permission missing (before trying the key)',
      { ...healthy, permissionGranted: false, keyRejected: true },
      'permission-missing',
    ],
    [
      'key rejected (before blaming the service)',
      { ...healthy, keyRejected: true, serviceFailing: true },
      'key-rejected',
    ],
    ['service failing', { ...healthy, serviceFailing: true }, 'unreachable'],
  ])('%s', (_case, facts, expected) => {
    expect(attentionFrom(facts)).toBe(expected);
  });
});

const formatTime = (ms: number) => `T${ms}`;

describe('badgeState: counting', () => {
  it('shows the unread count with per-project lines and the last successful check', () => {
    const state = badgeState({
      unread: 5,
      attention: null,
      perProject: [
        { name: 'Beta', unread: 1 },
        { name: 'Acme', unread: 4 },
        { name: 'Quiet', unread: 0 },
      ],
      lastSuccessAt: 42,
      formatTime,
    });
    expect(state).toEqual({
      text: '5',
      color: UNREAD_COLOR,
      textColor: '#FFFFFF',
      title: 'Mention Monitor\nAcme: 4\nBeta: 1\nLast successful check: T42',
    });
  });

  it('says so when nothing is unread or nothing was checked yet', () => {
    const state = badgeState({ unread: 0, attention: null, lastSuccessAt: null, formatTime });
    expect(state.text).toBe('');
    expect(state.title).toBe('Mention Monitor\nNo unread mentions\nNot checked yet');
  });

  it('orders by count then name and folds a long project list', () => {
    const perProject = Array.from({ length: 12 }, (_, i) => ({
      name: `P${String(i).padStart(2, '0')}`,
      unread: i < 6 ? 2 : 1,
    }));
    const lines = badgeState({ unread: 18, attention: null, perProject, formatTime }).title.split(
      '\n',
    );
    expect(lines.slice(1, 3)).toEqual(['P00: 2', 'P01: 2']);
    expect(lines).toContain('and 5 more projects');
    expect(lines).toHaveLength(1 + 8 + 1);
  });

  it('shows remote project names on one bounded line', () => {
    const { title } = badgeState({
      unread: 1,
      attention: null,
      perProject: [{ name: `Two\nlines ${'x'.repeat(100)}`, unread: 1 }],
      formatTime,
    });
    const line = title.split('\n')[1];
    expect(line.startsWith('Two lines')).toBe(true);
    expect(line.length).toBeLessThanOrEqual(40 + ': 1'.length);
  });
});

describe('badgeState: attention', () => {
  it.each([
    ['not-set-up', 'Not set up yet.', 'enter the service URL and API key'],
    ['key-rejected', 'The service rejected the API key.', 'tried again every few hours'],
    ['unreachable', 'The service cannot be reached.', 'Retrying automatically'],
    ['permission-missing', 'No permission to reach the service.', 'allow access'],
  ] as const)(
    '%s shows its glyph and colour, what is wrong and what to do',
    (attention, problem, remedy) => {
      const state = badgeState({ unread: 12, attention, lastSuccessAt: 7, formatTime });
      expect(state.text).toBe(ATTENTION_BADGE[attention].text);
      expect(state.color).toBe(ATTENTION_BADGE[attention].color);
      const lines = state.title.split('\n');
      expect(lines[1]).toBe(problem);
      expect(lines[2]).toContain(remedy);
      expect(lines.at(-1)).toBe('Last successful check: T7');
    },
  );

  it('says when it is this browser’s storage, not the service, that keeps failing', () => {
    const state = badgeState({
      unread: 2,
      attention: 'unreachable',
      storageFailing: true,
      lastSuccessAt: 7,
      formatTime,
    });
    expect(state.text).toBe(ATTENTION_BADGE.unreachable.text);
    const lines = state.title.split('\n');
    expect(lines[1]).toBe('New mentions could not be saved in this browser.');
    expect(lines[2]).toMatch(/nothing is lost/);
    expect(state.title).not.toContain('cannot be reached');
    // Only the service's failure is worded as such; other states ignore the flag.
    const rejected = badgeState({ unread: 0, attention: 'key-rejected', storageFailing: true });
    expect(rejected.title).toContain('rejected the API key');
  });

  it('keeps the per-project counts in the tooltip while asking for attention', () => {
    const { title } = badgeState({
      unread: 3,
      attention: 'unreachable',
      perProject: [{ name: 'Acme', unread: 3 }],
      formatTime,
    });
    expect(title.split('\n')).toContain('Acme: 3');
  });
});

describe('badgeState (property)', () => {
  it('badge text is never longer than four characters and the tooltip never empty', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double()),
        fc.constantFrom(null, ...ATTENTION_STATES),
        fc.array(fc.record({ name: fc.string(), unread: fc.integer({ min: 0, max: 5000 }) }), {
          maxLength: 20,
        }),
        (unread, attention, perProject) => {
          const state = badgeState({ unread, attention, perProject, lastSuccessAt: 0, formatTime });
          expect(state.text.length).toBeLessThanOrEqual(4);
          expect(state.title.length).toBeGreaterThan(0);
          expect(state.color).toMatch(/^#[0-9A-F]{6}$/);
        },
      ),
    );
  });
});
