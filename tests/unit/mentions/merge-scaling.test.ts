// Merging must stay linear-ish (Map/Set lookups, one sort), never "for each fetched, scan the
// stored list". Measured by counting reads of `id`, not by timing, so it cannot flake on a slow
// machine: a nested loop would read ids millions of times and quadruple when the input doubles.

import { describe, expect, it } from 'vitest';
import { mergeMentions } from '@/lib/mentions/merge';
import { mentionCount } from '@/lib/mentions/selectors';
import type { MentionStore } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/mention';
import { NOW, mention, stored, storeOf } from './mention-factory';

const ROOMY = { perProject: 1_000_000, total: 1_000_000 };

function countingIdReads<T extends { id: number }>(value: T, counter: { reads: number }): T {
  const id = value.id;
  Object.defineProperty(value, 'id', {
    enumerable: true,
    get() {
      counter.reads += 1;
      return id;
    },
  });
  return value;
}

/** `existing` stored mentions and `fetched` ones of which half are re-fetches, half new. */
function scenario(existing: number, fetched: number, counter: { reads: number }) {
  const store: MentionStore = storeOf(
    ...Array.from({ length: existing }, (_, i) => stored({ id: i + 1, addedAt: i + 1 })),
  );
  for (const m of store.byProject[1]) countingIdReads(m, counter);
  const reply: Mention[] = Array.from({ length: fetched }, (_, i) => {
    const id = i % 2 === 0 ? existing - i : existing + i + 1;
    return countingIdReads(mention({ id, title: `changed ${id}` }), counter);
  });
  return { store, reply };
}

function idReadsFor(existing: number, fetched: number): { reads: number; total: number } {
  const counter = { reads: 0 };
  const { store, reply } = scenario(existing, fetched, counter);
  counter.reads = 0;
  const result = mergeMentions(store, 1, reply, NOW, { limits: ROOMY });
  return { reads: counter.reads, total: mentionCount(result.store) };
}

describe('mergeMentions scaling', () => {
  it('merges 1,000 into 5,000 with a bounded number of key reads per record', () => {
    const { reads, total } = idReadsFor(5_000, 1_000);
    expect(total).toBe(5_500);
    // A nested loop would be around 5,000 × 1,000 / 2 = 2.5 million.
    expect(reads).toBeLessThan(20 * 6_000);
  });

  it('doubling the input roughly doubles the work (not quadruples)', () => {
    const small = idReadsFor(5_000, 1_000).reads;
    const large = idReadsFor(10_000, 2_000).reads;
    expect(large / small).toBeLessThan(3);
  });
});
