// Merging must stay linear-ish (Map/Set lookups, one sort), never "for each fetched, scan the
// stored list". Measured by counting reads of `id`, not by timing, so it cannot flake on a slow
// machine: a nested loop would read ids millions of times and quadruple when the input doubles.

import { describe, expect, it } from 'vitest';
import { mergeMentions } from '@/lib/mentions/merge';
import { emptyMentionStore, type MentionStore, mentionCount } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { NOW, mention, serviceDate, stored, storeOf } from '../support/mention-factory';

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

  it('a reply of 30,000 builds only what the caps can keep, and nothing below the floor', () => {
    const builds = { reads: 0 };
    // toStoredContent is the only reader of `title` in a merge: its reads count the records built.
    const counted = (m: Mention) => {
      const title = m.title;
      Object.defineProperty(m, 'title', {
        enumerable: true,
        get() {
          builds.reads += 1;
          return title;
        },
      });
      return m;
    };
    const reply = Array.from({ length: 30_000 }, (_, i) =>
      counted(
        mention({ id: i + 1, date_added: serviceDate(NOW.getTime() - (30_000 - i) * 60_000) }),
      ),
    );
    const limits = { perProject: 500, total: 5_000 };
    const first = mergeMentions(emptyMentionStore(), 1, reply, NOW, { limits });
    expect(first.added).toHaveLength(500);
    expect(builds.reads).toBe(500);

    builds.reads = 0;
    const fresh = Array.from({ length: 10 }, (_, i) =>
      counted(mention({ id: 40_000 + i, date_added: serviceDate(NOW.getTime() + i * 1_000) })),
    );
    const next = mergeMentions(first.store, 1, [...reply, ...fresh], NOW, { limits });
    expect(next.added).toHaveLength(10);
    expect(next.refused).toBe(0);
    // The 500 stored are compared (built once each), the 10 new built; the 29,500 below are not.
    expect(builds.reads).toBe(510);
  });
});
