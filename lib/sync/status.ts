// What the last polls found, for the badge, the popup and the options page. Written only by the
// background, in two places:
//   - the whole status in storage.session (memory): rewritten by every poll, it survives worker
//     restarts at no disk cost, so a poll that finds nothing new writes nothing to disk;
//   - its durable part in storage.local, written only when that part changes: errors, backoff and
//     its next poll time, key and permission state. After a browser restart the status is read
//     from it: the times of the last check are unknown then, and a healthy schedule is due at once
//     (a browser start polls, as the alarm of a browser that was closed would fire at its start).
// Both are read through parseSyncStatus: whatever storage holds (an older format, damage, another
// version's fields), every field comes out usable or as its default. The items are
// syncStatusItem and durableStatusItem (lib/storage/items.ts); status-storage.ts reads and writes.
import { fieldwise, keptRecord, lazySchema, z } from '@/lib/zod';

/** Longest error message kept: they are one line in the options page and the popup. */
const MESSAGE_MAX_CHARS = 500;
const KIND_MAX_CHARS = 40;
/** A status cannot name more projects than the store could hold; anything beyond is damage. */
const PROJECT_ERRORS_MAX = 1_000;

// `+ 0` turns -0 into 0: storage gives back JSON, where the two are one.
const finite = () =>
  z.pipe(
    z.number(),
    z.transform((value) => value + 0),
  );

/** One error as stored: every field is checked. */
const syncErrorSchema = lazySchema(() =>
  z.object({
    kind: z.string().check(z.minLength(1), z.maxLength(KIND_MAX_CHARS)),
    message: z.pipe(
      z.string(),
      z.transform((message) => message.slice(0, MESSAGE_MAX_CHARS)),
    ),
    at: finite(),
  }),
);

export type SyncError = z.output<ReturnType<typeof syncErrorSchema>>;

const count = () =>
  z.pipe(
    finite(),
    z.transform((n) => Math.max(0, Math.floor(n))),
  );

/** A project the service's last lists left out, kept until they have said so long enough. */
const absenceSchema = lazySchema(() => z.object({ since: finite(), polls: count() }));

export type ProjectAbsence = z.output<ReturnType<typeof absenceSchema>>;

/** A damaged status falls back field by field: it only steers scheduling and messages. */
const syncStatusSchema = lazySchema(() =>
  fieldwise(
    {
      // Nothing stored (or not a record) reads as no failures, never a success, due at once.
      schedule: fieldwise(
        {
          consecutiveFailures: count(),
          lastSuccessAt: z.nullable(finite()),
          nextPollAt: finite(),
          attention: z.boolean(),
        },
        { consecutiveFailures: 0, lastSuccessAt: null, nextPollAt: 0, attention: false },
      ),
      /**
       * The service refused a login with the API key: polling pauses (the next try is
       * `schedule.nextPollAt`, hours away) until then or until the settings are saved.
       */
      keyRejected: z.boolean(),
      /** The optional host permission for the service origin is not granted. */
      permissionMissing: z.boolean(),
      /** The last poll-level error (listing projects, login, storage), or null after a success. */
      lastError: z.nullable(syncErrorSchema()),
      /**
       * The last error per project id (object keys come back as text), cleared when that project
       * syncs again.
       */
      projectErrors: keptRecord(
        z.string().check(z.regex(/^\d{1,15}$/)),
        syncErrorSchema(),
        PROJECT_ERRORS_MAX,
      ),
      /**
       * Projects the last lists left out, by id (project-roster.ts): still kept, with their
       * mentions, read marks and floors, and marked so on the options page.
       */
      absentProjects: keptRecord(
        z.string().check(z.regex(/^\d{1,15}$/)),
        absenceSchema(),
        PROJECT_ERRORS_MAX,
      ),
      /**
       * What the last poll could not take as sent, so the options page can say so: records that
       * did not decode (or named another project), records a floor turned away without proof
       * they were seen before (lib/mentions/floors.ts), and new mentions stored with the time
       * first seen because their date could not be read.
       */
      records: fieldwise(
        { skipped: count(), refused: count(), undated: count() },
        { skipped: 0, refused: 0, undated: 0 },
      ),
      lastPollAt: z.nullable(finite()),
    },
    { keyRejected: false, permissionMissing: false, lastError: null, lastPollAt: null },
  ),
);

export type SyncStatus = z.output<ReturnType<typeof syncStatusSchema>>;

/**
 * The status of an account never polled: nothing failed, nothing known, a poll due at once. It is
 * what parseSyncStatus makes of nothing, so each default is written once, there.
 */
export function initialSyncStatus(): SyncStatus {
  return parseSyncStatus(undefined);
}

/**
 * Version 2: a rejected key keeps its retry time (polling resumes by itself), and the errors are
 * checked field by field. A version 1 value goes through the same parse.
 */
export const DURABLE_STATUS_VERSION = 2;

/** The part of a status that must outlive the browser session (see the top of this file). */
export function durableOf(status: SyncStatus): SyncStatus {
  const { schedule } = status;
  // A schedule that is not plain "every interval" keeps its time: backoff, or a rejected key's retry.
  const keepsTime = schedule.consecutiveFailures > 0 || status.keyRejected;
  return {
    ...status,
    schedule: {
      ...schedule,
      lastSuccessAt: null,
      nextPollAt: keepsTime ? schedule.nextPollAt : 0,
    },
    lastPollAt: null,
  };
}

/** Whatever storage holds, as a usable status. Nothing stored reads as initialSyncStatus. */
export const parseSyncStatus = (raw: unknown): SyncStatus => syncStatusSchema().parse(raw);
