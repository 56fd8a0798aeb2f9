// Properties of the daily counts, for any mentions and any now: nothing is lost or counted twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mentionsPerDay, sentimentPerDay, stacked } from '@/lib/charts/daily';
import { lastLocalDays } from '@/lib/time/local-day';

const DAY = 86_400_000;
const NOW_MIN = Date.UTC(2000, 0, 1);
const NOW_MAX = Date.UTC(2050, 0, 1);

/** A now, and mentions from 40 days before it to 3 days after (some outside the window). */
const scenario = fc.integer({ min: NOW_MIN, max: NOW_MAX }).chain((now) =>
  fc.record({
    now: fc.constant(now),
    count: fc.integer({ min: 1, max: 40 }),
    mentions: fc.array(
      fc.record({
        addedAt: fc.integer({ min: now - 40 * DAY, max: now + 3 * DAY }),
        source: fc.constantFrom('web', 'reddit', 'twitter', 'x', ''),
        sentiment: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(Number.NaN)),
      }),
      { maxLength: 80 },
    ),
  }),
);

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('daily counts (properties)', () => {
  it('every mention in the window is counted once, in one source, on every view', () => {
    fc.assert(
      fc.property(scenario, ({ now, count, mentions }) => {
        const { days, end } = lastLocalDays(now, count);
        const inWindow = mentions.filter((m) => m.addedAt >= days[0].start && m.addedAt < end);
        const bySource = mentionsPerDay(mentions, now, count);
        expect(sum(bySource.totals)).toBe(inWindow.length);
        // Per day, the sources add up to the day's total.
        bySource.totals.forEach((total, i) => {
          expect(sum(bySource.series.map((s) => s.counts[i]))).toBe(total);
        });
        // Per source, its counts add up to its mentions.
        for (const series of bySource.series) {
          expect(sum(series.counts)).toBe(inWindow.filter((m) => m.source === series.name).length);
        }
        const bySign = sentimentPerDay(mentions, now, count);
        expect(bySign.totals).toEqual(bySource.totals);
        bySign.totals.forEach((total, i) => {
          const counts =
            bySign.counts.negative[i] + bySign.counts.neutral[i] + bySign.counts.positive[i];
          expect(counts).toBe(total);
          const shares =
            bySign.shares.negative[i] + bySign.shares.neutral[i] + bySign.shares.positive[i];
          expect(shares).toBeCloseTo(total === 0 ? 0 : 1, 9);
        });
      }),
    );
  });

  it('the top of the stack is the day total, and no layer is below the one under it', () => {
    fc.assert(
      fc.property(scenario, ({ now, count, mentions }) => {
        const { series, totals } = mentionsPerDay(mentions, now, count);
        const sums = stacked(series.map((s) => s.counts));
        if (sums.length === 0) return;
        expect(sums[sums.length - 1]).toEqual(totals);
        sums.forEach((layer, k) => {
          if (k > 0) layer.forEach((v, i) => expect(v).toBeGreaterThanOrEqual(sums[k - 1][i]));
        });
      }),
    );
  });

  it('the order of the mentions does not change the result', () => {
    fc.assert(
      fc.property(scenario, ({ now, count, mentions }) => {
        const reversed = [...mentions].reverse();
        expect(mentionsPerDay(reversed, now, count)).toEqual(mentionsPerDay(mentions, now, count));
      }),
    );
  });
});
