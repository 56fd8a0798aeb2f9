// A poll's calls for each project's mentions, a few at a time: all at once would burst the service,
// one by one is slow with many projects. The first call that ends the poll (a 429, a refused key, a
// changed account) stops the rest: calls already under way finish, none is started after it, and
// the projects not asked say so.
import type { ServiceProject } from '@/lib/projects/types';
import { isServiceError, type ServiceError } from '@/lib/service/errors';
import type { Session } from '@/lib/sync/session';

const PROJECT_CONCURRENCY = 3;

/** Errors that end a poll's remaining calls at once: nothing later in the poll could succeed. */
type StopKind = 'rate-limited' | 'key-rejected' | 'superseded';
const STOP_KINDS: readonly string[] = ['rate-limited', 'key-rejected', 'superseded'];

export type Fetched =
  /** The reply's records as sent: the merge decodes what the store does not settle. */
  | { project: ServiceProject; records: unknown[] }
  | { project: ServiceProject; error: unknown }
  /** Not requested: an earlier call of this poll ended it (StopKind). */
  | { project: ServiceProject; skipped: true };

interface FetchedMentions {
  fetched: Fetched[];
  /** The error that ended the poll's calls, if one did. */
  ended?: { kind: StopKind; error: ServiceError };
}

/** What of a project's reply to hold until the merge (poll-merge.ts, replySettler). */
export type KeepRecords = (projectId: number, records: unknown[]) => unknown[];

export async function fetchMentions(
  session: Session,
  projects: readonly ServiceProject[],
  keep: KeepRecords = (_, records) => records,
): Promise<FetchedMentions> {
  let ended: FetchedMentions['ended'];
  const fetched = await mapWithConcurrency(
    projects,
    PROJECT_CONCURRENCY,
    async (project): Promise<Fetched> => {
      if (ended) return { project, skipped: true };
      try {
        const records = await session.call((client, token) =>
          client.getMentionRecords(token, project.project_id),
        );
        return { project, records: keep(project.project_id, records) };
      } catch (error) {
        if (!ended && isServiceError(error) && STOP_KINDS.includes(error.kind)) {
          ended = { kind: error.kind as StopKind, error };
        }
        return { project, error };
      }
    },
  );
  return { fetched, ended };
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
