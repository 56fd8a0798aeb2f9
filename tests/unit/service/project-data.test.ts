import { describe, expect, it } from 'vitest';
import { flattenProjectData } from '@/lib/service/project-data';

/** The most rows a reply shows. */
const PROJECT_DATA_MAX_ROWS = 500;

describe('flattenProjectData', () => {
  it('flattens nested objects with dotted keys, in the order sent', () => {
    expect(
      flattenProjectData({
        total_mentions: 14,
        sources: { reddit: 3, web: 0 },
        sentiment: { positive: 1, neutral: 2, negative: 0 },
        last_mention: null,
        active: true,
        name: 'Acme',
      }).rows,
    ).toEqual([
      { key: 'total_mentions', value: '14' },
      { key: 'sources.reddit', value: '3' },
      { key: 'sources.web', value: '0' },
      { key: 'sentiment.positive', value: '1' },
      { key: 'sentiment.neutral', value: '2' },
      { key: 'sentiment.negative', value: '0' },
      { key: 'last_mention', value: '' },
      { key: 'active', value: 'true' },
      { key: 'name', value: 'Acme' },
    ]);
  });

  it('joins lists of plain values and indexes lists of objects', () => {
    expect(
      flattenProjectData({ tags: ['a', 'b', 3], top: [{ url: 'u1' }, { url: 'u2' }], none: [] })
        .rows,
    ).toEqual([
      { key: 'tags', value: 'a, b, 3' },
      { key: 'top.0.url', value: 'u1' },
      { key: 'top.1.url', value: 'u2' },
      { key: 'none', value: '' },
    ]);
  });

  it('unwraps an envelope, but only a pure one', () => {
    expect(flattenProjectData({ success: true, data: { total: 3 } }).rows).toEqual([
      { key: 'total', value: '3' },
    ]);
    expect(flattenProjectData({ total: 3, data: { x: 1 } }).rows).toEqual([
      { key: 'total', value: '3' },
      { key: 'data.x', value: '1' },
    ]);
  });

  it('takes top-level arrays, scalars and empties', () => {
    expect(flattenProjectData([{ day: '2025-03-01', count: 2 }]).rows).toEqual([
      { key: '0.day', value: '2025-03-01' },
      { key: '0.count', value: '2' },
    ]);
    expect(flattenProjectData(42).rows).toEqual([{ key: 'value', value: '42' }]);
    expect(flattenProjectData({}).rows).toEqual([]);
    expect(flattenProjectData([]).rows).toEqual([]);
  });

  it('is bounded in rows, depth and value length', () => {
    const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]));
    expect(flattenProjectData(many).rows).toHaveLength(PROJECT_DATA_MAX_ROWS);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50; i++) deep = { d: deep };
    const rows = flattenProjectData(deep).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].value).toBe('…');
    expect(flattenProjectData({ long: 'z'.repeat(5000) }).rows[0].value.length).toBe(500);
  });
});
