// Mentions per local day, by source and by sentiment, over the last 30 days, and the top of the
// count axis. Expectations about which day an instant falls on come from Intl in the process's
// zone, so the same test checks the right days under UTC, Asia/Tokyo and America/New_York.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisTop, mentionsPerDay, sentimentPerDay, stacked } from '@/lib/charts/daily';
import { deepFreeze } from '../support/mention-factory';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const dayOf = new Intl.DateTimeFormat('en-CA', {
  timeZone: zone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The window the trend charts show, in days. */
const TREND_DAYS = 30;

const NOW = Date.UTC(2024, 5, 15, 12, 0);
const HOUR = 3_600_000;

const at = (addedAt: number, source = 'web', sentiment = 0) => ({ addedAt, source, sentiment });

describe('mentions per day', () => {
  it('counts each mention on its local day, stacked by source, most mentions first', () => {
    const mentions = deepFreeze([
      at(NOW - HOUR, 'reddit'),
      at(NOW - 2 * HOUR, 'web'),
      at(NOW - 3 * HOUR, 'reddit'),
      at(NOW - 26 * HOUR, 'twitter'),
    ]);
    const result = mentionsPerDay(mentions, NOW);
    expect(result.days).toHaveLength(TREND_DAYS);
    expect(result.series.map((s) => s.name)).toEqual(['reddit', 'twitter', 'web']);
    const index = (t: number) => result.days.findIndex((d) => d.key === dayOf.format(t));
    expect(result.totals.reduce((a, b) => a + b, 0)).toBe(4);
    expect(result.series[0].counts[index(NOW - HOUR)]).toBe(2);
    expect(result.series[1].counts[index(NOW - 26 * HOUR)]).toBe(1);
    expect(result.totals[TREND_DAYS - 1]).toBe(
      mentions.filter((m) => dayOf.format(m.addedAt) === dayOf.format(NOW)).length,
    );
  });

  it('puts an evening in UTC on the next day in Tokyo, the same day in New York', () => {
    // 2024-06-14 20:00 UTC is 06-15 05:00 in Tokyo and 06-14 16:00 in New York.
    const evening = Date.UTC(2024, 5, 14, 20, 0);
    const { days, totals } = mentionsPerDay([at(evening)], NOW);
    const expected = { 'Asia/Tokyo': '2024-06-15', 'America/New_York': '2024-06-14' }[zone];
    const key = days[totals.indexOf(1)].key;
    expect(key).toBe(expected ?? dayOf.format(evening));
  });

  it('leaves out what is older than the window or after today, and unreadable times', () => {
    const { days, totals, series } = mentionsPerDay(
      [at(NOW - 40 * 24 * HOUR), at(NOW + 3 * 24 * HOUR), at(Number.NaN), at(NOW)],
      NOW,
    );
    expect(totals.reduce((a, b) => a + b, 0)).toBe(1);
    expect(series).toHaveLength(1);
    expect(days[TREND_DAYS - 1].key).toBe(dayOf.format(NOW));
  });

  it('has empty days and no series without mentions', () => {
    const result = mentionsPerDay([], NOW, 7);
    expect(result.days).toHaveLength(7);
    expect(result.series).toEqual([]);
    expect(result.totals).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('orders sources of equal count by name, whatever order they came in', () => {
    const a = mentionsPerDay([at(NOW, 'web'), at(NOW, 'blogs')], NOW);
    const b = mentionsPerDay([at(NOW, 'blogs'), at(NOW, 'web')], NOW);
    expect(a.series.map((s) => s.name)).toEqual(['blogs', 'web']);
    expect(b).toEqual(a);
  });
});

describe('sentiment per day', () => {
  it('counts the signs and gives each its share of the day', () => {
    const result = sentimentPerDay(
      [at(NOW, 'web', -3), at(NOW, 'web', 0), at(NOW, 'web', 2), at(NOW, 'web', 5)],
      NOW,
    );
    const last = TREND_DAYS - 1;
    expect(result.counts.negative[last]).toBe(1);
    expect(result.counts.neutral[last]).toBe(1);
    expect(result.counts.positive[last]).toBe(2);
    expect(result.shares.positive[last]).toBe(0.5);
    expect(result.shares.negative[last]).toBe(0.25);
    expect(result.totals[last]).toBe(4);
    // A day without mentions has no shares rather than a division by zero.
    expect(result.shares.neutral[0]).toBe(0);
  });

  it('reads NaN sentiment as neutral', () => {
    expect(sentimentPerDay([at(NOW, 'web', Number.NaN)], NOW).counts.neutral[TREND_DAYS - 1]).toBe(
      1,
    );
  });
});

describe('stacking', () => {
  it('sums each series on those below it', () => {
    expect(
      stacked([
        [1, 2],
        [3, 0],
        [0, 5],
      ]),
    ).toEqual([
      [1, 2],
      [4, 2],
      [4, 7],
    ]);
    expect(stacked([])).toEqual([]);
  });
});

describe('axis top', () => {
  /** The least top, which keeps a quiet month from filling the chart. */
  const MIN_AXIS_TOP = axisTop(0);

  it.each([
    [0, 5],
    [3, 5],
    [5, 5],
    [6, 10],
    [11, 20],
    [20, 20],
    [21, 50],
    [51, 100],
    [999, 1000],
    [1001, 2000],
    [Number.NaN, 5],
  ])('puts the top for %d at %d', (max, top) => {
    expect(axisTop(max)).toBe(top);
  });

  it('property: at or above the highest bar, below two and a half times it, a round number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (max) => {
        const top = axisTop(max);
        expect(top).toBeGreaterThanOrEqual(Math.max(max, MIN_AXIS_TOP));
        if (max > MIN_AXIS_TOP) expect(top).toBeLessThanOrEqual(2.5 * max);
        const lead = top / 10 ** Math.floor(Math.log10(top));
        expect([1, 2, 5]).toContain(Math.round(lead * 1e9) / 1e9);
      }),
    );
  });
});
