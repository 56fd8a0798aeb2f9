import { describe, expect, it } from 'vitest';
import {
  ATTENTION_BADGE,
  ATTENTION_STATES,
  BADGE_TEXT_COLOR,
  UNREAD_COLOR,
  attentionFrom,
} from '@/lib/badge/attention';

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
const ALL_COLOURS: [string, string][] = [
  ['unread', UNREAD_COLOR],
  ...ATTENTION_STATES.map((s): [string, string] => [s, ATTENTION_BADGE[s].color]),
];

describe('badge colours', () => {
  it.each(ALL_COLOURS)(
    '%s (%s) carries white text and stands out on light and dark toolbars',
    (_name, colour) => {
      expect(colour).toMatch(/^#[0-9A-F]{6}$/);
      expect(contrast(colour, BADGE_TEXT_COLOR)).toBeGreaterThanOrEqual(4.5);
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
