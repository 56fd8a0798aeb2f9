// Saved mentions: copies of records, each mention once, newest saved first, bounded in count and
// in bytes with the oldest saved dropped first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordOf } from '@/lib/mentions/mention-record';
import {
  parseSaved,
  SAVED_LIMITS,
  savedItemBytes,
  savedKeys,
  withSaved,
  type SavedMentions,
} from '@/lib/triage/saved';
import { stored } from '../support/mention-factory';

const record = (id: number, projectId = 1, title = `Mention ${id}`) =>
  recordOf(stored({ id, project_id: projectId, title }));

/** Nothing saved yet, as parseSaved reads an empty area. */
const NONE: SavedMentions = parseSaved(undefined);

function saveAll(ids: number[], limits = SAVED_LIMITS): SavedMentions {
  return ids.reduce((saved, id, i) => withSaved(saved, record(id), 1000 + i, limits), NONE);
}

const idsOf = (saved: SavedMentions) => saved.items.map((item) => item.record.id);

describe('withSaved', () => {
  it('puts the newest saved first and names each by its key', () => {
    const saved = saveAll([1, 2, 3]);
    expect(idsOf(saved)).toEqual([3, 2, 1]);
    expect(saved.items[0]).toEqual({ record: record(3), savedAt: 1002 });
    expect(savedKeys(saved)).toEqual(new Set(['1:1', '1:2', '1:3']));
  });

  it('saves a mention once: saving it again changes nothing', () => {
    const saved = saveAll([1, 2]);
    expect(withSaved(saved, record(1, 1, 'changed'), 5000)).toBe(saved);
    // Ids are per project: the same id in another project is another mention.
    expect(idsOf(withSaved(saved, record(1, 2), 5000))).toEqual([1, 2, 1]);
  });

  it('drops the oldest saved first past the count', () => {
    const saved = saveAll([1, 2, 3, 4, 5], { count: 3, bytes: SAVED_LIMITS.bytes });
    expect(idsOf(saved)).toEqual([5, 4, 3]);
  });

  it('drops the oldest saved first past the bytes, counting each item as stored', () => {
    const one = savedItemBytes({ record: record(1), savedAt: 1000 });
    // Records of the same shape cost the same (ids and times of the same length).
    const limits = { count: 100, bytes: one * 3 };
    expect(idsOf(saveAll([1, 2, 3], limits))).toEqual([3, 2, 1]);
    expect(idsOf(saveAll([1, 2, 3, 4], limits))).toEqual([4, 3, 2]);
    const total = (s: SavedMentions) => s.items.reduce((n, item) => n + savedItemBytes(item), 0);
    expect(total(saveAll([1, 2, 3, 4, 5, 6], limits))).toBeLessThanOrEqual(limits.bytes);
  });

  it('stays within both bounds whatever is saved', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.string({ maxLength: 300 }))),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 2_000, max: 8_000 }),
        (saves, count, bytes) => {
          let saved = NONE;
          for (const [i, [id, title]] of saves.entries()) {
            saved = withSaved(saved, record(id, 1, title), i, { count, bytes });
          }
          const total = saved.items.reduce((n, item) => n + savedItemBytes(item), 0);
          expect(saved.items.length).toBeLessThanOrEqual(count);
          expect(total).toBeLessThanOrEqual(bytes);
          expect(savedKeys(saved).size).toBe(saved.items.length);
          expect(parseSaved(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
        },
      ),
    );
  });
});

describe('parseSaved', () => {
  it('keeps well-formed items, each mention once', () => {
    const saved = saveAll([1, 2]);
    expect(parseSaved(saved)).toEqual(saved);
    const damaged = {
      items: [
        saved.items[0],
        { record: { id: 'x' }, savedAt: 1 },
        { record: record(9), savedAt: 'now' },
        saved.items[0],
        'junk',
        saved.items[1],
      ],
    };
    expect(idsOf(parseSaved(damaged))).toEqual([2, 1]);
  });

  it('keeps at most SAVED_LIMITS.count items', () => {
    const items = Array.from({ length: SAVED_LIMITS.count + 3 }, (_, i) => ({
      record: record(i + 1),
      savedAt: i,
    }));
    expect(parseSaved({ items }).items).toHaveLength(SAVED_LIMITS.count);
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        expect(Array.isArray(parseSaved(raw).items)).toBe(true);
        expect(parseSaved({ items: [raw] }).items.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
