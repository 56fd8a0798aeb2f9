// The triage lists changed one item or many at once: a batch save is the single save repeated
// (same list, same order) when it may let the oldest go, and refused exactly when it would have to;
// rules are added once each, whatever the case or repetition, and only the new ones are reported.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  keyOfSavedId,
  withImportedRules,
  withoutRules,
  withoutSavedKeys,
  withRules,
  withSavedKeys,
} from '@/lib/background/triage-lists';
import { recordOf } from '@/lib/mentions/mention-record';
import { keyOf, keyString, type MentionKey } from '@/lib/mentions/store';
import { savedItemBytes, withSaved, type SavedMentions } from '@/lib/triage/saved';
import { MAX_MUTE_RULES, type MuteRule } from '@/lib/triage/triage-state';
import { EMPTY_TRIAGE } from '../support/triage-fixtures';
import { stored, storeOf } from '../support/mention-factory';

const mentions = Array.from({ length: 12 }, (_, i) =>
  stored({ id: i + 1, project_id: (i % 3) + 1, title: 'x'.repeat(i * 40) }),
);
const store = storeOf(...mentions);
const keys = mentions.map(keyOf);
const gone: MentionKey = { projectId: 1, id: 999 };

const savedOf = (indexes: readonly number[]): SavedMentions => ({
  items: indexes.map((i) => ({ record: recordOf(mentions[i]), savedAt: i })),
});
const idsOf = (saved: SavedMentions) => saved.items.map((item) => keyString(keyOf(item.record)));

const limitsArb = fc.record({
  count: fc.integer({ min: 1, max: 14 }),
  bytes: fc.integer({ min: 500, max: 12_000 }),
});
const batchArb = fc.array(
  fc.oneof(
    fc.integer({ min: 0, max: 11 }).map((i) => keys[i]),
    fc.constant(gone),
  ),
  {
    maxLength: 15,
  },
);
const savedArb = fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { maxLength: 12 }).map(savedOf);

describe('withSavedKeys', () => {
  // Once per key saved anew: a key saved before the batch is not saved again, even when an earlier
  // key of the same batch pushed it out (the one-at-a-time loop would bring it back).
  it('letting the oldest go, is withSaved once per new key, last first (the first ends on top)', () => {
    fc.assert(
      fc.property(savedArb, batchArb, limitsArb, (saved, batch, limits) => {
        const {
          saved: batched,
          added,
          missing,
        } = withSavedKeys(saved, store, batch, 7, {
          overflow: 'drop-oldest',
          limits,
        });
        let one = saved;
        const before = new Set(idsOf(saved));
        const fresh = [...new Set(batch.map(keyString))].filter((k) => !before.has(k));
        for (const key of fresh.reverse()) {
          const mention = mentions.find((m) => keyString(keyOf(m)) === key);
          if (mention) one = withSaved(one, recordOf(mention), 7, limits);
        }
        expect(batched).toEqual(one);
        expect(batched === saved).toBe(added.length === 0);
        expect(added.map(keyString)).toEqual(
          [...new Set(batch.map(keyString))].filter((k) => !before.has(k) && k !== keyString(gone)),
        );
        expect(missing.every((key) => keyString(key) === keyString(gone))).toBe(true);
      }),
    );
  });

  it('refusing, throws exactly when letting go would lose an item, and otherwise agrees', () => {
    fc.assert(
      fc.property(savedArb, batchArb, limitsArb, (saved, batch, limits) => {
        const dropping = withSavedKeys(saved, store, batch, 7, { overflow: 'drop-oldest', limits });
        const loses = dropping.saved.items.length < saved.items.length + dropping.added.length;
        if (loses) {
          expect(() =>
            withSavedKeys(saved, store, batch, 7, { overflow: 'refuse', limits }),
          ).toThrow(`at most ${limits.count} can be saved`);
        } else {
          expect(withSavedKeys(saved, store, batch, 7, { overflow: 'refuse', limits })).toEqual(
            dropping,
          );
        }
      }),
    );
  });

  it('counts bytes as the saved list does: one byte short of the room refuses', () => {
    const items = savedOf([0, 1]).items;
    const fresh = { record: recordOf(mentions[5]), savedAt: 7 };
    const room = [fresh, ...items].reduce((n, item) => n + savedItemBytes(item), 0);
    const at = (bytes: number) =>
      withSavedKeys({ items }, store, [keys[5]], 7, {
        overflow: 'refuse',
        limits: { count: 10, bytes },
      });
    expect(idsOf(at(room).saved)).toEqual([5, 0, 1].map((i) => keyString(keys[i])));
    expect(() => at(room - 1)).toThrow(/push older saved mentions out/);
  });

  it('withoutSavedKeys removes only those keys, and returns the same list when none was saved', () => {
    const saved = savedOf([0, 1, 2, 3]);
    expect(idsOf(withoutSavedKeys(saved, [keys[1], keys[3], gone]))).toEqual(
      [0, 2].map((i) => keyString(keys[i])),
    );
    expect(withoutSavedKeys(saved, [keys[7], gone])).toBe(saved);
  });

  it('reads a backup’s saved id as its key', () => {
    expect(keyOfSavedId('12:3456')).toEqual({ projectId: 12, id: 3456 });
  });
});

