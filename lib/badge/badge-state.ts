// Everything the toolbar button shows, computed from plain facts: the count's text, the states that
// ask for the user's attention instead, the colours, and the tooltip's words.

import { t, tn, type MessageKey, uiLanguage } from '@/lib/i18n';
import { capLength, oneLine } from '@/lib/mentions/plain-text';

// The badge shows at most four characters: 1..999, then "999+".

const BADGE_MAX_COUNT = 999;

/** '' at 0 (and for anything that is not a positive count), '1'..'999', then '999+'. */
function badgeText(unread: number): string {
  if (!(unread >= 1)) return '';
  if (unread > BADGE_MAX_COUNT) return `${BADGE_MAX_COUNT}+`;
  return String(Math.floor(unread));
}

// The states in which the toolbar asks for the user's attention instead of counting mentions,
// each with its own glyph and colour. Glyphs, not words: they need no translation and fit the
// badge's four characters.

export type Attention = 'not-set-up' | 'key-rejected' | 'unreachable' | 'permission-missing';

/**
 * Colours are dark enough for white badge text (contrast ≥ 4.5:1, like the light toolbar) and light
 * enough to stand out on a dark toolbar (≥ 3:1 against #202124); tests/unit/badge checks both.
 */
const UNREAD_COLOR = '#1A73E8';
const BADGE_TEXT_COLOR = '#FFFFFF';

const ATTENTION_BADGE: Record<Attention, { text: string; color: string }> = {
  'not-set-up': { text: '?', color: '#70757A' },
  'key-rejected': { text: '!', color: '#D93025' },
  unreachable: { text: '×', color: '#B06000' },
  'permission-missing': { text: '⊘', color: '#A142F4' },
};

interface AttentionFacts {
  /** Service URL and API key are both set. */
  configured: boolean;
  /** The optional host permission for the service origin is granted. */
  permissionGranted: boolean;
  /** Login failed twice: polling is paused until the settings change. */
  keyRejected: boolean;
  /** The schedule's `attention`: several failures in a row, not one blip. */
  serviceFailing: boolean;
}

const ATTENTION_ORDER: readonly Attention[] = [
  'not-set-up',
  'permission-missing',
  'key-rejected',
  'unreachable',
];

/** Where a state comes in the order of what to fix first (attentionFrom's). */
export function attentionOrder(attention: Attention | null): number {
  return attention === null ? ATTENTION_ORDER.length : ATTENTION_ORDER.indexOf(attention);
}

/** One state at a time, the one to fix first: each later one cannot be judged before it. */
export function attentionFrom(facts: AttentionFacts): Attention | null {
  if (!facts.configured) return 'not-set-up';
  if (!facts.permissionGranted) return 'permission-missing';
  if (facts.keyRejected) return 'key-rejected';
  if (facts.serviceFailing) return 'unreachable';
  return null;
}

// Every user-visible string of the toolbar button, from the locale catalogue.

const PROBLEMS: Record<Attention, MessageKey> = {
  'not-set-up': 'badgeProblemNotSetUp',
  'key-rejected': 'badgeProblemKeyRejected',
  unreachable: 'badgeProblemUnreachable',
  'permission-missing': 'badgeProblemPermissionMissing',
};

const REMEDIES: Record<Attention, MessageKey> = {
  'not-set-up': 'badgeRemedyNotSetUp',
  'key-rejected': 'badgeRemedyKeyRejectedRetrying',
  unreachable: 'badgeRemedyUnreachable',
  'permission-missing': 'badgeRemedyPermissionMissing',
};

const tooltip = {
  appName: (): string => t('extName'),
  projectUnread: (projectName: string, unread: number): string =>
    t('badgeProjectUnread', [projectName, String(unread)]),
  moreProjects: (count: number): string => tn('badgeMoreProjects', count),
  noUnread: (): string => t('badgeNoUnread'),
  lastSuccess: (time: string): string => t('badgeLastSuccess', time),
  neverChecked: (): string => t('badgeNeverChecked'),
  problem: (attention: Attention): string => t(PROBLEMS[attention]),
  remedy: (attention: Attention): string => t(REMEDIES[attention]),
  storageProblem: (): string => t('badgeProblemStorage'),
  storageRemedy: (): string => t('badgeRemedyStorage'),
};

