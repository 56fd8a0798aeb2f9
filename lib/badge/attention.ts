// The states in which the toolbar asks for the user's attention instead of counting mentions,
// each with its own glyph and colour. Glyphs, not words: they need no translation and fit the
// badge's four characters.

export const ATTENTION_STATES = [
  'not-set-up',
  'key-rejected',
  'unreachable',
  'permission-missing',
] as const;
export type Attention = (typeof ATTENTION_STATES)[number];

/**
 * Colours are dark enough for white badge text (contrast ≥ 4.5:1, like the light toolbar) and light
 * enough to stand out on a dark toolbar (≥ 3:1 against #202124); tests/unit/badge checks both.
 */
export const UNREAD_COLOR = '#1A73E8';
export const BADGE_TEXT_COLOR = '#FFFFFF';

export const ATTENTION_BADGE: Record<Attention, { text: string; color: string }> = {
  'not-set-up': { text: '?', color: '#70757A' },
  'key-rejected': { text: '!', color: '#D93025' },
  unreachable: { text: '×', color: '#B06000' },
  'permission-missing': { text: '⊘', color: '#A142F4' },
};

export interface AttentionFacts {
  /** Service URL and API key are both set. */
  configured: boolean;
  /** The optional host permission for the service origin is granted. */
  permissionGranted: boolean;
  /** Login failed twice: polling is paused until the settings change. */
  keyRejected: boolean;
  /** The schedule's `attention`: several failures in a row, not one blip. */
  serviceFailing: boolean;
}

/** One state at a time, the one to fix first: each later one cannot be judged before it. */
export function attentionFrom(facts: AttentionFacts): Attention | null {
  if (!facts.configured) return 'not-set-up';
  if (!facts.permissionGranted) return 'permission-missing';
  if (facts.keyRejected) return 'key-rejected';
  if (facts.serviceFailing) return 'unreachable';
  return null;
}