const rule = (id: string, value: string, kind: MuteRule['kind'] = 'phrase'): MuteRule => ({
  id,
  kind,
  value,
  projectId: null,
  createdAt: 1,
});

describe('withRules', () => {
  it('adds each rule once (case aside), newest first in the order asked, and reports only the new', () => {
    const triage = { ...EMPTY_TRIAGE, muteRules: [rule('r1', 'Launch')] };
    const result = withRules(
      triage,
      [
        { kind: 'phrase', value: 'launch', projectId: null },
        { kind: 'author', value: 'Jane', projectId: null },
        { kind: 'author', value: 'JANE', projectId: null },
        { kind: 'author', value: 'Jane', projectId: 4 },
      ],
      50,
    );
    expect(result.added.map((r) => [r.kind, r.value, r.projectId, r.createdAt])).toEqual([
      ['author', 'Jane', null, 50],
      ['author', 'Jane', 4, 50],
    ]);
    expect(result.rules.map((r) => r.id)).toEqual([
      'r1',
      result.added[0].id,
      result.added[0].id,
      result.added[1].id,
    ]);
    expect(result.triage.muteRules).toEqual([...result.added, triage.muteRules[0]]);
  });

  it('gives every new rule its own id, and changes nothing when all were there', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 60 }),
        (values) => {
          const requests = values.map((value) => ({
            kind: 'phrase' as const,
            value,
            projectId: null,
          }));
          const { triage, added } = withRules(EMPTY_TRIAGE, requests, 9);
          const ids = triage.muteRules.map((r) => r.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(added.length).toBe(new Set(values.map((v) => v.toLowerCase())).size);
          expect(withRules(triage, requests, 10).triage).toBe(triage);
        },
      ),
    );
  });

  it('refuses past the bound in the words that fit: full already, or these would pass it', () => {
    const rules = Array.from({ length: MAX_MUTE_RULES - 1 }, (_, i) => rule(`r${i}`, `p${i}`));
    const nearly = { ...EMPTY_TRIAGE, muteRules: rules };
    const two = ['a', 'b'].map((value) => ({ kind: 'phrase' as const, value, projectId: null }));
    expect(() => withRules(nearly, two, 1)).toThrow(/would make more than 500 mute rules/);
    const full = withRules(nearly, two.slice(0, 1), 1).triage;
    expect(full.muteRules).toHaveLength(MAX_MUTE_RULES);
    expect(() => withRules(full, two.slice(1), 1)).toThrow(/already 500 mute rules/);
    // What is there already costs no room.
    expect(withRules(full, two.slice(0, 1), 1).triage).toBe(full);
  });

  it('withoutRules removes those ids only; the same state when none is there', () => {
    const triage = { ...EMPTY_TRIAGE, muteRules: [rule('a', 'x'), rule('b', 'y'), rule('c', 'z')] };
    expect(withoutRules(triage, ['a', 'c', 'nope']).muteRules.map((r) => r.id)).toEqual(['b']);
    expect(withoutRules(triage, ['nope'])).toBe(triage);
  });

  it('an import adds the rules new by id and by what they hide, first, within the bound', () => {
    const triage = { ...EMPTY_TRIAGE, muteRules: [rule('a', 'x'), rule('b', 'y')] };
    const result = withImportedRules(triage, [rule('a', 'other'), rule('n', 'Y'), rule('m', 'w')]);
    expect(result).toEqual({ muteRules: [rule('m', 'w'), ...triage.muteRules], added: 1 });
    const many = Array.from({ length: MAX_MUTE_RULES }, (_, i) => rule(`i${i}`, `v${i}`));
    expect(withImportedRules(triage, many).muteRules).toHaveLength(MAX_MUTE_RULES);
  });
});
