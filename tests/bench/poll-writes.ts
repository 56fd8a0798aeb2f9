// Benchmark: bytes a poll writes to storage.local, through the extension's own code: mergeMentions
// decides what changed, storeWrites (support/store-writes.ts) what writeMentionStore sets, counted the way Chrome counts the
// quota (key + UTF-8 JSON of the value).
//   - nothing new: the merge leaves the store untouched and nothing is written (the status moves
//     in storage.session, memory), also when the reply holds 3× the cap (what was dropped stays
//     under the floor);
//   - 10 new, into stores of 100, 1,000 and 5,000 (at the caps, where 10 old ones are pruned);
//   - 100 new into 1,000: ten times the mentions, about ten times the bytes.
// The same figures from the real worker in Chromium: tests/e2e/background.test.ts, "figures of a
// scripted session" (prints bytes per storage key and phase).
import { mergeMentions } from '@/lib/mentions/merge';
import type { MentionStore } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { entriesBytes } from '../unit/support/limits';
import { NOW, timelines } from './support/mention-fixtures';
import { storeFrom } from './support/mention-stores';
import { storeWrites } from './support/store-writes';
import type { Figure, Figures } from './support/types';

export const name = 'poll writes';

const PROJECTS = 10;

async function writtenBytes(store: MentionStore, reply: Mention[]) {
  const merged = mergeMentions(store, reply[0].project_id, reply, NOW);
  if (!merged.changed) return { bytes: 0, keys: 0, added: 0 };
  const { set, remove } = await storeWrites(store, merged.store);
  const bytes = entriesBytes(set);
  return { bytes, keys: Object.keys(set).length + remove.length, added: merged.added.length };
}

export async function run(): Promise<Figures> {
  const perProject = (total: number) => Math.max(1, total / PROJECTS);
  const figures: Figure[] = [];
  const scenario = async (label: string, stored: number, fresh: number, budget?: number) => {
    // Each project synced up to its newest `stored / 10` mentions; the reply brings `fresh` more.
    const lines = timelines(7, PROJECTS, perProject(stored) + fresh);
    const store = storeFrom(
      lines.map((t) => t.slice(0, perProject(stored))),
      0.7,
    );
    const reply = lines[0].slice(0, perProject(stored) + fresh);
    const { bytes, keys, added } = await writtenBytes(store, reply);
    if (added !== fresh) throw new Error(`${label}: ${added} added, expected ${fresh}`);
    figures.push({
      label,
      unit: 'bytes',
      value: bytes,
      ...(budget === undefined ? {} : { budget }),
      note: `${keys} keys set or removed`,
    });
  };
  await scenario('poll with nothing new, store of 5,000', 5_000, 0, 0);
  {
    // Replies that hold each project's history, three times the cap: the store at its caps with
    // floors set, and a poll bringing the same again.
    const lines = timelines(11, PROJECTS, 1_500);
    const store = storeFrom(lines, 0.7);
    const { bytes, keys } = await writtenBytes(store, lines[0]);
    figures.push({
      label: 'poll with nothing new, replies 3× the cap (1,500), store at the caps',
      unit: 'bytes',
      value: bytes,
      budget: 0,
      note: `${keys} keys set or removed`,
    });
  }
  await scenario('poll with 10 new, store of 100', 100, 10);
  await scenario('poll with 10 new, store of 1,000', 1_000, 10);
  await scenario('poll with 10 new, store of 5,000 (caps prune 10)', 5_000, 10);
  await scenario('poll with 100 new, store of 1,000', 1_000, 100);
  return {
    figures,
    parameters: {
      store: `${PROJECTS} projects, fake-service records via mergeMentions, 70% read`,
      'counted as':
        "key length + the value's JSON as Chrome writes it (lib/storage/quota-bytes.ts), per key set (removals write 0)",
    },
  };
}
