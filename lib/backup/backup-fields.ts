// The parts of a settings backup (backup.ts puts them together), as schemas that read each part in
// the form the extension stores it, with the words of every problem they find (the catalogue's, by
// where in the file it is). A file is outside input like any other: it may be hand-edited,
// truncated or made by a newer version, so nothing in it is trusted; each part is read by the
// stored format's own schema where it has one (lib/settings, lib/triage).
import { t } from '@/lib/i18n';
import { normalizeServiceUrl } from '@/lib/service/connection';
import {
  isIntervalWithinBounds,
  MAX_ACCOUNTS,
  MAX_LABEL_LENGTH,
  normalizeIntervalMinutes,
} from '@/lib/settings/settings';
import { quietHoursSchema } from '@/lib/settings/quiet-hours';
import { normalizeMuteValue } from '@/lib/triage/mute';
import { SAVED_LIMITS } from '@/lib/triage/saved';
import {
  MAX_MUTE_RULES,
  muteRuleSchema,
  ownKey,
  projectKey,
  switchesSchema,
  type MuteRule,
  type ProjectSwitches,
} from '@/lib/triage/triage-state';
import { z } from '@/lib/zod';

/** Project switches: one per project; far more than any account has. */
const MAX_SWITCHES = 10_000;
const MAX_API_KEY_LENGTH = 1_000;
const SAVED_ID = /^\d{1,16}:-?\d{1,16}$/;

/** File text quoted in a problem: short, so a huge or hostile value cannot flood the message. */
function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** `list` when the file's list has at most `most` entries: a longer one is one problem. */
const atMost = <T extends z.ZodMiniType<unknown, unknown[]>>(most: number, list: T) =>
  z.pipe(z.array(z.unknown()).check(z.maxLength(most)), list);

/**
 * A rule of the file: each member checked as a stored rule's, its value put in its normal form as
 * the mute command stores it (a site: its host name), and the whole then read as a stored rule
 * (what that still refuses is the id's form).
 */
function fileRule() {
  const { kind, projectId } = muteRuleSchema().shape;
  // The value is read with its kind, so the value member is given the whole rule; an unknown kind
  // is the kind's problem alone.
  const valueOfItsKind = z.transform((rule: Record<string, unknown>, ctx) => {
    const known = kind.safeParse(rule.kind);
    if (!known.success) return rule.value;
    const { value } = rule;
    const normal = typeof value === 'string' ? normalizeMuteValue(known.data, value) : null;
    if (normal === null) ctx.issues.push({ code: 'custom', input: rule });
    return normal;
  });
  return z.pipe(
    z.pipe(
      z.looseObject({}),
      z.transform((rule) => ({ ...rule, value: rule })),
    ),
    z.pipe(
      z.looseObject({
        kind,
        value: valueOfItsKind,
        projectId,
        createdAt: z.number().check(z.nonnegative()),
      }),
      muteRuleSchema(),
    ),
  );
}

/**
 * The file's rules, each read on its own, its problems named by its number (zod's own words are
 * dropped for the file's). A rule whose id an earlier sound rule has is a problem too; the same
 * rule twice (kind, value whatever its case, and scope) is kept once.
 */
function fileRules() {
  const rule = fileRule();
  return z.transform((list: unknown[], ctx) => {
    const rules: MuteRule[] = [];
    const ids = new Set<string>();
    const same = new Set<string>();
    list.forEach((raw, index) => {
      const read = rule.safeParse(raw, { reportInput: true });
      if (!read.success) {
        for (const issue of read.error.issues) {
          const path = [index, ...issue.path];
          ctx.issues.push({ ...issue, path, message: undefined } as z.core.$ZodRawIssue);
        }
        return;
      }
      const { id, kind, value, projectId } = read.data;
      if (ids.has(id)) ctx.issues.push({ code: 'custom', input: id, path: [index, 'id'] });
      ids.add(id);
      const identity = JSON.stringify([kind, value.toLowerCase(), projectId]);
      if (!same.has(identity)) rules.push(read.data);
      same.add(identity);
    });
    return rules;
  });
}

/** Switches by the id's own key, as the store keeps them: none for a project at the defaults. */
function offOnly(switches: Record<string, ProjectSwitches>) {
  const off: Record<string, ProjectSwitches> = {};
  for (const [key, { notify, badge }] of Object.entries(switches)) {
    if (!notify || !badge) off[ownKey(key)] = { notify, badge };
  }
  return off;
}

/** Saved mentions as `projectId:id` (keyString), each number in its own form. */
const savedId = () =>
  z.pipe(
    z.string().check(
      z.regex(SAVED_ID),
      z.refine((id) => id.split(':').every((part) => Number.isSafeInteger(Number(part)))),
    ),
    z.transform((id) => id.split(':').map(Number).join(':')),
  );

/** The address as the connection stores it (an origin). */
const serviceUrl = () =>
  z.transform((raw, ctx) => {
    const url = normalizeServiceUrl(raw);
    if (!url.ok) ctx.issues.push({ code: 'custom', input: raw });
    return url.ok ? url.origin : '';
  });

