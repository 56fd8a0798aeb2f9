// The service's statistics as charts where siblings are counts of one thing, a table otherwise.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statView } from '@/lib/charts/stat-charts';

describe('statistics as charts', () => {
  it('charts sibling counts and keeps the rest as the grouped table', () => {
    const view = statView(
      [
        { key: 'total_mentions', value: '14' },
        { key: 'average_score', value: '7.5' },
        { key: 'mentions.by_source.reddit', value: '3' },
        { key: 'mentions.by_source.web', value: '11' },
        { key: 'mentions.last_check', value: '2026-01-02 10:00:00' },
        { key: 'project.id', value: '1201' },
        { key: 'project.name', value: 'Acme' },
      ],
      'en',
    );
    expect(view.charts).toEqual([
      {
        key: 'mentions.by_source',
        title: 'Mentions › By source',
        bars: [
          { label: 'Reddit', value: 3 },
          { label: 'Web', value: 11 },
        ],
      },
    ]);
    expect(view.table).toEqual([
      {
        title: null,
        rows: [
          { label: 'Total mentions', value: '14' },
          { label: 'Average score', value: '7.5' },
        ],
      },
      { title: 'Mentions', rows: [{ label: 'Last check', value: '2026-01-02 10:00:00' }] },
      {
        title: 'Project',
        rows: [
          { label: 'Id', value: '1201' },
          { label: 'Name', value: 'Acme' },
        ],
      },
    ]);
  });

  it('does not chart one value, negatives, identifiers or text', () => {
    const rows = [
      { key: 'alone.count', value: '4' },
      { key: 'delta.today', value: '-2' },
      { key: 'delta.week', value: '5' },
      { key: 'ids.first_id', value: '10' },
      { key: 'ids.last_id', value: '20' },
      { key: 'top.0.name', value: 'x' },
      { key: 'top.0.count', value: '3' },
    ];
    const view = statView(rows, 'en');
    expect(view.charts).toEqual([]);
    expect(view.table.flatMap((g) => g.rows)).toHaveLength(rows.length);
  });

  it('property: every row lands in exactly one chart bar or one table row', () => {
    const key = fc
      .array(fc.constantFrom('a', 'b', 'c', 'id', 'x_id'), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join('.'));
    const value = fc.oneof(
      fc.integer({ min: -5, max: 50 }).map(String),
      fc.constantFrom('', 'text', '1.5', '2026-01-01'),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ key, value }), { maxLength: 30 }), (rows) => {
        const view = statView(rows, 'en');
        const bars = view.charts.reduce((n, c) => n + c.bars.length, 0);
        const tableRows = view.table.reduce((n, g) => n + g.rows.length, 0);
        expect(bars + tableRows).toBe(rows.length);
        for (const chart of view.charts) {
          expect(chart.bars.length).toBeGreaterThanOrEqual(2);
          for (const bar of chart.bars) expect(bar.value).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
