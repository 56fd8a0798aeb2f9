// Everything the toolbar button shows, computed from plain facts: text, colours and tooltip.

import { capLength, oneLine } from '@/lib/mentions/plain-text';
import {
  ATTENTION_BADGE,
  BADGE_TEXT_COLOR,
  UNREAD_COLOR,
  type Attention,
} from '@/lib/badge/attention';
import { badgeText } from '@/lib/badge/badge-text';
import { uiLanguage } from '@/lib/i18n';
import { tooltipText as text } from '@/lib/badge/messages';

export interface ProjectUnread {
  name: string;
  unread: number;
}

export interface BadgeInput {
  unread: number;
  attention: Attention | null;
  /**
   * The failure behind 'unreachable' is this browser's storage refusing the poll's results, not
   * the service: the tooltip says so (the glyph stays, the remedy differs).
   */
  storageFailing?: boolean;
  /** For the tooltip; projects with nothing unread are left out of it. */
  perProject?: readonly ProjectUnread[];
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
      ? text.neverChecked()
      : text.lastSuccess(formatTime(input.lastSuccessAt));
  const projectLines = unreadLines(input.perProject ?? []);

  if (input.attention) {
    const { text: glyph, color } = ATTENTION_BADGE[input.attention];
    // What is wrong and what to do first; the counts still help, the check time says how stale.
    const storage = input.attention === 'unreachable' && input.storageFailing === true;
    const title = [
      text.appName(),
      storage ? text.storageProblem() : text.problem(input.attention),
      storage ? text.storageRemedy() : text.remedy(input.attention),
      ...projectLines,
      status,
    ];
    return { text: glyph, color, textColor: BADGE_TEXT_COLOR, title: title.join('\n') };
  }

  const counts = projectLines.length > 0 ? projectLines : [text.noUnread()];
  return {
    text: badgeText(input.unread),
    color: UNREAD_COLOR,
    textColor: BADGE_TEXT_COLOR,
    title: [text.appName(), ...counts, status].join('\n'),
  };
}

function unreadLines(perProject: readonly ProjectUnread[]): string[] {
  const busy = perProject
    .filter((p) => p.unread > 0)
    .map((p) => ({ name: displayName(p.name), unread: p.unread }))
    .sort((a, b) => b.unread - a.unread || a.name.localeCompare(b.name));
  const shown = busy.length > PROJECT_LINES ? busy.slice(0, PROJECT_LINES - 1) : busy;
  const lines = shown.map((p) => text.projectUnread(p.name, p.unread));
  return busy.length > shown.length
    ? [...lines, text.moreProjects(busy.length - shown.length)]
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
