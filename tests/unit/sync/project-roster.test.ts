// The roster: a project leaves only when complete lists have left it out several polls in a row,
// over an hour; a list with undecodable records counts against no one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ServiceProject } from '@/lib/projects/types';
import { adoptProjectList } from '@/lib/sync/project-roster';
import { initialSyncStatus } from '@/lib/sync/status';

const MINUTE = 60_000;
const project = (id: number): ServiceProject => ({
  project_id: id,
  name: `Project ${id}`,
  type: 'brandMonitoring',
  fields: {},
});
const [A, B, C] = [project(1), project(2), project(3)];

/** Storage in memory, as adoptProjectList reaches it; `kept` is the cached list at the start. */
function memory(kept: ServiceProject[] = [A, B, C]) {
  let status = initialSyncStatus();
  let writes = 0;
  const deps = {
    readProjects: async () => kept,
    writeProjects: async (projects: ServiceProject[]) => {
      writes += 1;
      kept = projects;
    },
    readStatus: async () => status,
    writeStatus: async (next: typeof status) => {
      status = next;
    },
  };
  /** The roster as stored: the cached projects, and the absences in the status. */
  const roster = () => ({ projects: kept, absent: status.absentProjects });
  return { deps, roster, writes: () => writes };
}

/** Polls every `everyMs` from 0, each answering `lists[i]`; returns the roster after each. */
async function run(
  lists: { projects: ServiceProject[]; skipped?: number }[],
  everyMs = 5 * MINUTE,
) {
  const { deps, roster } = memory();
  const rosters = [];
  for (const [i, list] of lists.entries()) {
    await adoptProjectList(deps, { skipped: 0, ...list }, i * everyMs);
    rosters.push(roster());
  }
  return rosters;
}

describe('the roster', () => {
  it('keeps every project through an empty list, marked as left out', async () => {
    const [roster] = await run([{ projects: [] }]);
    expect(roster.projects).toEqual([A, B, C]);
    expect(roster.absent).toEqual({
      '1': { since: 0, polls: 1 },
      '2': { since: 0, polls: 1 },
      '3': { since: 0, polls: 1 },
    });
  });

  it('lets a project go after three complete lists over at least an hour, not sooner', async () => {
    // Every 5 minutes: the third omission is 10 minutes in, far short of the hour.
    const quick = await run(Array.from({ length: 13 }, () => ({ projects: [A, C] })));
    expect(quick[2].projects).toEqual([A, C, B]);
    expect(quick[11].projects).toEqual([A, C, B]);
    // 12 polls later (60 minutes after the first omission) it goes.
    expect(quick[12].projects).toEqual([A, C]);
    expect(quick[12].absent).toEqual({});
    // Hourly: an hour is not enough without the third list.
    const slow = await run(
      Array.from({ length: 3 }, () => ({ projects: [A, C] })),
      2 * 60 * MINUTE,
    );
    expect(slow[1].projects).toEqual([A, C, B]);
    expect(slow[2].projects).toEqual([A, C]);
  });

  it('starts counting again when a list names the project', async () => {
    const rosters = await run([
      { projects: [A] },
      { projects: [A] },
      { projects: [A, B, C] },
      { projects: [A] },
    ]);
    expect(rosters[2].absent).toEqual({});
    expect(rosters[3].absent).toEqual({
      '2': { since: 15 * MINUTE, polls: 1 },
      '3': { since: 15 * MINUTE, polls: 1 },
    });
  });

  it('counts no omission on a list with records that did not decode', async () => {
    const rosters = await run(
      Array.from({ length: 20 }, () => ({ projects: [A], skipped: 1 })),
      10 * MINUTE,
    );
    expect(rosters.at(-1)!.projects).toEqual([A, B, C]);
    expect(rosters.at(-1)!.absent['2']).toEqual({ since: 0, polls: 0 });
  });

  it('keeps the listed projects in the service order, new ones included', async () => {
    const D = project(4);
    const [roster] = await run([{ projects: [D, C, A] }]);
    expect(roster.projects).toEqual([D, C, A, B]);
  });

  it('never drops a project on fewer than three complete omissions, whatever the lists', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            names: fc.subarray([A, B, C]),
            skipped: fc.nat(2),
            gap: fc.integer({ min: 1, max: 3 * 60 * MINUTE }),
          }),
          { maxLength: 30 },
        ),
        async (polls) => {
          const { deps, roster: stored } = memory();
          let now = 0;
          const omitted = new Map<number, { polls: number; since: number }>();
          for (const poll of polls) {
            now += poll.gap;
            const kept = stored().projects;
            await adoptProjectList(deps, { projects: poll.names, skipped: poll.skipped }, now);
            const roster = stored();
            const named = new Set(poll.names.map((p) => p.project_id));
            for (const p of kept) {
              const id = p.project_id;
              if (named.has(id)) omitted.delete(id);
              else {
                const was = omitted.get(id) ?? { polls: 0, since: now };
                omitted.set(id, {
                  polls: was.polls + (poll.skipped === 0 ? 1 : 0),
                  since: was.since,
                });
              }
              const gone = !roster.projects.some((q) => q.project_id === id);
              const o = omitted.get(id);
              if (gone) {
                expect(o!.polls).toBeGreaterThanOrEqual(3);
                expect(now - o!.since).toBeGreaterThanOrEqual(60 * MINUTE);
                omitted.delete(id);
              }
            }
            for (const p of poll.names) expect(roster.projects).toContainEqual(p);
          }
        },
      ),
    );
  });
});

describe('adoptProjectList', () => {
  it('keeps what the cache holds, and writes an unchanged list of over 1,000 projects once', async () => {
    const { deps, roster, writes } = memory([]);
    const many = Array.from({ length: 1_500 }, (_, i) => project(i + 1));
    await adoptProjectList(deps, { projects: many, skipped: 0 }, 0);
    expect(roster().projects).toHaveLength(1_000);
    expect(roster().projects.at(-1)?.project_id).toBe(1_000);
    await adoptProjectList(deps, { projects: many, skipped: 0 }, 5 * MINUTE);
    expect(writes()).toBe(1);
    // A list that leaves one out keeps it, marked, in the status.
    await adoptProjectList(deps, { projects: many.slice(1), skipped: 0 }, 10 * MINUTE);
    expect(roster().projects.map((p) => p.project_id)).toContain(1);
    expect(roster().absent).toEqual({ '1': { since: 10 * MINUTE, polls: 1 } });
  });
});
