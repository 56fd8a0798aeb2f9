// Every command a page may send the background, declared once: the shape of its data (a schema,
// checked before the command acts: a page, or anything that got a message to the worker, may send
// anything) and what it answers. The pages' types (lib/messaging/protocol.ts) are derived from
// these; a new command is one schema and one reply here, and its handler in commands.ts.
import {
  atMost,
  boolean,
  finiteNumber,
  listOf,
  object,
  optional,
  safeInteger,
  text,
  v,
  type Schema,
} from '@/lib/validation';
import type { MentionKey } from '@/lib/mentions/store';
import type { ProjectInput, ServiceProject } from '@/lib/projects/types';
import type { ProjectDataRow } from '@/lib/service/project-data';
import { isIntervalWithinBounds, normalizeIntervalMinutes } from '@/lib/settings/poll-interval';
import { isServiceOffset } from '@/lib/time/utc-offset';

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
}

/**
 * A project as a page sends it, any value to the handler: the handler checks it field by field
 * (validateProjectInput), so its failure names the field instead of "malformed request".
 */
const projectInput = v.custom<ProjectInput>(() => true) as Schema<unknown, ProjectInput>;

const projectId = safeInteger(0);
const mentionKey: Schema<MentionKey, MentionKey> = object({ projectId, id: safeInteger() });
const mentionKeys = v.pipe(listOf(mentionKey), atMost<MentionKey[]>(10_000));

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
      v.check(isIntervalWithinBounds),
      v.transform((minutes: number) => normalizeIntervalMinutes(minutes)),
    ),
    notificationsEnabled: boolean(),
    // Optional: a page of an older version sends without it, and the stored choice stays.
    openInBackground: optional(boolean()),
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
} satisfies { [K in keyof CommandReplies]: Schema };

/** The command's data as its schema reads it; throws (v.ValiError) when it is malformed. */
export function parseCommand<K extends keyof CommandReplies>(
  name: K,
  data: unknown,
): v.InferOutput<(typeof schemas)[K]> {
  return v.parse(schemas[name], data);
}
