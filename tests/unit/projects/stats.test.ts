// The statistics view of a project: its groups, keys and values in words.
import { describe, expect, it } from 'vitest';
import { groupStats, readableKey } from '@/lib/projects/stats';

/** A value as the statistics view shows it, in the row of its key. */
const readableValue = (value: string, locale: string, key: string) =>
  groupStats([{ key, value }], locale)[0].rows[0].value;

describe('statistics', () => {
  it.each([
    ['mentions_last_24h', 'Mentions last 24h'],
    ['averageScore', 'Average score'],
    ['total', 'Total'],
    ['__', '__'],
  ])('reads %s as %s', (key, label) => {
    expect(readableKey(key)).toBe(label);
  });

  it.each([
    ['1234', 'total', '1,234'],
    ['72.5', 'score', '72.5'],
    ['1201', 'project_id', '1201'],
    ['1201', 'id', '1201'],
    ['', 'x', '—'],
    ['2026-01-02 10:00:00', 'last', '2026-01-02 10:00:00'],
  ])('shows %j (%s) as %j', (value, key, shown) => {
    expect(readableValue(value, 'en', key)).toBe(shown);
  });

  it('groups dotted keys under their first part, in the order sent', () => {
    const groups = groupStats(
      [
        { key: 'total_mentions', value: '14' },
        { key: 'sources.twitter', value: '2' },
        { key: 'sources.web', value: '3' },
        { key: 'sentiment.positive', value: '5' },
        { key: 'favorites', value: '0' },
        { key: 'sources.blogs', value: '1' },
        { key: 'top.0.name', value: 'x' },
      ],
      'en',
    );
    expect(groups).toEqual([
      { title: null, rows: [{ label: 'Total mentions', value: '14' }] },
      {
        title: 'Sources',
        rows: [
          { label: 'Twitter', value: '2' },
          { label: 'Web', value: '3' },
          { label: 'Blogs', value: '1' },
        ],
      },
      { title: 'Sentiment', rows: [{ label: 'Positive', value: '5' }] },
      { title: null, rows: [{ label: 'Favorites', value: '0' }] },
      { title: 'Top', rows: [{ label: '0 › Name', value: 'x' }] },
    ]);
  });
});
