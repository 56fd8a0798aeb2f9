// Benchmark: what the mention store costs of storage.local's 10 MB quota. Records are produced the
// way the extension produces them (mergeMentions with the default limits), laid out as the extension
// stores them (one key per mention, read ids and floors per project, meta: lib/mentions/shards.ts,
// and the popup's preview), and counted the way Chrome counts the quota: the key plus the JSON of
// the value as Chrome writes it (lib/storage/quota-bytes.ts: never below the UTF-8 length of
// JSON.stringify).
//
// Two figures matter: a realistic store at the caps, and the worst case (every remote string at its
// byte cap with the costliest characters, the longest ids and numbers, every project over its cap,
// read lists, legacy exclusion lists, preview, meta: tests/unit/support/worst-case-store.ts, whose
// unit test holds it under 50% of the quota).
import { shardsOf } from '../unit/support/mention-factory';
import { DEFAULT_LIMITS, RECORD_BYTES_BUDGET } from '@/lib/mentions/caps';
import { entryBytes, entriesBytes, QUOTA_BYTES } from '../unit/support/limits';
import { timelines } from './support/mention-fixtures';
import { storeFrom } from './support/mention-stores';
import { summarize } from './support/stats';
import type { Figures } from './support/types';

export const name = 'storage footprint';

const PROJECTS = DEFAULT_LIMITS.total / DEFAULT_LIMITS.perProject;

const share = (bytes: number) => `${((bytes / QUOTA_BYTES) * 100).toFixed(1)}% of the 10 MB quota`;

export async function run(): Promise<Figures> {
  const { storedPreviewOf } = await import('@/lib/mentions/preview');
  const { worstCaseFigures } = await import('../unit/support/worst-case-store');

  // At the caps: each project's reply holds 1,500 (its history), the store keeps 500.
  const store = storeFrom(timelines(7, PROJECTS, DEFAULT_LIMITS.perProject * 3), 0.7);
  const records = Object.values(store.byProject).flat();
  const entries = shardsOf(store);
  // What one mention costs as stored: its key and its record (the read flag is in a list).
  const recordEntries = Object.entries(entries).filter(([key]) => key.startsWith('mention:'));
  const perRecord = summarize(recordEntries.map(([key, value]) => entryBytes(key, value)));
  const itemBytes =
    entriesBytes(entries) + entriesBytes({ mentionPreview: storedPreviewOf(store) });
  const floorBytes = entriesBytes(
    Object.fromEntries(Object.entries(entries).filter(([key]) => key.startsWith('mentionFloor:'))),
  );

  // The same store as an account after the first: every key under its prefix, and its entry in
  // the settings (a typical label, address and 40-character key).
  const { accountPrefix } = await import('@/lib/accounts/accounts');
  const { DEFAULT_SETTINGS } = await import('@/lib/settings/settings');
  const prefix = accountPrefix('2');
  const own = { ...entries, mentionPreview: storedPreviewOf(store) };
  const laterBytes = entriesBytes(
    Object.fromEntries(Object.entries(own).map(([key, value]) => [prefix + key, value])),
  );
  const first = { ...DEFAULT_SETTINGS, serviceUrl: 'https://mentions.example.com', apiKey: 'k' };
  const later = {
    id: '2',
    label: 'Client B',
    serviceUrl: first.serviceUrl,
    apiKey: 'k'.repeat(40),
  };
  const settingsEntry =
    entryBytes('settings', { ...first, accounts: [later] }) - entryBytes('settings', first);

  const worst = worstCaseFigures();
  const [top] = worst;
  const shapeOf = (f: (typeof worst)[number]) =>
    `${f.shape.huge ? 'every string at its cap' : 'small records'}, ${f.shape.read ? 'all read' : 'all unread'}${f.shape.legacy ? ', legacy exclusions' : ''}`;

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
        note: `${share(itemBytes)}; of it floors ${(floorBytes / 1000).toFixed(1)} KB`,
      },
      {
        label: 'the same store as an account after the first',
        unit: 'KB',
        value: laterBytes / 1000,
        note:
          `+${(laterBytes - itemBytes).toLocaleString('en-US')} bytes (the ${prefix.length}-byte ` +
          `prefix ${prefix} on ${Object.keys(own).length.toLocaleString('en-US')} keys), and ` +
          `${settingsEntry} bytes of its entry in the settings; several accounts share the caps ` +
          '(lib/mentions/caps.ts accountShare), so the stores of all fit where one did',
      },
      {
        label: 'worst case at the caps',
        unit: 'bytes',
        value: top.bytes,
        budget: QUOTA_BYTES / 2,
        note: `${share(top.bytes)} (${shapeOf(top)}: ${top.records} records, ${top.recordBytes.toLocaleString('en-US')} bytes of the ${RECORD_BYTES_BUDGET.toLocaleString('en-US')} budget)`,
      },
      ...worst.slice(1).map((f) => ({
        label: `  worst case, ${shapeOf(f)}`,
        unit: 'bytes',
        value: f.bytes,
        note: `${share(f.bytes)}; ${f.records} records`,
      })),
    ],
    parameters: {
      records: 'fake-service generator, via mergeMentions with the default limits',
      caps: `${DEFAULT_LIMITS.perProject} per project, ${DEFAULT_LIMITS.total} in all, ${RECORD_BYTES_BUDGET.toLocaleString('en-US')} bytes of records`,
      'quota counted as': `key length + the value's JSON as Chrome writes it, ${QUOTA_BYTES.toLocaleString('en-US')} bytes`,
    },
  };
}
