// Benchmark: the CPU cost of a poll's pure work on a full store (5,000 mentions: 10 projects at the
// 500 per-project cap). A reply is what getMentions returns for one project: its newest 1,000.
//   - 500 new: half the reply is new, so the caps prune 500 (the "1,000 into 5,000");
//   - 10 new: the everyday poll;
//   - nothing new: 500 stored + 500 below the project's floor; must leave the store untouched;
//   - a project's whole history, 30,000, of which 10 new: what is below the floor is counted and
//     left unbuilt.
// And the counts the badge and popup derive on every change.
import { mergeMentions } from '@/lib/mentions/merge';
import { type MentionStore, unreadByProject } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { cpuSamples, timingFigure } from './support/cpu-time';
import { NOW, timelines } from './support/mention-fixtures';
import { storeFrom } from './support/mention-stores';
import type { Figures } from './support/types';

export const name = 'merge cost';

const PROJECTS = 10;
const MERGE_SAMPLES = 100;
const COUNT_SAMPLES = 40;
const COUNT_BATCH = 200;

function mergeFigure(label: string, store: MentionStore, reply: Mention[], expectAdded: number) {
  const projectId = reply[0].project_id;
  // The fixture must be the scenario it claims to be, or the figure means nothing.
  const check = mergeMentions(store, projectId, reply, NOW);
  if (check.added.length !== expectAdded || check.changed !== expectAdded > 0) {
    throw new Error(`${label}: added ${check.added.length}, expected ${expectAdded}`);
  }
  const samples = cpuSamples(
    () => null,
    () => mergeMentions(store, projectId, reply, NOW),
    { samples: MERGE_SAMPLES, warmup: 5 },
  );
  return timingFigure(label, samples);
}

export async function run(): Promise<Figures> {
  const lines = timelines(42, PROJECTS, 1_500);
  // Each project synced up to its 1,000th mention: 500 stored, the 500 before them under the floor.
  const store = storeFrom(
    lines.map((t) => t.slice(0, 1_000)),
    0.7,
  );
  const [first] = lines;
  const [history] = timelines(43, 1, 30_000);
  const historyStore = storeFrom([history.slice(0, 29_990)], 0.7);
  const counts = (work: (s: MentionStore) => unknown) =>
    cpuSamples(() => store, work, { samples: COUNT_SAMPLES, batch: COUNT_BATCH, warmup: 3 });

  return {
    figures: [
      {
        ...mergeFigure('merge 1,000 (500 new) into 5,000', store, first.slice(500, 1_500), 500),
        budget: 10,
        note: 'CPU time (user + system) per merge, including the cap pruning and the sort',
      },
      mergeFigure('merge 1,000 (10 new) into 5,000', store, first.slice(10, 1_010), 10),
      mergeFigure('merge 1,000 (nothing new) into 5,000', store, first.slice(0, 1_000), 0),
      mergeFigure('merge 30,000 (10 new) into 500 at the cap', historyStore, history, 10),
      timingFigure('unreadByProject over 5,000', counts(unreadByProject)),
    ],
    parameters: {
      store: `${PROJECTS} projects × 500 (the caps), 70% read, fake-service records`,
      reply: "1,000 mentions of one project, newest last (and one project's history of 30,000)",
      'samples per figure': `${MERGE_SAMPLES} merges; counts ${COUNT_SAMPLES} × batches of ${COUNT_BATCH}`,
    },
  };
}
