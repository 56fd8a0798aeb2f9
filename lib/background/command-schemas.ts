// Every command a page may send the background, declared once: the shape of its data (a schema,
// checked before the command acts: a page, or anything that got a message to the worker, may send
// anything) and what it answers. The pages' types (lib/messaging/protocol.ts) are derived from
// these; a new command is one schema and one reply here, and its handler in commands.ts.

import { lazySchema, z } from '@/lib/zod';
import { t } from '@/lib/i18n';
import type { CommandReply } from '@/lib/messaging/protocol';
import type { ProjectInput, ServiceProject } from '@/lib/projects/types';
import { ServiceError } from '@/lib/service/errors';
import type { ProjectDataRow } from '@/lib/service/project-data';
import {
  isIntervalWithinBounds,
  MAX_LABEL_LENGTH,
  normalizeIntervalMinutes,
} from '@/lib/settings/settings';
import { quietHoursSchema } from '@/lib/settings/quiet-hours';
import { isServiceOffset } from '@/lib/time/utc-offset';
import { isAccountId } from '@/lib/accounts/accounts';
import { MAX_MUTE_RULES, MUTE_KINDS, type MuteRule } from '@/lib/triage/triage-state';
import { importableBackup } from '@/lib/backup/importable-backup';

/** What each command answers when it succeeds (the value of its CommandResult). */
export interface CommandReplies {
  /** Poll now; answers when that poll (or the one already running) ends. */
  pollNow: { polled: boolean };
  markRead: null;
  markUnread: null;
  /** Marks every mention read, or only those of the given projects. */
  markAllRead: null;
  /** Saves the connection (after the page obtained the host permission) and starts a poll. */
  saveConnection: { projectCount: number };
  /** Connects one more account (as saveConnection does): its id. */
  addAccount: { accountId: string; projectCount: number };
  savePreferences: null;
  /** Forgets the key, the token and everything of the account (its mentions, projects, status). */
  disconnect: null;
  /** The service's UTC offset chosen in the options (minutes east of UTC), or null: automatic. */
  setServiceClockOverride: null;
  getProject: ServiceProject;
  getProjectStats: { rows: ProjectDataRow[] };
  addProject: { projectId?: number };
  editProject: null;
  removeProject: null;
  /** Mutes an author, a site or a phrase (in one project or all): the rule, new or already there. */
  mute: { rule: MuteRule };
  /** Removes a mute rule (the undo, and the options page's per-rule button). */
  unmute: null;
  /** This computer's switches of one project: notify here, count on the badge. */
  setProjectSwitches: null;
  /** Holds desktop notifications until a time, or (null) until resumed. */
  snooze: null;
  /** Ends a snooze (and tonight's quiet hours); what was missed comes as one summary. */
  resumeNotifications: null;
  saveMention: null;
  unsaveMention: null;
  /** Saves many (the mentions page): how many were saved now (already saved, or gone, are not). */
  saveMentions: { saved: number };
  unsaveMentions: null;
  /** Adds many rules in one write (the mentions page): only the new ones, for the undo. */
  muteMany: { added: MuteRule[] };
  unmuteMany: null;
  /**
   * Applies a settings backup (read and checked by lib/backup/backup.ts on the page) all or
   * nothing: what it applied. `apiKey`: the key of a file of one account connected; `accounts`:
   * the accounts it added; `leftOut`: the file's accounts it could not place (import-accounts.ts).
   */
  importSettings: {
    muteRules: number;
    projectSwitches: number;
    saved: number;
    apiKey: boolean;
    accounts: number;
    leftOut: number;
  };
}

/**
 * A project as a page sends it, any value (missing too) to the handler: the handler checks it
 * field by field (project-shape.ts), so its failure names the field instead of "malformed request".
 */
const projectInput = () => z.transform((input: ProjectInput): unknown => input);

