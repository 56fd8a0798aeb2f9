// A poll's calls for each project's mentions, seen through a fake client: how many large replies
// it holds at once, one project at a time after a poll that never finished, and a project whose
// reply stopped the worker twice left out with its reason.
import { describe, expect, it } from 'vitest';
import type { ServiceProject } from '@/lib/projects/types';
import type { ServiceClient } from '@/lib/service/client';
import { isServiceError } from '@/lib/service/errors';
import type { LargeReply } from '@/lib/service/reply-body';
import { fetchMentions, type FetchCare } from '@/lib/sync/poll-fetch';
import type { Session } from '@/lib/sync/session';

const PROJECTS: ServiceProject[] = [1, 2, 3, 4, 5].map((id) => ({
  project_id: id,
  name: `Project ${id}`,
  type: 'brandMonitoring',
  fields: {},
}));

/** Lets the other calls of the poll run as far as they can (a task, not a time). */
const yieldToOthers = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A session over a client whose replies are all large (they ask for their turn, as the HTTP layer
 * does past the size) when `large`; counts the calls under way and the replies held, from the
 * turn to what the poll keeps of them.
 */
function world(large: boolean) {
  const seen = { calls: 0, mostCalls: 0, held: 0, mostHeld: 0, asked: [] as number[] };
  const client = {
    async getMentionRecords(_token: string, projectId: number, turn?: LargeReply) {
      seen.asked.push(projectId);
      seen.mostCalls = Math.max(seen.mostCalls, ++seen.calls);
      await yieldToOthers();
      if (large) await turn?.admit();
      seen.mostHeld = Math.max(seen.mostHeld, ++seen.held);
      await yieldToOthers();
      seen.calls -= 1;
      return [{ id: projectId * 10, project_id: projectId }];
    },
  } as unknown as ServiceClient;
  const session: Session = {
    call: (call) => call(client, 'token'),
    adopt: async () => {},
    forget: async () => {},
  };
  const keep = (_id: number, records: unknown[]) => {
    seen.held -= 1;
    return records;
  };
  return { seen, session, keep };
}

const care = (overrides: Partial<FetchCare>): FetchCare => ({
  careful: false,
  tooLarge: [],
  holding: async () => {},
  fetched: () => {},
  ...overrides,
});

describe('a poll of large replies', () => {
  it('holds one large reply at a time, from its turn until what it keeps is taken', async () => {
    const { seen, session, keep } = world(true);
    const { fetched } = await fetchMentions(session, PROJECTS, keep);
    expect(fetched.every((f) => 'records' in f)).toBe(true);
    // The calls still run a few at once; only the large replies wait for each other.
    expect(seen.mostCalls).toBe(3);
    expect(seen.mostHeld).toBe(1);
  });

  it('holds small replies a few at a time', async () => {
    const { seen, session, keep } = world(false);
    await fetchMentions(session, PROJECTS, keep);
    expect(seen.mostHeld).toBe(3);
  });

  it('names the large reply it holds before reading on, and none once it is done', async () => {
    const { session, keep } = world(true);
    const told: (number | undefined)[] = [];
    const holding = async (projectId: number | undefined) => {
      told.push(projectId);
    };
    await fetchMentions(session, PROJECTS.slice(0, 2), keep, care({ holding }));
    expect(told).toEqual([1, undefined, 2, undefined]);
  });
});

describe('a poll after one that never finished', () => {
  it('asks one project at a time', async () => {
    const { seen, session, keep } = world(false);
    const { fetched } = await fetchMentions(session, PROJECTS, keep, care({ careful: true }));
    expect(fetched.every((f) => 'records' in f)).toBe(true);
    expect(seen.mostCalls).toBe(1);
  });

  it('leaves out a project whose reply stopped the worker twice, with its reason; the others merge', async () => {
    const { seen, session, keep } = world(true);
    const { fetched, ended } = await fetchMentions(
      session,
      PROJECTS,
      keep,
      care({ careful: true, tooLarge: [3] }),
    );
    expect(seen.asked).toEqual([1, 2, 4, 5]);
    expect(ended).toBeUndefined();
    const three = fetched[2];
    expect('error' in three && isServiceError(three.error, 'bad-reply')).toBe(true);
    expect('error' in three && (three.error as Error).message).toBe(
      "Reading this project's mentions stopped the extension twice (too large for its memory); they are not asked for again until the browser restarts.",
    );
    expect(fetched.filter((f) => 'records' in f).map((f) => f.project.project_id)).toEqual([
      1, 2, 4, 5,
    ]);
  });
});
