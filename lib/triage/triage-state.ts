// What the user decided about their attention, per account: mute rules, per-project switches (notify
// on this computer, count on the badge), a snooze, and how many new mentions were held back while
// snoozed or in quiet hours (for the one summary at the end). Written only by the background
// (lib/background/triage-commands.ts, the poll's merge); pages read it through triageItem.
//
// Read part by part, so damage to one rule or one switch loses that one and nothing else.
import { droppable, keptList, keptRecord, leftOut, lazySchema, z } from '@/lib/zod';
import { normalizeMuteValue } from '@/lib/triage/mute';

export const MUTE_KINDS = ['author', 'site', 'phrase'] as const;

export type MuteKind = (typeof MUTE_KINDS)[number];

/** Enough for anyone's habits; a bound keeps every poll's matching cheap. */
export const MAX_MUTE_RULES = 500;

// `+ 0` turns -0 into 0: storage gives back JSON, where the two are one.
const projectId = () =>
  z.pipe(
    z.int().check(z.nonnegative()),
    z.transform((id) => id + 0),
  );

/** A project id as an object key (object keys are text), leading zeros allowed: 004 is 4. */
export const projectKey = lazySchema(() =>
  z.string().check(
    z.regex(/^\d{1,16}$/),
    z.refine((key) => Number.isSafeInteger(Number(key))),
  ),
);

/** A project key in the id's own text. */
export const ownKey = (key: string) => String(Number(key));

/** A stored rule: every part sound, its value in its normal form. */
export const muteRuleSchema = lazySchema(() =>
  z
    .object({
      /** 'r' + base36 of createdAt + a random suffix: unique, and says when it was made. */
      id: z.string().check(z.regex(/^r[0-9a-z]{1,40}$/)),
      kind: z.enum(MUTE_KINDS),
      /** Normalised (normalizeMuteValue): author and phrase trimmed, site a host name. */
      value: z.string(),
      /** null: all projects. */
      projectId: z.nullable(projectId()),
      createdAt: z.number(),
    })
    .check(z.refine((rule) => normalizeMuteValue(rule.kind, rule.value) === rule.value)),
);

export type MuteRule = z.output<ReturnType<typeof muteRuleSchema>>;

export const switchesSchema = lazySchema(() =>
  z.object({ notify: z.boolean(), badge: z.boolean() }),
);

export type ProjectSwitches = z.output<ReturnType<typeof switchesSchema>>;

const triageShape = () => ({
  /** Newest first, at most MAX_MUTE_RULES. */
  muteRules: keptList(muteRuleSchema(), { idOf: (rule) => rule.id, most: MAX_MUTE_RULES }),
  /** By project id; only projects changed from the default (both on). */
  projectSwitches: keptRecord(
    z.pipe(projectKey(), z.transform(ownKey)),
    switchesSchema().check(z.refine((switches) => !(switches.notify && switches.badge))),
  ),
  /** null: not snoozed; until null: until turned back on. */
  snooze: z.catch(z.nullable(z.object({ until: z.nullable(z.number()) })), null),
  /** New mentions not notified while snoozed or quiet, for the one summary at the end. */
  missed: z.catch(z.int().check(z.positive()), 0),
  /**
   * "Resume notifications" during quiet hours lifts them until they end (epoch ms): absent when
   * never used. Read through holdOf (lib/triage/hold.ts), which says what holds notifications.
   */
  quietResumedUntil: droppable(z.number()),
});

export type TriageState = z.output<z.ZodMiniObject<ReturnType<typeof triageShape>>>;

const DEFAULT_SWITCHES: ProjectSwitches = { notify: true, badge: true };

const EMPTY_TRIAGE: TriageState = {
  muteRules: [],
  projectSwitches: {},
  snooze: null,
  missed: 0,
};

/** A stored rule, or null when any part of it is damaged (a value not in its normal form too). */
export const parseMuteRule = (raw: unknown): MuteRule | null =>
  muteRuleSchema().safeParse(raw).data ?? null;

const triageSchema = lazySchema(() => z.catch(leftOut(z.object(triageShape())), EMPTY_TRIAGE));

/** Whatever storage holds, as a usable state: damaged parts dropped, never throws. */
export const parseTriage = (raw: unknown): TriageState => triageSchema().parse(raw);

export function switchesOf(state: TriageState, projectId: number): ProjectSwitches {
  return state.projectSwitches[String(projectId)] ?? DEFAULT_SWITCHES;
}

/** Snoozed now: until turned back on, or until a time still ahead. */
export function isSnoozed(state: TriageState, now: number): boolean {
  const until = state.snooze?.until;
  return until === null || (until !== undefined && until > now);
}
