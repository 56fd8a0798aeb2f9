// Every command a page may send the background, declared once: the shape of its data (a schema,
// checked before the command acts: a page, or anything that got a message to the worker, may send
// anything) and what it answers. The pages' types (lib/messaging/protocol.ts) are derived from
// these; a new command is one schema and one reply here, and its handler in commands.ts.
import { atMost, boolean, finiteNumber, listOf, safeInteger, text, z } from '@/lib/zod';
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
 * A list as a page sends it, of items of `T`: listOf checks every item, but types its own input as
 * any list, which would type the pages' data (the schemas' inputs) as any list.
 */
const listOfSent = <T>(item: z.ZodMiniType<T>) => listOf(item) as z.ZodMiniType<T[], T[]>;

/**
 * A project as a page sends it, any value to the handler: the handler checks it field by field
 * (validateProjectInput), so its failure names the field instead of "malformed request". Present
 * even when undefined, as zod's unknown kind would take it (that kind is not loaded).
 */
const projectInput = z.pipe(
  z.custom<ProjectInput>(() => true),
  z.transform((input): unknown => input),
);

const projectId = safeInteger(0);
const mentionKey = z.object({ projectId, id: safeInteger() });
const mentionKeys = listOfSent<MentionKey>(mentionKey).check(atMost(10_000));

export const schemas = {
  // Takes nothing; null is taken too (what a sender that cannot send undefined sends).
  pollNow: z.custom<undefined>((data) => data == null),
  markRead: z.object({ keys: mentionKeys }),
  markUnread: z.object({ keys: mentionKeys }),
  markAllRead: z.object({ projectIds: z.optional(listOfSent(projectId)) }),
  saveConnection: z.object({
    serviceUrl: text().check(atMost(2_000)),
    apiKey: text().check(atMost(1_000)),
  }),
  savePreferences: z.object({
    // Any interval within the bounds, not only today's choices: one stored by an older version
    // or another device (45) comes back with every save of the other preference.
    pollIntervalMinutes: z.pipe(
      finiteNumber().check(z.refine(isIntervalWithinBounds)),
      z.transform((minutes: number) => normalizeIntervalMinutes(minutes)),
    ),
    notificationsEnabled: boolean(),
    // Optional: a page of an older version sends without it, and the stored choice stays.
    openInBackground: z.optional(boolean()),
  }),
  // Disconnecting clears everything of the account; `keepMentions` (an older page's choice) is
  // accepted and ignored: a store kept after its account is gone would be shown under the next.
  disconnect: z.object({ keepMentions: z.optional(boolean()) }),
  setServiceClockOverride: z.object({
    overrideMinutes: z.custom<number | null>((value) => value === null || isServiceOffset(value)),
  }),
  getProject: z.object({ projectId }),
  getProjectStats: z.object({ projectId }),
  addProject: z.object({ input: projectInput }),
  editProject: z.object({ projectId, input: projectInput }),
  removeProject: z.object({ projectId }),
} satisfies { [K in keyof CommandReplies]: z.ZodMiniType };
