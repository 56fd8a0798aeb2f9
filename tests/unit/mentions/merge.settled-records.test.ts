// The records a poll lets go without reading them in full (merge.ts, recordsToKeep) change nothing:
// merging what recordsToKeep keeps leaves the store exactly as merging every record decoded, also
// after what the store goes through between the poll's start and its merge.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeMentions, recordsToKeep } from '@/lib/mentions/merge';
import { emptyMentionStore, type MentionStore, rebaseServiceTimes } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { decodeMentionList } from '@/lib/service/replies';
import { NOW, mention, mentionArbitrary, serviceDate } from '../support/mention-factory';

const LIMITS = { perProject: 6, total: 10 };
const PROJECT = 1;

const decodeAll = (records: readonly unknown[]) => decodeMentionList(records, PROJECT).items;

/** A record as a service may send it: PHP's text numbers, nulls, odd ids, zones, a changed member. */
function wireForm(m: Mention, variant: number): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...m };
  const pick = (k: number) => Math.floor(variant / k) % 4;
  if (pick(1) === 1) {
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value === 'number') raw[key] = String(value);
    }
  }
  if (pick(1) === 2) raw.id = [` ${m.id}`, `${m.id}.0`, `+${m.id}`][variant % 3];
  if (pick(4) === 1) raw.project_id = [null, '', undefined, 2][variant % 4];
  if (pick(4) === 2) raw.snippet = m.snippet === '' ? null : `${m.snippet} (edited)`;
  if (pick(16) === 1) raw.sentiment = [null, '', true, 'x'][variant % 4];
  if (pick(16) === 2) raw.date_added = [` ${m.date_added}`, `${m.date_added}Z`, 7][variant % 3];
  if (pick(64) === 1) raw.title = { text: m.title };
  if (pick(64) === 2) raw.text_summary = ['', null, 'a summary'][variant % 3];
  if (pick(64) === 3) raw.product_description = [{}, null][variant % 2];
  return raw;
}

const storeArb = fc
  .array(fc.tuple(fc.constantFrom(1, 2), fc.array(mentionArbitrary([1, 2]), { maxLength: 12 })), {
    maxLength: 5,
  })
  .map((polls) =>
    polls.reduce<MentionStore>(
      (store, [projectId, fetched]) =>
        mergeMentions(store, projectId, fetched, NOW, { limits: LIMITS }).store,
      emptyMentionStore(),
    ),
  );

const replyArb = (store: MentionStore) => {
  // What is stored, sent again as it is (read state and times are ours, not the service's).
  const stored = (store.byProject[PROJECT] ?? []).map(
    ({ read: _r, firstSeen: _f, addedAt: _a, ...content }): Mention => ({
      ...content,
      product_description: '',
    }),
  );
  const fetched = fc.array(mentionArbitrary([PROJECT, 2]), { maxLength: 12 });
  return (
    fc
      .tuple(fc.subarray(stored), fetched)
      // In any order: a copy the store settles may come before or after another copy of its id.
      .chain(([again, fresh]) =>
        fc.tuple(
          fc.shuffledSubarray([...again, ...fresh], { minLength: again.length + fresh.length }),
          fc.array(fc.nat(4 ** 5), { maxLength: 24 }),
        ),
      )
      .map(([records, variants]) =>
        records.map((m, i) =>
          wireForm(m, variants[i] === undefined ? 0 : variants[i] % 3 === 0 ? 0 : variants[i]),
        ),
      )
  );
};

type Meanwhile = { fetched: Mention[] } | { offset: number };

/** The store after what it went through between a poll's start and its merge. */
function throughMeanwhile(store: MentionStore, steps: readonly Meanwhile[]): MentionStore {
  return steps.reduce(
    (now, step) =>
      'fetched' in step
        ? mergeMentions(now, 2, step.fetched, NOW, { limits: LIMITS }).store
        : rebaseServiceTimes(now, step.offset),
    store,
  );
}

