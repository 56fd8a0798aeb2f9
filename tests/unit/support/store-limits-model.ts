// The world of the store-limits property (mentions/store.limits.test.ts): 20 projects and their
// plans, the random operations, the service that holds each project's whole history, the oracle
// that knows what left the store, and one run that surely reaches every rule.

import fc from 'fast-check';
import { parseServiceDate } from '@/lib/time/service-date';
import { DEFAULT_LIMITS } from '@/lib/mentions/caps';
import type { StoredMention } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { mention, serviceDate } from './mention-factory';

export const PROJECTS = Array.from({ length: 20 }, (_, i) => 101 + i);
export const MINUTE = 60_000;
export const LIMITS = DEFAULT_LIMITS;
export const BUDGET = LIMITS.totalBytes ?? Infinity;
const LONG = 'Ünïcödé <long> "text" ✓ '.repeat(60);

export interface ProjectPlan {
  size: number;
  heavy: boolean;
  garbledEvery: number;
}

export type Op =
  | {
      kind: 'poll';
      arrivals: { project: number; count: number; lateMinutes: number }[];
      minutes: number;
    }
  | { kind: 'markAllRead' }
  | { kind: 'toggle'; read: boolean; picks: number[] }
  | { kind: 'quota'; fraction: number }
  | { kind: 'offset'; quarters: number };

export const planArb: fc.Arbitrary<ProjectPlan> = fc.record({
  size: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 60 }) },
    { weight: 3, arbitrary: fc.integer({ min: 400, max: 700 }) },
    { weight: 1, arbitrary: fc.constant(3_000) },
  ),
  heavy: fc.boolean(),
  garbledEvery: fc.constantFrom(0, 0, 7, 97),
});

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('poll' as const),
      arrivals: fc.array(
        fc.record({
          project: fc.nat(PROJECTS.length - 1),
          count: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 200, max: 900 })),
          // Some arrive with a date a little before the newest the service had: the service adds
          // them late: new all the same (a fresh id), even when dated under the floor.
          lateMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600 })),
        }),
        { maxLength: 3 },
      ),
      minutes: fc.integer({ min: 1, max: 24 * 60 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'markAllRead' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('toggle' as const),
      read: fc.boolean(),
      picks: fc.array(fc.nat(), { maxLength: 30 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('quota' as const),
      fraction: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('offset' as const),
      quarters: fc.integer({ min: -48, max: 56 }),
    }),
  },
);

/** The service: each project's whole history, oldest first, and the next id to give. */
export class Service {
  readonly histories = new Map<number, Mention[]>();
  private nextId = 1;

  constructor(
    private readonly plans: Map<number, ProjectPlan>,
    bigProject: number | null,
    now: number,
  ) {
    for (const projectId of PROJECTS) {
      const plan = plans.get(projectId)!;
      const size = projectId === bigProject ? 20_000 : plan.size;
      this.histories.set(projectId, []);
      this.add(projectId, size, now - size * MINUTE, MINUTE);
    }
  }

  add(projectId: number, count: number, from: number, step: number): void {
    const plan = this.plans.get(projectId)!;
    const history = this.histories.get(projectId)!;
    for (let i = 0; i < count; i += 1) {
      const id = this.nextId++;
      const garbled = plan.garbledEvery > 0 && id % plan.garbledEvery === 0;
      history.push(
        mention({
          id,
          project_id: projectId,
          date_added: garbled ? '0000-00-00 00:00:00' : serviceDate(from + i * step),
          ...(plan.heavy ? { title: LONG, snippet: LONG, text_summary: LONG, author: LONG } : {}),
        }),
      );
    }
  }
}

export class Oracle {
  /** Every key ever stored: `added` may never name one again. */
  readonly everStored = new Set<string>();
  /** Per project: whether anything left it, and the newest that left, as wall-clock (offset 0). */
  readonly left = new Map<number, { key: { at: number; id: number } | null }>();
  /** Per project: the highest id of the replies merged so far. */
  private readonly sentUpTo = new Map<number, number>();

  recordLeaving(mention: StoredMention): void {
    const entry = this.left.get(mention.project_id) ?? { key: null };
    const at = parseServiceDate(mention.date_added, 0);
    if (at !== undefined) {
      const { key } = entry;
      if (!key || at > key.at || (at === key.at && mention.id > key.id)) {
        entry.key = { at, id: mention.id };
      }
    }
    this.left.set(mention.project_id, entry);
  }

  /**
   * Whether a mention not stored is genuinely new: the service added it since the project's last
   * reply (its whole history then), whatever its date. The service hands ids out in order.
   */
  isNew(m: Mention): boolean {
    return m.id > (this.sentUpTo.get(m.project_id) ?? -Infinity);
  }

  /** A reply (the project's whole history) was merged. */
  recordSent(projectId: number, reply: readonly Mention[]): void {
    for (const m of reply) {
      if (m.id > (this.sentUpTo.get(projectId) ?? -Infinity)) this.sentUpTo.set(projectId, m.id);
    }
  }

  /** The floor the store must hold for a project, at the store's offset. */
  expectedFloorKey(projectId: number, offset: number) {
    const entry = this.left.get(projectId);
    if (!entry) return undefined;
    return entry.key ? { addedAt: entry.key.at - offset * MINUTE, id: entry.key.id } : null;
  }
}

/**
 * One run that surely reaches every rule: heavy projects over the byte budget, a 20,000 reply,
 * late arrivals, "mark all read" then a new one, a quota prune, an offset change.
 */
export const EVERYTHING: [ProjectPlan[], boolean, Op[]] = [
  PROJECTS.map((_, i) =>
    i < 9
      ? { size: 700, heavy: true, garbledEvery: 0 }
      : i < 11
        ? { size: 3_000, heavy: false, garbledEvery: 97 }
        : { size: 30, heavy: false, garbledEvery: 0 },
  ),
  true,
  [
    {
      kind: 'poll',
      arrivals: [
        { project: 1, count: 3, lateMinutes: 0 },
        { project: 9, count: 250, lateMinutes: 120 },
      ],
      minutes: 5,
    },
    { kind: 'markAllRead' },
    { kind: 'poll', arrivals: [], minutes: 5 },
    { kind: 'toggle', read: false, picks: [1, 2, 3] },
    { kind: 'quota', fraction: 0.2 },
    { kind: 'offset', quarters: 20 },
    { kind: 'poll', arrivals: [], minutes: 5 },
    { kind: 'markAllRead' },
    { kind: 'poll', arrivals: [{ project: 12, count: 1, lateMinutes: 0 }], minutes: 5 },
    { kind: 'poll', arrivals: [], minutes: 5 },
  ],
];