// The parts several commands share, each built once, by the first command that needs it.
const projectId = lazySchema(() => z.int().check(z.nonnegative()));
const mentionKey = lazySchema(() => z.object({ projectId: projectId(), id: z.int() }));
const mentionKeys = lazySchema(() => z.array(mentionKey()).check(z.maxLength(10_000)));
// The value is normalised (and refused in words) by the handler: lib/triage/mute.ts.
const muteRequest = lazySchema(() =>
  z.object({
    kind: z.enum(MUTE_KINDS),
    value: z.string().check(z.maxLength(2_000)),
    projectId: z.nullable(projectId()),
  }),
);
/** accountFingerprint of the account whose data the page shows (ACCOUNT_BOUND commands). */
const account = lazySchema(() => z.optional(z.string().check(z.maxLength(64))));
const ruleId = lazySchema(() => z.string().check(z.maxLength(60)));
/** The account a command is for (lib/accounts/accounts.ts); the first when not sent. */
const accountId = lazySchema(() => z.optional(z.custom<string>(isAccountId)));
/** A connection as the options page sends it, with the name the person gave the account. */
const connection = lazySchema(() =>
  z.object({
    serviceUrl: z.string().check(z.maxLength(2_000)),
    apiKey: z.string().check(z.maxLength(1_000)),
    label: z.optional(z.string().check(z.maxLength(MAX_LABEL_LENGTH))),
  }),
);

