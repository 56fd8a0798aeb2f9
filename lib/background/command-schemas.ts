// Every command a page may send the background, declared once: the shape of its data (a schema,
// checked before the command acts: a page, or anything that got a message to the worker, may send
// anything) and what it answers. The pages' types (lib/messaging/protocol.ts) are derived from
// these; a new command is one schema and one reply here, and its handler in commands.ts.
import {
  anything,
  atMost,
  boolean,
  finiteNumber,
  listOf,
  object,
  optional,
  rule,
  safeInteger,
  text,
  transform,
  v,
  type Schema,
} from '@/lib/validation';
import { t } from '@/lib/i18n';
import type { MentionKey } from '@/lib/mentions/store';
import type { ParsedBackup } from '@/lib/backup/backup';
import { isImportable } from '@/lib/background/import-check';
import type { CommandReply } from '@/lib/messaging/protocol';
import type { ProjectInput, ServiceProject } from '@/lib/projects/types';
import { ServiceError } from '@/lib/service/errors';
import type { ProjectDataRow } from '@/lib/service/project-data';
import { isIntervalWithinBounds, normalizeIntervalMinutes } from '@/lib/settings/poll-interval';
import { isMinuteOfDay } from '@/lib/settings/quiet-hours';
import { isServiceOffset } from '@/lib/time/utc-offset';
import {
  MAX_MUTE_RULES,
  MUTE_KINDS,
  type MuteKind,
  type MuteRule,
} from '@/lib/triage/triage-state';

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
   * nothing: what it applied.
   */
  importSettings: { muteRules: number; projectSwitches: number; saved: number; apiKey: boolean };
}

/**
 * A project as a page sends it, any value to the handler: the handler checks it field by field
 * (project-shape.ts), so its failure names the field instead of "malformed request".
 */
const projectInput = anything<ProjectInput>() as Schema<unknown, ProjectInput>;

const projectId = safeInteger(0);
const isProjectId = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const mentionKey: Schema<MentionKey, MentionKey> = object({ projectId, id: safeInteger() });
const mentionKeys = v.pipe(listOf(mentionKey), atMost<MentionKey[]>(10_000));
const quietMinute = v.custom<number>(isMinuteOfDay);
// The value is normalised (and refused in words) by the handler: lib/triage/mute.ts.
const muteRequest = object({
  kind: v.custom<MuteKind>((kind) => MUTE_KINDS.includes(kind as MuteKind)),
  value: v.pipe(text(), atMost<string>(2_000)),
  projectId: v.custom<number | null>((id) => id === null || isProjectId(id)),
});
type RuleData = v.InferOutput<typeof muteRequest>;
const ruleId = v.pipe(text(), atMost<string>(60));

export const schemas = {
  // Takes nothing; null is taken too (what a sender that cannot send undefined sends).
  pollNow: v.custom<undefined>((data) => data == null),
  markRead: object({ keys: mentionKeys }),
  markUnread: object({ keys: mentionKeys }),
  markAllRead: object({ projectIds: optional(listOf(projectId)) }),
  saveConnection: object({
    serviceUrl: v.pipe(text(), atMost<string>(2_000)),
    apiKey: v.pipe(text(), atMost<string>(1_000)),
  }),
  savePreferences: object({
    // Any interval within the bounds, not only today's choices: one stored by an older version
    // or another device (45) comes back with every save of the other preference.
    pollIntervalMinutes: v.pipe(
      finiteNumber(),
      rule(isIntervalWithinBounds),
      transform((minutes: number) => normalizeIntervalMinutes(minutes)),
    ),
    notificationsEnabled: boolean(),
    // Optional: a page of an older version sends without it, and the stored choice stays.
    openInBackground: optional(boolean()),
    // Optional like the one above.
    quietHours: optional(object({ enabled: boolean(), start: quietMinute, end: quietMinute })),
  }),
  // Disconnecting clears everything of the account; `keepMentions` (an older page's choice) is
  // accepted and ignored: a store kept after its account is gone would be shown under the next.
  disconnect: object({ keepMentions: optional(boolean()) }),
  setServiceClockOverride: object({
    overrideMinutes: v.custom<number | null>((value) => value === null || isServiceOffset(value)),
  }),
  getProject: object({ projectId }),
  getProjectStats: object({ projectId }),
  addProject: object({ input: projectInput }),
  editProject: object({ projectId, input: projectInput }),
  removeProject: object({ projectId }),
  mute: muteRequest,
  // More than the list can hold is malformed; fewer that would overfill it are refused in words.
  muteMany: object({ rules: v.pipe(listOf(muteRequest), atMost<RuleData[]>(MAX_MUTE_RULES)) }),
  unmute: object({ ruleId }),
  unmuteMany: object({ ruleIds: v.pipe(listOf(ruleId), atMost<string[]>(MAX_MUTE_RULES)) }),
  setProjectSwitches: object({
    projectId,
    notify: optional(boolean()),
    badge: optional(boolean()),
  }),
  snooze: object({ until: v.custom<number | null>((at) => at === null || Number.isFinite(at)) }),
  resumeNotifications: object({}),
  saveMention: object({ key: mentionKey }),
  unsaveMention: object({ key: mentionKey }),
  // As many as markRead takes: more than can be saved is refused by the handler, in words.
  saveMentions: object({ keys: mentionKeys }),
  unsaveMentions: object({ keys: mentionKeys }),
  // A backup as parseBackup read it on the page, whose values storage reads back unchanged.
  importSettings: object({ backup: v.custom<ParsedBackup>(isImportable) }),
} satisfies { [K in keyof CommandReplies]: Schema };

/**
 * The command's data as its schema reads it. Malformed data is refused as 'invalid-input' in the
 * words "malformed request" (a schema's own words are for no one), which command-guard.ts answers.
 */
export function parseCommand<K extends keyof CommandReplies>(
  name: K,
  data: unknown,
): v.InferOutput<(typeof schemas)[K]> {
  const result = v.safeParse(schemas[name], data);
  if (!result.success) throw new ServiceError('invalid-input', t('bgMalformedRequest'));
  return result.output;
}

/** What a command does with its data as parsed: its reply's value (nothing for a null reply). */
export type CommandAction<K extends keyof CommandReplies> = (
  data: v.InferOutput<(typeof schemas)[K]>,
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
