// The checks of a settings backup's parts (backup.ts puts them together): each takes what the file
// holds for one part, reports every problem it finds in words a person reads (the catalogue's),
// and returns the part as the extension stores it. A file is outside input like any other: it may
// be hand-edited, truncated or made by a newer version, so nothing in it is trusted.
import { t } from '@/lib/i18n';
import { isRecord } from '@/lib/service/envelope';
import { isMinuteOfDay, type QuietHours } from '@/lib/settings/quiet-hours';
import { normalizeMuteValue } from '@/lib/triage/mute';
import { SAVED_LIMITS } from '@/lib/triage/saved';
import {
  MAX_MUTE_RULES,
  MUTE_KINDS,
  parseMuteRule,
  type MuteKind,
  type MuteRule,
  type ProjectSwitches,
} from '@/lib/triage/triage-state';

/** Collects one problem, already in words. */
export type Report = (problem: string) => void;

/** Project switches: one per project; far more than any account has. */
const MAX_SWITCHES = 10_000;

/** File text quoted in a problem: short, so a huge or hostile value cannot flood the message. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const isProjectId = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

export function parseQuietHours(raw: unknown, report: Report): QuietHours | undefined {
  if (!isRecord(raw)) {
    report(t('optionsBackupQuietHours'));
    return undefined;
  }
  let good = true;
  if (typeof raw.enabled !== 'boolean') {
    report(t('optionsBackupQuietEnabled'));
    good = false;
  }
  if (!isMinuteOfDay(raw.start)) {
    report(t('optionsBackupQuietStart'));
    good = false;
  }
  if (!isMinuteOfDay(raw.end)) {
    report(t('optionsBackupQuietEnd'));
    good = false;
  }
  return good
    ? { enabled: raw.enabled as boolean, start: raw.start as number, end: raw.end as number }
    : undefined;
}

/** One rule, numbered from 1 as a person counts; undefined when it has a problem. */
function parseRule(raw: unknown, n: string, report: Report): MuteRule | undefined {
  if (!isRecord(raw)) {
    report(t('optionsBackupRuleShape', n));
    return undefined;
  }
  const problems: string[] = [];
  const { kind, projectId, createdAt } = raw;
  const known = MUTE_KINDS.includes(kind as MuteKind);
  if (!known) problems.push(t('optionsBackupRuleKind', n));
  // In its normal form, as the mute command stores it (a site: the registrable domain).
  const value =
    known && typeof raw.value === 'string' ? normalizeMuteValue(kind as MuteKind, raw.value) : null;
  if (known && value === null) {
    problems.push(
      kind === 'site' && typeof raw.value === 'string' && raw.value.trim() !== ''
        ? t('optionsBackupRuleSite', [n, quote(raw.value)])
        : t('optionsBackupRuleValue', n),
    );
  }
  if (projectId !== null && !isProjectId(projectId)) {
    problems.push(t('optionsBackupRuleProject', n));
  }
  if (typeof createdAt !== 'number' || !Number.isFinite(createdAt) || createdAt < 0) {
    problems.push(t('optionsBackupRuleCreated', n));
  }
  // The rest is checked: what the stored rules' own guard still refuses is the id's form.
  const rule = problems.length === 0 ? parseMuteRule({ ...raw, value }) : null;
  if (problems.length === 0 && rule === null) problems.push(t('optionsBackupRuleId', n));
  problems.forEach(report);
  return rule ?? undefined;
}

/** Rules in the file's order; the same rule twice (kind, value and scope) is kept once. */
export function parseMuteRules(raw: unknown, report: Report): MuteRule[] | undefined {
  if (!Array.isArray(raw) || raw.length > MAX_MUTE_RULES) {
    report(t('optionsBackupRules', String(MAX_MUTE_RULES)));
    return undefined;
  }
  const rules: MuteRule[] = [];
  const ids = new Set<string>();
  const same = new Set<string>();
  let good = true;
  raw.forEach((item, index) => {
    const n = String(index + 1);
    const rule = parseRule(item, n, report);
    if (!rule) {
      good = false;
      return;
    }
    if (ids.has(rule.id)) {
      report(t('optionsBackupRuleId', n));
      good = false;
      return;
    }
    ids.add(rule.id);
    // Authors and phrases match case-insensitively, so case does not make a rule different.
    const identity = JSON.stringify([rule.kind, rule.value.toLowerCase(), rule.projectId]);
    if (same.has(identity)) return;
    same.add(identity);
    rules.push(rule);
  });
  return good ? rules : undefined;
}

/** Switches by project id; a project at the defaults (both on) is not kept, as the store does. */
export function parseProjectSwitches(
  raw: unknown,
  report: Report,
): Record<string, ProjectSwitches> | undefined {
  if (!isRecord(raw) || Object.keys(raw).length > MAX_SWITCHES) {
    report(t('optionsBackupSwitches'));
    return undefined;
  }
  const switches: Record<string, ProjectSwitches> = {};
  let good = true;
  for (const [key, value] of Object.entries(raw)) {
    if (!/^\d{1,16}$/.test(key) || !isProjectId(Number(key))) {
      report(t('optionsBackupSwitchesKey', quote(key)));
      good = false;
      continue;
    }
    const id = String(Number(key));
    if (!isRecord(value) || typeof value.notify !== 'boolean' || typeof value.badge !== 'boolean') {
      report(t('optionsBackupSwitchesValue', id));
      good = false;
      continue;
    }
    if (!value.notify || !value.badge) switches[id] = { notify: value.notify, badge: value.badge };
  }
  return good ? switches : undefined;
}

const SAVED_ID = /^(\d{1,16}):(-?\d{1,16})$/;

/** Saved mentions as `projectId:id` (keyString), in the file's order, each once. */
export function parseSavedIds(raw: unknown, report: Report): string[] | undefined {
  if (!Array.isArray(raw) || raw.length > SAVED_LIMITS.count) {
    report(t('optionsBackupSaved', String(SAVED_LIMITS.count)));
    return undefined;
  }
  const ids = new Set<string>();
  let good = true;
  raw.forEach((item, index) => {
    const match = typeof item === 'string' ? SAVED_ID.exec(item) : null;
    const projectId = Number(match?.[1]);
    const id = Number(match?.[2]);
    if (!match || !Number.isSafeInteger(projectId) || !Number.isSafeInteger(id)) {
      report(t('optionsBackupSavedId', [String(index + 1), quote(item)]));
      good = false;
      return;
    }
    ids.add(`${projectId}:${id}`);
  });
  return good ? [...ids] : undefined;
}