/** Leaves out the members sent as undefined, as if they were not sent. */
function withoutUndefined<T extends object>(value: T): T {
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined) delete (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Each command's schema, built the first time a message of that command comes (a worker woken for
 * one message builds that command's alone).
 */
export const commandSchemas = {
  // Takes nothing but the account; null is taken too (what a sender that cannot send undefined
  // sends).
  pollNow: lazySchema(() =>
    z.union([
      z.custom<undefined>((data) => data == null),
      z.strictObject({ accountId: accountId() }),
    ]),
  ),
  markRead: lazySchema(() =>
    z.object({ keys: mentionKeys(), account: account(), accountId: accountId() }),
  ),
  markUnread: lazySchema(() =>
    z.object({ keys: mentionKeys(), account: account(), accountId: accountId() }),
  ),
  markAllRead: lazySchema(() =>
    z.object({
      projectIds: z.optional(z.array(projectId())),
      account: account(),
      accountId: accountId(),
    }),
  ),
  saveConnection: lazySchema(() => z.extend(connection(), { accountId: accountId() })),
  addAccount: lazySchema(() => connection()),
  // The handler writes these over the stored settings: one sent as undefined must leave the
  // stored choice as it is, like one left out.
  savePreferences: lazySchema(() =>
    z.pipe(
      z.object({
        // Any interval within the bounds, not only today's choices: one stored by an older
        // version or another device (45) comes back with every save of the other preference.
        pollIntervalMinutes: z.pipe(
          z.number().check(z.refine(isIntervalWithinBounds)),
          z.transform((minutes: number) => normalizeIntervalMinutes(minutes)),
        ),
        notificationsEnabled: z.boolean(),
        // Optional: a page of an older version sends without it, and the stored choice stays.
        openInBackground: z.optional(z.boolean()),
        // Optional like the one above.
        quietHours: z.optional(quietHoursSchema()),
      }),
      z.transform(withoutUndefined),
    ),
  ),
  // Disconnecting clears everything of the account; `keepMentions` (an older page's choice) is
  // accepted and ignored: a store kept after its account is gone would be shown under the next.
  disconnect: lazySchema(() =>
    z.object({ keepMentions: z.optional(z.boolean()), accountId: accountId() }),
  ),
  setServiceClockOverride: lazySchema(() =>
    z.object({
      overrideMinutes: z.nullable(z.custom<number>(isServiceOffset)),
      accountId: accountId(),
    }),
  ),
  getProject: lazySchema(() =>
    z.object({ projectId: projectId(), account: account(), accountId: accountId() }),
  ),
  getProjectStats: lazySchema(() =>
    z.object({ projectId: projectId(), account: account(), accountId: accountId() }),
  ),
  addProject: lazySchema(() =>
    z.object({ input: projectInput(), account: account(), accountId: accountId() }),
  ),
  editProject: lazySchema(() =>
    z.object({
      projectId: projectId(),
      input: projectInput(),
      account: account(),
      accountId: accountId(),
    }),
  ),
  removeProject: lazySchema(() =>
    z.object({ projectId: projectId(), account: account(), accountId: accountId() }),
  ),
  mute: lazySchema(() => z.extend(muteRequest(), { account: account(), accountId: accountId() })),
  // More than the list can hold is malformed; fewer that would overfill it are refused in words.
  muteMany: lazySchema(() =>
    z.object({
      rules: z.array(muteRequest()).check(z.maxLength(MAX_MUTE_RULES)),
      account: account(),
      accountId: accountId(),
    }),
  ),
  unmute: lazySchema(() =>
    z.object({ ruleId: ruleId(), account: account(), accountId: accountId() }),
  ),
  unmuteMany: lazySchema(() =>
    z.object({
      ruleIds: z.array(ruleId()).check(z.maxLength(MAX_MUTE_RULES)),
      account: account(),
      accountId: accountId(),
    }),
  ),
  setProjectSwitches: lazySchema(() =>
    z.object({
      projectId: projectId(),
      notify: z.optional(z.boolean()),
      badge: z.optional(z.boolean()),
      account: account(),
      accountId: accountId(),
    }),
  ),
  snooze: lazySchema(() => z.object({ until: z.nullable(z.number()) })),
  resumeNotifications: lazySchema(() => z.object({})),
  saveMention: lazySchema(() =>
    z.object({ key: mentionKey(), account: account(), accountId: accountId() }),
  ),
  unsaveMention: lazySchema(() =>
    z.object({ key: mentionKey(), account: account(), accountId: accountId() }),
  ),
  // As many as markRead takes: more than can be saved is refused by the handler, in words.
  saveMentions: lazySchema(() =>
    z.object({ keys: mentionKeys(), account: account(), accountId: accountId() }),
  ),
  unsaveMentions: lazySchema(() =>
    z.object({ keys: mentionKeys(), account: account(), accountId: accountId() }),
  ),
  // A backup as parseBackup read it on the page, whose values storage reads back unchanged.
  importSettings: lazySchema(() => z.object({ backup: importableBackup() })),
} satisfies { [K in keyof CommandReplies]: () => z.ZodMiniType };

type CommandSchema<K extends keyof CommandReplies> = ReturnType<(typeof commandSchemas)[K]>;

/** A command's data as its schema reads it (what its action takes). */
type CommandOutput<K extends keyof CommandReplies> = z.output<CommandSchema<K>>;

/**
 * The command's data as its schema reads it. Malformed data is refused as 'invalid-input' in the
 * words "malformed request" (a schema's own words are for no one), which guardCommand (commands.ts) answers.
 */
export function parseCommand<K extends keyof CommandReplies>(
  name: K,
  data: unknown,
): CommandOutput<K> {
  const result = (commandSchemas[name]() as z.ZodMiniType).safeParse(data);
  if (!result.success) throw new ServiceError('invalid-input', t('bgMalformedRequest'));
  return result.data as CommandOutput<K>;
}

/** What a command does with its data as parsed: its reply's value (nothing for a null reply). */
type CommandAction<K extends keyof CommandReplies> = (
  data: CommandOutput<K>,
) => Promise<CommandReplies[K] extends null ? void : CommandReplies[K]>;

/**
 * The handlers of these actions: each parses its command's data (parseCommand) before the action
 * runs, and answers ok with what the action returns (null for nothing). One place for both, so no
 * handler can act on data it did not parse.
 */
export function parsingHandlers<K extends keyof CommandReplies>(actions: {
  [N in K]: CommandAction<N>;
}): { [N in K]: (data: unknown) => Promise<CommandReply<N>> } {
  const handlers: Partial<Record<K, (data: unknown) => Promise<unknown>>> = {};
  for (const name of Object.keys(actions) as K[]) {
    handlers[name] = async (data) => ({
      ok: true,
      value: (await actions[name](parseCommand(name, data))) ?? null,
    });
  }
  return handlers as { [N in K]: (data: unknown) => Promise<CommandReply<N>> };
}
