// The store at its real limits (500 per project, 5,000 in all, the 4 MiB records budget) against
// a service whose replies hold each project's whole history (thousands, tens of thousands): over
// random polls with new and late arrivals, "mark all read", read/unread toggles, quota prunes and
// offset changes, nothing read or dropped comes back as new (0 resurrected), and every genuinely
// new mention is stored and counted unread unless the caps drop it at once (0 lost). The service
// hands ids out in order: every floor trusts them, and none refuses without proof.
//
// The oracle is kept apart from the store: what left the store is recorded here (the date floor
// the store must keep), and "genuinely new" means added by the service since the project's last
// reply, whatever its date.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeMentions } from '@/lib/mentions/merge';
import { markAllRead } from '@/lib/mentions/read-state';
import { emptyMentionStore } from '@/lib/mentions/store';
import { NOW, mention, serviceDate, unreadCount } from '../support/mention-factory';
import { EVERYTHING, MINUTE, PROJECTS, opArb, planArb } from '../support/store-limits-model';
import { run, seen } from '../support/store-limits-run';

describe('the store at its real limits', () => {
  it('0 resurrected, 0 lost, caps and byte budget held: 20 projects, replies of whole histories', () => {
    fc.assert(
      fc.property(
        fc.array(planArb, { minLength: PROJECTS.length, maxLength: PROJECTS.length }),
        fc.boolean(),
        fc.array(opArb, { minLength: 3, maxLength: 10 }),
        (plans, big, ops) => run(plans, big, ops),
      ),
      { numRuns: 12, examples: [EVERYTHING] },
    );
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  }, 120_000);
});

describe('issue 14: a reply of 3,000, "mark all read"', () => {
  it('the next polls bring nothing unread; a new mention counts as 1', () => {
    const history = Array.from({ length: 3_000 }, (_, i) =>
      mention({ id: 10_000 + i, date_added: serviceDate(NOW.getTime() - (3_000 - i) * MINUTE) }),
    );
    let store = mergeMentions(emptyMentionStore(), 1, history, NOW).store;
    expect(store.byProject[1]).toHaveLength(500);
    store = markAllRead(store);
    expect(unreadCount(store)).toBe(0);
    for (let poll = 1; poll <= 5; poll += 1) {
      const later = new Date(NOW.getTime() + poll * 5 * MINUTE);
      const result = mergeMentions(store, 1, history, later);
      expect(result).toMatchObject({ changed: false, added: [], refused: 0 });
      expect(unreadCount(result.store)).toBe(0);
      store = result.store;
    }
    const fresh = mention({ id: 20_000, date_added: serviceDate(NOW.getTime() + MINUTE) });
    const result = mergeMentions(
      store,
      1,
      [...history, fresh],
      new Date(NOW.getTime() + 30 * MINUTE),
    );
    expect(result.added.map((m) => m.id)).toEqual([20_000]);
    expect(unreadCount(result.store)).toBe(1);
    expect(result.store.byProject[1]).toHaveLength(500);
    // And it does not come back either.
    const next = mergeMentions(markAllRead(result.store), 1, [...history, fresh], NOW);
    expect(next.added).toEqual([]);
    expect(unreadCount(next.store)).toBe(0);
  });
});
