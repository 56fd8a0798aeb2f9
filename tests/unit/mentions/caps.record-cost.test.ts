// A record's cost, counted member by member, is exactly what writing its JSON and measuring it
// gives (the rule of lib/storage/quota-bytes.ts), for any record the store can hold. The cost is
// private to caps.ts; it shows in the byte budget: a record is kept within its cost, not one byte
// less.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enforceCaps, withRead } from '@/lib/mentions/caps';
import { recordKey } from '@/lib/mentions/store-format';
import { recordOf } from '@/lib/mentions/mention-record';
import { emptyMentionStore, type StoredMention } from '@/lib/mentions/store';
import { RECORD_SHARE_BYTES, entryBytes } from '../support/limits';

const anyText = fc.string({ unit: 'binary', maxLength: 80 });
const anyNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: 1_500_000_000_000, max: 2_500_000_000_000 }),
  fc.double(),
);

const recordArb = fc.record({
  id: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  project_id: fc.integer({ min: 0, max: 2 ** 40 }),
  type: anyText,
  reddit_type: anyText,
  source: anyText,
  relevance_score: anyNumber,
  sentiment: anyNumber,
  title: anyText,
  text_summary: fc.option(anyText, { nil: null }),
  snippet: anyText,
  url: anyText,
  keywords: anyText,
  excluded_keywords: anyText,
  status: anyNumber,
  favorites: anyNumber,
  author: anyText,
  created: anyText,
  date_added: anyText,
  read: fc.boolean(),
  firstSeen: anyNumber,
  addedAt: anyNumber,
}) as fc.Arbitrary<StoredMention>;

/** Whether the byte budget keeps a store of `mention` alone when it allows `bytes` of records. */
function keptWithin(mention: StoredMention, bytes: number): boolean {
  const store = { ...emptyMentionStore(), byProject: { [mention.project_id]: [mention] } };
  return enforceCaps(store, { perProject: 10, total: 10, totalBytes: bytes }) === store;
}

/** That the caps count `mention` as exactly `bytes`. */
function expectCost(mention: StoredMention, bytes: number): void {
  expect(keptWithin(mention, bytes)).toBe(true);
  expect(keptWithin(mention, bytes - 1)).toBe(false);
}

describe('recordCost', () => {
  it('equals the measured JSON of the record under its key, plus its share', () => {
    fc.assert(
      fc.property(recordArb, (mention) => {
        const measured = entryBytes(recordKey(mention.project_id, mention.id), recordOf(mention));
        expectCost(mention, measured + RECORD_SHARE_BYTES);
      }),
      { numRuns: 500 },
    );
  });

  it('does not count the read flag: marking read keeps the cost', () => {
    fc.assert(
      fc.property(recordArb, (mention) => {
        const cost = entryBytes(recordKey(mention.project_id, mention.id), recordOf(mention));
        expectCost(withRead(mention, !mention.read), cost + RECORD_SHARE_BYTES);
        expectCost({ ...mention, read: !mention.read }, cost + RECORD_SHARE_BYTES);
      }),
      { numRuns: 200 },
    );
  });
});
