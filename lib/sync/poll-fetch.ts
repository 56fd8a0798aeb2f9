// A poll's calls for each project's mentions, a few at a time: all at once would burst the service,
// one by one is slow with many projects. The first call that ends the poll (a 429, a refused key, a
// changed account) stops the rest: calls already under way finish, none is started after it, and
// the projects not asked say so.
//
// Memory: a reply may hold a project's whole history (docs/service/notes.md, "Reply sizes"). A
// large reply waits for its turn before it is read on, and holds it until the poll has kept what it
// needs of it, so a poll holds at most one large reply, read or parsed, beside a few small ones.
// The poll's lease names the large reply it holds: if the worker stops with it, the next poll is
// careful (one project at a time) and skips a project that stopped it twice (lib/sync/locks.ts).
import { t } from '@/lib/i18n';
import type { ServiceProject } from '@/lib/projects/types';
import { isServiceError, ServiceError } from '@/lib/service/errors';
import type { LargeReply } from '@/lib/service/reply-body';
import type { Session } from '@/lib/sync/session';

const PROJECT_CONCURRENCY = 3;
/** Past this a reply is large: whole histories of the size the service really sends stay under it. */
const LARGE_REPLY_BYTES = 4 * 1024 * 1024;

/** What the poll's lease tells of the polls before this one (lib/sync/locks.ts, leaseAfter). */
export interface FetchCare {
  /** The poll before this one never finished: one project at a time. */
  careful: boolean;
  /** Projects whose replies stopped the worker twice in a row: not asked. */
  tooLarge: readonly number[];
  /** Records the project whose large reply the poll holds (undefined: none), before it is read. */
  holding(projectId: number | undefined): Promise<void>;
  /** Told once every project was asked (none left unasked by a StopKind): the lesson is learnt. */
  fetched(): void;
}

const CAREFREE: FetchCare = {
  careful: false,
  tooLarge: [],
  holding: async () => {},
  fetched: () => {},
};

/** Errors that end a poll's remaining calls at once: nothing later in the poll could succeed. */
type StopKind = 'rate-limited' | 'key-rejected' | 'superseded';
const STOP_KINDS: readonly string[] = ['rate-limited', 'key-rejected', 'superseded'];

export type Fetched =
  /** The reply's records as sent: the merge decodes what the store does not settle. */
  | { project: ServiceProject; records: unknown[] }
  | { project: ServiceProject; error: unknown }
  /** Not requested: an earlier call of this poll ended it (StopKind). */
  | { project: ServiceProject; skipped: true };

export interface FetchedMentions {
  fetched: Fetched[];
  /** The error that ended the poll's calls, if one did. */
  ended?: { kind: StopKind; error: ServiceError };
}

/**
 * A poll's calls under way at once (its project list, then the calls for mentions), across the
 * polls of every account: several accounts polled together ask the services no more at a time than
 * one account's poll does. A call holds its slot through the login it may need, and nothing that
 * holds a slot waits for one, so the slots cannot deadlock (a large reply's turn is held only by a
 * call that has its slot and needs no other).
 */
export function createCallSlots(limit = PROJECT_CONCURRENCY) {
  let free = limit;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
}

export type CallSlots = ReturnType<typeof createCallSlots>;

/** What of a project's reply to hold until the merge (poll-merge.ts, replySettler). */
export type KeepRecords = (projectId: number, records: unknown[]) => unknown[];

export async function fetchMentions(
  session: Session,
  projects: readonly ServiceProject[],
  keep: KeepRecords = (_, records) => records,
  care: FetchCare = CAREFREE,
  slots: CallSlots = createCallSlots(),
): Promise<FetchedMentions> {
  let ended: FetchedMentions['ended'];
  const turnOf = largeReplyTurns(care);
  const fetched = await mapWithConcurrency(
    projects,
    care.careful ? 1 : PROJECT_CONCURRENCY,
    (project) =>
      slots.run(async (): Promise<Fetched> => {
        if (ended) return { project, skipped: true };
        const id = project.project_id;
        if (care.tooLarge.includes(id)) {
          return { project, error: new ServiceError('bad-reply', t('errorReplyStoppedWorker')) };
        }
        const turn = turnOf(id);
        try {
          const records = await session.call((client, token) =>
            client.getMentionRecords(token, id, turn),
          );
          return { project, records: keep(id, records) };
        } catch (error) {
          if (!ended && isServiceError(error) && STOP_KINDS.includes(error.kind)) {
            ended = { kind: error.kind as StopKind, error };
          }
          return { project, error };
        } finally {
          await turn.end();
        }
      }),
  );
  if (!ended) care.fetched();
  return { fetched, ended };
}

/**
 * One large reply at a time, in the order they ask. A project's turn lasts from the moment its
 * reply is known to be large to the end of its call (what the poll keeps of it taken); a call
 * retried after a new login keeps the turn it has.
 */
function largeReplyTurns(care: FetchCare) {
  let last: Promise<void> = Promise.resolve();
  return (projectId: number): LargeReply & { end(): Promise<void> } => {
    let admitted: Promise<void> | undefined;
    let release: (() => void) | undefined;
    return {
      bytes: LARGE_REPLY_BYTES,
      admit() {
        admitted ??= (async () => {
          const before = last;
          last = new Promise((resolve) => (release = resolve));
          await before;
          // A lesson that cannot be written costs only the lesson.
          await care.holding(projectId).catch(() => undefined);
        })();
        return admitted;
      },
      async end() {
        if (!admitted) return;
        await admitted;
        await care.holding(undefined).catch(() => undefined);
        release?.();
      },
    };
  };
}

/** Maps `items` through `task` with at most `limit` running at once; results keep input order. */
async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  }
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}
