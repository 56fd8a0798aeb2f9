// A record's cost, counted member by member, is exactly what writing its JSON and measuring it
// gives (the rule of stored-bytes.ts), for any record the store can hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECORD_SHARE_BYTES, recordCost, withRead } from '@/lib/mentions/caps';
import { recordKey } from '@/lib/mentions/store-format';
import { entryBytes } from '@/lib/storage/quota-bytes';
import { recordOf } from '@/lib/mentions/mention-record';
import type { StoredMention } from '@/lib/mentions/store';

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

describe('recordCost', () => {
  it('equals the measured JSON of the record under its key, plus its share', () => {
    fc.assert(
      fc.property(recordArb, (mention) => {
        const measured = entryBytes(recordKey(mention.project_id, mention.id), recordOf(mention));
        expect(recordCost(mention)).toBe(measured + RECORD_SHARE_BYTES);
      }),
      { numRuns: 500 },
    );
  });

  it('does not count the read flag: marking read keeps the cost', () => {
    fc.assert(
      fc.property(recordArb, (mention) => {
        expect(recordCost(withRead(mention, !mention.read))).toBe(recordCost(mention));
        expect(recordCost({ ...mention, read: !mention.read })).toBe(recordCost(mention));
      }),
      { numRuns: 200 },
    );
  });
});