/** What the file holds of one account, in the order its problems are listed. */
const accountParts = () => ({
  /** Newest first, as the triage state keeps them. */
  muteRules: atMost(MAX_MUTE_RULES, fileRules()),
  /** By project id; only projects changed from the defaults. */
  projectSwitches: z.pipe(
    z
      .record(z.string(), z.unknown())
      .check(z.refine((switches) => Object.keys(switches).length <= MAX_SWITCHES)),
    z.pipe(z.record(projectKey(), switchesSchema()), z.transform(offOnly)),
  ),
  /** The saved mentions as `projectId:id` (keyString), newest saved first, each once. */
  savedIds: z.pipe(
    atMost(SAVED_LIMITS.count, z.array(savedId())),
    z.transform((ids) => [...new Set(ids)]),
  ),
  serviceUrl: z.optional(serviceUrl()),
  apiKey: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_API_KEY_LENGTH))),
  /** The name the person gave the account; none for none. */
  label: z.optional(z.string().check(z.maxLength(MAX_LABEL_LENGTH))),
});

/**
 * Every part but the format's name and version, in the order their problems are listed: the
 * preferences, the file's own account (the first of the browser it came from) and, from a browser
 * of several, the others, each with its address.
 */
export const backupParts = () => ({
  preferences: z.object({
    // Any interval within the bounds, stored in whole minutes.
    pollIntervalMinutes: z.pipe(
      z.number().check(z.refine(isIntervalWithinBounds)),
      z.transform((minutes: number) => normalizeIntervalMinutes(minutes)),
    ),
    notificationsEnabled: z.boolean(),
    openInBackground: z.boolean(),
    quietHours: quietHoursSchema(),
  }),
  ...accountParts(),
  accounts: z.optional(
    atMost(MAX_ACCOUNTS - 1, z.array(z.object({ ...accountParts(), serviceUrl: serviceUrl() }))),
  ),
});

type Words = (n: string, issue: z.core.$ZodRawIssue) => string;

/**
 * The words of a problem by where it is in the file (`#`: a rule or a saved id, numbered from 1 as
 * a person counts, or a project's switches, named by its id).
 */
const WORDS: Record<string, Words> = {
  preferences: () => t('optionsBackupPreferences'),
  'preferences.pollIntervalMinutes': () => t('optionsBackupInterval'),
  'preferences.notificationsEnabled': () => t('optionsBackupNotifications'),
  'preferences.openInBackground': () => t('optionsBackupOpenInBackground'),
  'preferences.quietHours': () => t('optionsBackupQuietHours'),
  'preferences.quietHours.enabled': () => t('optionsBackupQuietEnabled'),
  'preferences.quietHours.start': () => t('optionsBackupQuietStart'),
  'preferences.quietHours.end': () => t('optionsBackupQuietEnd'),
  muteRules: () => t('optionsBackupRules', String(MAX_MUTE_RULES)),
  'muteRules.#': (n) => t('optionsBackupRuleShape', n),
  'muteRules.#.id': (n) => t('optionsBackupRuleId', n),
  'muteRules.#.kind': (n) => t('optionsBackupRuleKind', n),
  'muteRules.#.value': (n, { input }) => {
    const { kind, value } = input as { kind?: unknown; value?: unknown };
    return kind === 'site' && typeof value === 'string' && value.trim() !== ''
      ? t('optionsBackupRuleSite', [n, quote(value)])
      : t('optionsBackupRuleValue', n);
  },
  'muteRules.#.projectId': (n) => t('optionsBackupRuleProject', n),
  'muteRules.#.createdAt': (n) => t('optionsBackupRuleCreated', n),
  projectSwitches: () => t('optionsBackupSwitches'),
  'projectSwitches.#': (n, issue) =>
    issue.code === 'invalid_key'
      ? t('optionsBackupSwitchesKey', quote(issue.input))
      : t('optionsBackupSwitchesValue', n),
  savedIds: () => t('optionsBackupSaved', String(SAVED_LIMITS.count)),
  'savedIds.#': (n, { input }) => t('optionsBackupSavedId', [n, quote(input)]),
  serviceUrl: (_, { input }) =>
    input === undefined
      ? t('optionsBackupServiceUrlMissing')
      : t('optionsBackupServiceUrl', quote(input)),
  // Never quoted: the key is a secret, even in a message about it.
  apiKey: () => t('optionsBackupApiKey'),
  label: () => t('optionsBackupLabel', String(MAX_LABEL_LENGTH)),
  accounts: () => t('optionsBackupAccounts', String(MAX_ACCOUNTS - 1)),
};

const WITH_ENTRIES = new Set<PropertyKey>(['muteRules', 'projectSwitches', 'savedIds']);

/**
 * The words of a problem in a part of the file, by the longest start of its path that has words
 * (a switch's notify is its switches' problem); undefined for one outside the parts. One in the
 * list of further accounts is worded as the same problem of the file's own account would be,
 * after the account's number.
 */
export function partProblem(issue: z.core.$ZodRawIssue): string | undefined {
  const [part, at, ...rest] = issue.path ?? [];
  if (part === 'accounts' && typeof at === 'number') {
    const n = String(at + 1);
    const words = rest.length > 0 ? ownPartProblem({ ...issue, path: rest }) : undefined;
    return words === undefined
      ? t('optionsBackupAccountShape', n)
      : t('optionsBackupInAccount', [n, words]);
  }
  return ownPartProblem(issue);
}

function ownPartProblem(issue: z.core.$ZodRawIssue): string | undefined {
  const path = (issue.path ?? []).map(String);
  const [part, at] = issue.path ?? [];
  if (WITH_ENTRIES.has(part) && at !== undefined) path[1] = '#';
  const n = typeof at === 'number' ? String(at + 1) : String(Number(at));
  for (let end = path.length; end > 0; end--) {
    const words = WORDS[path.slice(0, end).join('.')];
    if (words) return words(n, issue);
  }
  return undefined;
}
