// Benchmark: what the mention store costs of storage.local's 10 MB quota. Records are produced the
// way the extension produces them (mergeMentions: toStoredContent + read/firstSeen/addedAt), laid
// out as the extension stores them (one key per mention, read and pruned ids per project:
// lib/mentions/shards.ts), and counted the way Chrome counts the quota: the key plus the JSON of the
// value, in UTF-8 bytes.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { shardsOf } from '@/lib/mentions/shards';
import { toStoredContent } from '@/lib/mentions/stored-mention';
import { DEFAULT_LIMITS, type StoredMention } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/mention';
import { NOW, timelines } from './support/mention-fixtures';
import { storeFrom } from './support/mention-stores';
import { summarize } from './support/stats';
import type { Figures } from './support/types';

export const name = 'storage footprint';

/** chrome.storage.local.QUOTA_BYTES (without the unlimitedStorage permission, which we do not ask). */
const QUOTA_BYTES = 10_485_760;
const PROJECTS = DEFAULT_LIMITS.total / DEFAULT_LIMITS.perProject;

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
const entriesBytes = (entries: Record<string, unknown>) =>
  Object.entries(entries).reduce((n, [key, value]) => n + key.length + jsonBytes(value), 0);

/** A record with every capped text at its cap and a long (never cut) URL: the worst case. */
function worstCaseRecord(): StoredMention {
  const long = 'x'.repeat(10_000);
  const mention: Mention = {
    id: 9_007_199_254_740_991,
    project_id: 1_000_000,
    type: 'competitiveMonitoring',
    reddit_type: 'comment',
    source: 'linkedin',
    relevance_score: 100,
    sentiment: -1,
    title: long,
    text_summary: long,
    snippet: long,
    url: `https://www.example.com/${'p'.repeat(250)}`,
    keywords: long,
    excluded_keywords: long,
    status: 1,
    favorites: 1,
    author: long,
    created: '2025-06-15 12:00:00',
    date_added: '2025-06-15 12:00:00',
    product_description: long,
  };
  return {
    ...toStoredContent(mention),
    read: false,
    firstSeen: NOW.getTime(),
    addedAt: NOW.getTime(),
  };
}

export async function run(): Promise<Figures> {
  // At the caps: 500 stored per project and 1,000 pruned ids remembered per project.
  const perProject = DEFAULT_LIMITS.perProject + DEFAULT_LIMITS.prunedMemory;
  const store = storeFrom(timelines(7, PROJECTS, perProject), 0.7);
  const records = Object.values(store.byProject).flat();
  const entries = shardsOf(store);
  // What one mention costs as stored: its key and its record (the read flag is in a list).
  const recordEntries = Object.entries(entries).filter(([key]) => key.startsWith('mention:'));
  const perRecord = summarize(recordEntries.map(([key, value]) => key.length + jsonBytes(value)));
  // The popup's preview is stored beside the store: counts and the first screen's 10 records.
  const global = globalThis as { chrome?: unknown };
  global.chrome ??= fakeBrowser;
  const { storedPreviewOf } = await import('@/lib/mentions/preview');
  const itemBytes =
    entriesBytes(entries) + entriesBytes({ mentionPreview: storedPreviewOf(store) });
  const prunedBytes = entriesBytes(
    Object.fromEntries(Object.entries(entries).filter(([key]) => key.startsWith('mentionPruned:'))),
  );
  const worst = jsonBytes(worstCaseRecord());
  const worstTotal = itemBytes + (worst - perRecord.median) * records.length;
  const share = (bytes: number) =>
    `${((bytes / QUOTA_BYTES) * 100).toFixed(1)}% of the 10 MB quota`;

  return {
    figures: [
      {
        label: 'bytes per stored mention (key + JSON)',
        unit: 'bytes',
        value: perRecord.median,
        spread: perRecord.spread,
        note: `spread across the ${records.length} records, not runs; mean with the store's overhead ${Math.round(itemBytes / records.length)} bytes`,
      },
      {
        label: `store at the caps (${records.length.toLocaleString('en-US')} mentions)`,
        unit: 'KB',
        value: itemBytes / 1000,
        note: `${share(itemBytes)}; of it pruned-id memory ${(prunedBytes / 1000).toFixed(0)} KB`,
      },
      {
        label: 'worst-case record (every text at its cap)',
        unit: 'bytes',
        value: worst,
        note: 'ASCII; CJK text takes up to 3 bytes a character',
      },
      {
        label: 'store at the caps, worst-case records',
        unit: 'KB',
        value: worstTotal / 1000,
        note: `${share(worstTotal)}: over it, writes fail and pruneForQuota drops 20% and retries`,
      },
    ],
    parameters: {
      records: 'fake-service generator, via mergeMentions with the default caps',
      caps: `${DEFAULT_LIMITS.perProject} per project, ${DEFAULT_LIMITS.total} in all, ${DEFAULT_LIMITS.prunedMemory} pruned ids per project`,
      'quota counted as': 'key length + UTF-8 bytes of the JSON value (Chrome), 10,485,760 bytes',
    },
  };
}