interface ProjectUnread {
  name: string;
  unread: number;
}

interface BadgeInput {
  unread: number;
  attention: Attention | null;
  /**
   * The failure behind 'unreachable' is this browser's storage refusing the poll's results, not
   * the service: the tooltip says so (the glyph stays, the remedy differs).
   */
  storageFailing?: boolean;
  /** For the tooltip; projects with nothing unread are left out of it. */
  perProject?: readonly ProjectUnread[];
  /** Several accounts: a line per account instead of per project, each account's total. */
  perAccount?: readonly ProjectUnread[];
  /** Several accounts: the name of the one that needs attention. */
  attentionAccount?: string;
  lastSuccessAt?: number | null;
  /** Injected so the output does not depend on the machine's locale and zone in tests. */
  formatTime?: (epochMs: number) => string;
}

export interface BadgeState {
  text: string;
  color: string;
  textColor: string;
  /** The tooltip. */
  title: string;
}

/** Tooltips get cut off by the browser; name the busiest projects and count the rest. */
const PROJECT_LINES = 8;
const NAME_LENGTH = 40;

export function badgeState(input: BadgeInput): BadgeState {
  const formatTime = input.formatTime ?? defaultFormatTime;
  const status =
    input.lastSuccessAt == null || !Number.isFinite(input.lastSuccessAt)
      ? tooltip.neverChecked()
      : tooltip.lastSuccess(formatTime(input.lastSuccessAt));
  const projectLines = input.perAccount
    ? input.perAccount.map((a) => tooltip.projectUnread(displayName(a.name), a.unread))
    : unreadLines(input.perProject ?? []);
  const named = (line: string) =>
    input.attentionAccount === undefined
      ? line
      : t('badgeAccountLine', [displayName(input.attentionAccount), line]);

  if (input.attention) {
    const { text: glyph, color } = ATTENTION_BADGE[input.attention];
    // What is wrong and what to do first; the counts still help, the check time says how stale.
    const storage = input.attention === 'unreachable' && input.storageFailing === true;
    const title = [
      tooltip.appName(),
      named(storage ? tooltip.storageProblem() : tooltip.problem(input.attention)),
      storage ? tooltip.storageRemedy() : tooltip.remedy(input.attention),
      ...projectLines,
      status,
    ];
    return { text: glyph, color, textColor: BADGE_TEXT_COLOR, title: title.join('\n') };
  }

  const counts = projectLines.length > 0 ? projectLines : [tooltip.noUnread()];
  return {
    text: badgeText(input.unread),
    color: UNREAD_COLOR,
    textColor: BADGE_TEXT_COLOR,
    title: [tooltip.appName(), ...counts, status].join('\n'),
  };
}

function unreadLines(perProject: readonly ProjectUnread[]): string[] {
  const busy = perProject
    .filter((p) => p.unread > 0)
    .map((p) => ({ name: displayName(p.name), unread: p.unread }))
    .sort((a, b) => b.unread - a.unread || a.name.localeCompare(b.name));
  const shown = busy.length > PROJECT_LINES ? busy.slice(0, PROJECT_LINES - 1) : busy;
  const lines = shown.map((p) => tooltip.projectUnread(p.name, p.unread));
  return busy.length > shown.length
    ? [...lines, tooltip.moreProjects(busy.length - shown.length)]
    : lines;
}

/** Project names are remote text: one line, bounded. */
function displayName(name: string): string {
  return capLength(oneLine(name), NAME_LENGTH);
}

/** In the browser's UI language, as the tooltip's words around it. */
function defaultFormatTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString(uiLanguage(), { dateStyle: 'short', timeStyle: 'short' });
}
