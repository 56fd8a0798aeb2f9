// The mention store at its worst: what storage.local holds when every limit is reached with the
// most expensive input the service could send. Built through the real merge (with the default
// limits), read state and floors as the extension makes them, and measured with the real shard
// writer (the keys a store written from nothing sets, the popup's preview, the meta).
//
// Several shapes compete for the worst: few huge records (every string at its cap, the byte budget
// binds) or 5,000 small ones with the longest ids (the count caps bind, read lists are longest),
// all read or all unread (the preview's counts by source), and the legacy exclusion lists a
// migrated store may carry. The worst of them is the figure (tests/unit/mentions/store.worst-case.test.ts,
// tests/bench/storage-footprint.ts).

import { mergeMentions } from '@/lib/mentions/merge';
import { migrateMentionStorage } from '@/lib/mentions/store-format';
import { storedPreviewOf } from '@/lib/mentions/preview';
import { markAllRead } from '@/lib/mentions/read-state';
import { DEFAULT_LIMITS } from '@/lib/mentions/caps';
import { recordCost } from './limits';
import { storeOfShards } from '@/lib/mentions/shards';
import { PREVIEW_KEY } from '@/lib/storage/keys';
import { type MentionStore, mentionCount } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { entriesBytes } from './limits';
import { NOW, shardsOf } from './mention-factory';

export const WORST_PROJECTS = 20;
/** The format before floors remembered up to 1,000 pruned ids per project. */
const LEGACY_PRUNED = 1_000;

/** The longest safe integers (17 characters with the sign), counting down. */
const longId = (k: number) => -9_007_199_254_740_991 + k;
/** The longest number JSON can hold. */
const LONG_NUMBER = -1.7976931348623157e308;
/** Characters that cost most as stored: escapes, `<` (6 bytes in Chrome), emoji, CJK. */
const COSTLY = '<"\\\u0001\u2028😀比é\n';
/** A readable date as long as one can be (35 characters). */
const LONGEST_DATE = '2025-06-15 11:59:59.123456789+00:00';

export interface WorstShape {
  /** Every string at its cap (else short). */
  huge: boolean;
  read: boolean;
  /** Legacy exclusion lists from a migrated store. */
  legacy: boolean;
}

function costly(length: number, salt: number): string {
  // A distinct prefix so no two records share a string (the preview counts sources separately).
  return `${salt}${COSTLY.repeat(Math.ceil(length / COSTLY.length))}`.slice(0, length);
}

function worstMention(projectId: number, k: number, huge: boolean): Mention {
  const text = (length: number) => (huge ? costly(length, k) : '');
  return {
    id: longId(k),
    project_id: projectId,
    type: costly(huge ? 200 : 0, k),
    reddit_type: text(200),
    // Distinct sources at their cap: the preview's counts by source grow with the records.
    source: costly(200, k),
    relevance_score: LONG_NUMBER,
    sentiment: LONG_NUMBER,
    title: text(5_000),
    text_summary: text(5_000),
    snippet: text(5_000),
    // Never cut, so at its cap it is 2,048 bytes exactly.
    url: huge ? `https://example.com/${'p'.repeat(2_048 - 20)}` : 'https://example.com/',
    keywords: text(5_000),
    excluded_keywords: text(5_000),
    status: LONG_NUMBER,
    favorites: LONG_NUMBER,
    author: text(5_000),
    created: costly(huge ? 200 : 0, k),
    date_added: huge ? LONGEST_DATE : '2025-06-15 11:59:59',
    product_description: '',
  };
}

/** Storage.local of a format-1 store that pruned 1,000 of the longest ids in every project. */
function legacyStart(projectIds: readonly number[]): MentionStore {
  const entries: Record<string, unknown> = { mentionMeta: { syncedProjects: [] } };
  for (const projectId of projectIds) {
    entries[`mentionPruned:${projectId}`] = Array.from({ length: LEGACY_PRUNED }, (_, i) =>
      longId(1_000_000 + i),
    );
  }
  const { set } = migrateMentionStorage(entries);
  return storeOfShards({ ...set });
}

export function worstCaseStore(shape: WorstShape): MentionStore {
  const projectIds = Array.from({ length: WORST_PROJECTS }, (_, i) => longId(i));
  let store = legacyStart(shape.legacy ? projectIds : []);
  // More than the per-project cap for every project: the caps and the budget bind.
  const perProject = DEFAULT_LIMITS.perProject + 100;
  projectIds.forEach((projectId, p) => {
    const reply = Array.from({ length: perProject }, (_, i) =>
      worstMention(projectId, p * perProject + i, shape.huge),
    );
    store = mergeMentions(store, projectId, reply, NOW, { firstSync: false }).store;
  });
  return shape.read ? markAllRead(store) : store;
}

/** Every key the store takes in storage.local, as the extension writes it. */
export function worstCaseEntries(store: MentionStore): Record<string, unknown> {
  return { ...shardsOf(store), [PREVIEW_KEY]: storedPreviewOf(store) };
}

export interface WorstCaseFigure {
  shape: WorstShape;
  bytes: number;
  records: number;
  recordBytes: number;
}

/** Each shape's bytes in storage, the worst first. */
export function worstCaseFigures(): WorstCaseFigure[] {
  const figures: WorstCaseFigure[] = [];
  for (const huge of [true, false]) {
    for (const read of [true, false]) {
      for (const legacy of [true, false]) {
        const shape = { huge, read, legacy };
        const store = worstCaseStore(shape);
        const records = Object.values(store.byProject).flat();
        figures.push({
          shape,
          bytes: entriesBytes(worstCaseEntries(store)),
          records: mentionCount(store),
          recordBytes: records.reduce((n, m) => n + recordCost(m), 0),
        });
      }
    }
  }
  return figures.sort((a, b) => b.bytes - a.bytes);
}
