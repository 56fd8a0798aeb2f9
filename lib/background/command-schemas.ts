// The shape of each command's data, checked before a command acts (a page, or anything that got
// a message to the worker, may send anything). One schema per command of the protocol.
import { atMost, boolean, finiteNumber, listOf, safeInteger, text, z } from '@/lib/zod';
import type { ProtocolMap } from '../messaging/protocol';
import { isIntervalWithinBounds, normalizeIntervalMinutes } from '../settings/poll-interval';
import { isServiceOffset } from '../time/utc-offset';

const projectId = safeInteger(0);
/** Any value, even undefined, as long as the member is there (as zod's unknown kind, not loaded). */
const anything = z.custom<unknown>(() => true);
const mentionKeys = listOf(z.object({ projectId, id: safeInteger() })).check(atMost(10_000));
const connection = z.object({
  serviceUrl: text().check(atMost(2_000)),
  apiKey: text().check(atMost(1_000)),
});
export const schemas = {
  pollNow: z.custom<undefined | null>((data) => data == null),
  markRead: z.object({ keys: mentionKeys }),
  markUnread: z.object({ keys: mentionKeys }),
  markAllRead: z.object({ projectIds: z.optional(listOf(projectId)) }),
  testConnection: connection,
  saveConnection: connection,
  savePreferences: z.object({
    // Any interval within the bounds, not only today's choices: one stored by an older version
    // or another device (45) comes back with every save of the other preference.
    pollIntervalMinutes: z.pipe(
      finiteNumber().check(z.refine(isIntervalWithinBounds)),
      z.transform((minutes: number) => normalizeIntervalMinutes(minutes)),
    ),
    notificationsEnabled: boolean(),
  }),
  // Disconnecting clears everything of the account; `keepMentions` (an older page's choice) is
  // accepted and ignored: a store kept after its account is gone would be shown under the next.
  disconnect: z.object({ keepMentions: z.optional(boolean()) }),
  getProject: z.object({ projectId }),
  getProjectStats: z.object({ projectId }),
  addProject: z.object({ input: anything }),
  editProject: z.object({ projectId, input: anything }),
  removeProject: z.object({ projectId }),
  setServiceClockOverride: z.object({
    overrideMinutes: z.custom<number | null>((value) => value === null || isServiceOffset(value)),
  }),
} satisfies Record<keyof ProtocolMap, z.ZodMiniType>;
