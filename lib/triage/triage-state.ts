// What the user decided about their attention, per account: mute rules, per-project switches (notify
// on this computer, count on the badge), a snooze, and how many new mentions were held back while
// snoozed or in quiet hours (for the one summary at the end). Written only by the background
// (lib/background/triage-commands.ts, the poll's merge); pages read it through triageItem.
//
// A plain guard rather than a zod schema: the popup reads it for its first screen, and every part
// is checked on its own, so damage to one rule or one switch loses that one and nothing else.
import { isRecord } from '@/lib/service/envelope';
import { normalizeMuteValue } from '@/lib/triage/mute';

export type MuteKind = 'author' | 'site' | 'phrase';

export const MUTE_KINDS: readonly MuteKind[] = ['author', 'site', 'phrase'];

export interface MuteRule {
  /** 'r' + base36 of createdAt + a random suffix: unique, and says when it was made. */
  id: string;
  kind: MuteKind;
  /** Normalised (normalizeMuteValue): author trimmed, site a registrable domain, phrase trimmed. */
  value: string;
  /** null: all projects. */
  projectId: number | null;
  createdAt: number;
}

export interface ProjectSwitches {
  notify: boolean;
  badge: boolean;
}

/** until null: until turned back on. */
export interface Snooze {
  until: number | null;
}

export interface TriageState {
  /** Newest first, at most MAX_MUTE_RULES. */
  muteRules: MuteRule[];
  /** By project id; only projects changed from the default (both on). */
  projectSwitches: Record<string, ProjectSwitches>;
  /** null: not snoozed. */
  snooze: Snooze | null;
  /** New mentions not notified while snoozed or quiet, for the one summary at the end. */
  missed: number;
  /**
   * "Resume notifications" during quiet hours lifts them until they end (epoch ms): absent when
   * never used. Read through holdOf (lib/triage/hold.ts), which says what holds notifications.
   */
  quietResumedUntil?: number;
}

/** Enough for anyone's habits; a bound keeps every poll's matching cheap. */
export const MAX_MUTE_RULES = 500;

export const DEFAULT_SWITCHES: ProjectSwitches = { notify: true, badge: true };

export const EMPTY_TRIAGE: TriageState = {
  muteRules: [],
  projectSwitches: {},
  snooze: null,
  missed: 0,
};

const isProjectId = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

const isTime = (value: unknown): value is number => Number.isFinite(value);

/** A stored rule, or null when any part of it is damaged (a value not in its normal form too). */
export function parseMuteRule(raw: unknown): MuteRule | null {
  if (!isRecord(raw)) return null;
  const { id, kind, value, projectId, createdAt } = raw;
  if (
    typeof id !== 'string' ||
    !/^r[0-9a-z]{1,40}$/.test(id) ||
    !MUTE_KINDS.includes(kind as MuteKind) ||
    typeof value !== 'string' ||
    normalizeMuteValue(kind as MuteKind, value) !== value ||
    !(projectId === null || isProjectId(projectId)) ||
    !isTime(createdAt)
  ) {
    return null;
  }
  return { id, kind: kind as MuteKind, value, projectId, createdAt };
}

function parseSwitches(raw: unknown): Record<string, ProjectSwitches> {
  const out: Record<string, ProjectSwitches> = {};
  if (!isRecord(raw)) return out;
  for (const [id, value] of Object.entries(raw)) {
    if (!isRecord(value) || !/^\d{1,16}$/.test(id) || !isProjectId(Number(id))) continue;
    const { notify, badge } = value;
    if (typeof notify !== 'boolean' || typeof badge !== 'boolean' || (notify && badge)) continue;
    out[String(Number(id))] = { notify, badge };
  }
  return out;
}

/** Whatever storage holds, as a usable state: damaged parts dropped, never throws. */
export function parseTriage(raw: unknown): TriageState {
  if (!isRecord(raw)) return EMPTY_TRIAGE;
  const muteRules: MuteRule[] = [];
  const ids = new Set<string>();
  for (const value of Array.isArray(raw.muteRules) ? (raw.muteRules as unknown[]) : []) {
    const rule = parseMuteRule(value);
    if (!rule || ids.has(rule.id)) continue;
    ids.add(rule.id);
    muteRules.push(rule);
    if (muteRules.length === MAX_MUTE_RULES) break;
  }
  const snooze = raw.snooze;
  return {
    muteRules,
    projectSwitches: parseSwitches(raw.projectSwitches),
    snooze:
      isRecord(snooze) && (snooze.until === null || isTime(snooze.until))
        ? { until: snooze.until }
        : null,
    missed:
      Number.isSafeInteger(raw.missed) && (raw.missed as number) > 0 ? (raw.missed as number) : 0,
    ...(isTime(raw.quietResumedUntil) ? { quietResumedUntil: raw.quietResumedUntil } : {}),
  };
}

export function switchesOf(state: TriageState, projectId: number): ProjectSwitches {
  return state.projectSwitches[String(projectId)] ?? DEFAULT_SWITCHES;
}

/** Snoozed now: until turned back on, or until a time still ahead. */
export function isSnoozed(state: TriageState, now: number): boolean {
  const until = state.snooze?.until;
  return until === null || (until !== undefined && until > now);
}