describe('recordsToKeep', () => {
  const offsetArb = fc.constantFrom(undefined, 0, 60, -300);
  // What the store may go through between the poll's start and its merge: another project's merge
  // (its caps prune this one's oldest), a new offset, a quota prune's kind of drop.
  const meanwhileArb = fc.array(
    fc.oneof(
      fc.array(mentionArbitrary([2]), { maxLength: 8 }).map((fetched) => ({ fetched })),
      fc.constantFrom(0, 60, -300, 330).map((offset) => ({ offset })),
    ),
    { maxLength: 3 },
  );

  it('keeps what the merge, after anything the store went through meanwhile, reads the same', () => {
    fc.assert(
      fc.property(
        storeArb.chain((store) =>
          fc.tuple(fc.constant(store), replyArb(store), offsetArb, offsetArb, meanwhileArb),
        ),
        ([before, records, offsetBefore, offsetNow, meanwhile]) => {
          const now = throughMeanwhile(before, meanwhile);
          const kept = recordsToKeep(before, PROJECT, records, offsetBefore);
          const options = { limits: LIMITS, utcOffsetMinutes: offsetNow };
          const full = mergeMentions(now, PROJECT, decodeAll(records), NOW, options);
          const fast = mergeMentions(now, PROJECT, decodeAll(kept), NOW, options);
          expect(fast.store).toEqual(full.store);
          expect(fast.added).toEqual(full.added);
          expect(fast.changed).toBe(full.changed);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps what the merge reads by ids: new ids under the floor, unreadable dates, a disorder', () => {
    const dateArb = fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 40 }) },
      { weight: 1, arbitrary: fc.constant(-1) },
    );
    const dated = (id: number, hours: number) =>
      mention({
        id,
        date_added: hours < 0 ? 'not a date' : serviceDate(NOW.getTime() - hours * 3_600_000),
      });
    fc.assert(
      fc.property(
        fc.array(dateArb, { minLength: 1, maxLength: 16 }),
        fc.array(dateArb, { maxLength: 4 }),
        fc.option(fc.nat(), { nil: undefined }),
        meanwhileArb,
        fc.array(fc.nat(4 ** 5), { maxLength: 24 }),
        (past, fresh, disorderAt, meanwhile, variants) => {
          // The service hands ids out in order; the store saw the history in two polls.
          const history = past.map((hours, i) => dated(i + 1, hours));
          let before = mergeMentions(emptyMentionStore(), PROJECT, history.slice(0, 5), NOW, {
            limits: LIMITS,
          }).store;
          before = mergeMentions(before, PROJECT, history, NOW, { limits: LIMITS }).store;
          const reply: Mention[] = [
            ...history,
            ...fresh.map((hours, i) => dated(history.length + i + 1, hours)),
          ];
          // A dropped one sent again dated now: the proof that ids do not grow.
          const storedIds = new Set((before.byProject[PROJECT] ?? []).map((m) => m.id));
          const dropped = history.filter((m) => !storedIds.has(m.id));
          if (disorderAt !== undefined && dropped.length > 0) {
            const m = dropped[disorderAt % dropped.length];
            reply[m.id - 1] = { ...m, date_added: serviceDate(NOW.getTime()) };
          }
          const records = reply.map((m, i) => wireForm(m, (variants[i] ?? 0) % 4 ** 2));
          const now = throughMeanwhile(before, meanwhile);
          const kept = recordsToKeep(before, PROJECT, records, 0);
          const options = { limits: LIMITS, utcOffsetMinutes: 0 };
          const full = mergeMentions(now, PROJECT, decodeAll(records), NOW, options);
          const fast = mergeMentions(now, PROJECT, decodeAll(kept), NOW, options);
          expect(fast.store).toEqual(full.store);
          expect(fast.added).toEqual(full.added);
          expect(fast.changed).toBe(full.changed);
          expect(fast.undated).toBe(full.undated);
          // A mention stored when the poll began and dropped meanwhile was seen: the settler lets
          // it go, where the date floor alone (after a disorder) could only count it.
          const pruned = (before.byProject[PROJECT] ?? []).some(
            (m) => !now.byProject[PROJECT]?.some((k) => k.id === m.id),
          );
          if (pruned) expect(fast.refused).toBeLessThanOrEqual(full.refused);
          else expect(fast.refused).toBe(full.refused);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps a date with its own zone under the floor: a new offset may move the floor below it', () => {
    const history = Array.from({ length: 10 }, (_, i) =>
      mention({ id: i + 1, date_added: serviceDate(NOW.getTime() - (10 - i) * 3_600_000) }),
    );
    const before = mergeMentions(emptyMentionStore(), PROJECT, history, NOW, {
      limits: LIMITS,
    }).store;
    const floorAt = before.floors[PROJECT]!.key!.addedAt;
    const zoned = wireForm(
      mention({ id: 50, date_added: `${serviceDate(floorAt - 3_600_000)}Z` }),
      0,
    );
    expect(recordsToKeep(before, PROJECT, [zoned], 0)).toEqual([zoned]);
    // Five hours east, the floor's wall-clock key is five hours earlier: the zoned one is above it.
    const now = rebaseServiceTimes(before, 300);
    const merged = mergeMentions(now, PROJECT, decodeAll([zoned]), NOW, {
      limits: LIMITS,
      utcOffsetMinutes: 300,
    });
    expect(merged.added.map((m) => m.id)).toEqual([50]);
  });

  it('holds none of a reply the store settles, and all of one with an id twice', () => {
    const history = Array.from({ length: 10 }, (_, i) =>
      mention({ id: i + 1, date_added: serviceDate(NOW.getTime() - (10 - i) * 3_600_000) }),
    );
    const { store } = mergeMentions(emptyMentionStore(), PROJECT, history, NOW, {
      limits: LIMITS,
    });
    const asText = history.map((m) => wireForm(m, 1));
    expect(recordsToKeep(store, PROJECT, asText)).toEqual([]);
    // One changed, one new: only those two are kept.
    const changed = { ...asText[9], title: 'Edited' };
    const fresh = wireForm(mention({ id: 11, date_added: serviceDate(NOW.getTime() - 60_000) }), 1);
    const kept = recordsToKeep(store, PROJECT, [...asText.slice(0, 9), changed, fresh]);
    expect(kept).toEqual([changed, fresh]);
    const twice = [...asText, asText[0]];
    expect(recordsToKeep(store, PROJECT, twice)).toEqual(twice);
  });

  it('tells a summary sent as null from one stored empty, and text sent as null from stored text', () => {
    const m = mention({ id: 1, text_summary: '', date_added: serviceDate(NOW.getTime() - 60_000) });
    const { store } = mergeMentions(emptyMentionStore(), PROJECT, [m], NOW, { limits: LIMITS });
    expect(recordsToKeep(store, PROJECT, [wireForm(m, 0)])).toEqual([]);
    for (const changed of [{ text_summary: null }, { title: null }, { snippet: undefined }]) {
      const record = { ...wireForm(m, 0), ...changed };
      expect(recordsToKeep(store, PROJECT, [record])).toEqual([record]);
    }
  });

  it('keeps every record of a project not synced yet', () => {
    const records = [wireForm(mention({ id: 1 }), 0), wireForm(mention({ id: 2 }), 1)];
    expect(recordsToKeep(emptyMentionStore(), PROJECT, records)).toEqual(records);
  });
});
