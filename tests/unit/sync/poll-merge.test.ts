// When a poll's arrivals piled up while nobody was looking, and are summed up in one notification.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { piledUp } from '@/lib/sync/poll-merge';

const MIN = 60_000;
const NOW = 1_800_000_000_000;

describe('piledUp', () => {
  it('after a browser start: no success known', () => {
    expect(piledUp(null, NOW, DEFAULT_SETTINGS)).toBe(true);
  });

  it('after more than three intervals and half an hour', () => {
    const every5 = { ...DEFAULT_SETTINGS, pollIntervalMinutes: 5 };
    expect(piledUp(NOW - 30 * MIN, NOW, every5)).toBe(false);
    expect(piledUp(NOW - 31 * MIN, NOW, every5)).toBe(true);
    const every60 = { ...DEFAULT_SETTINGS, pollIntervalMinutes: 60 };
    expect(piledUp(NOW - 179 * MIN, NOW, every60)).toBe(false);
    expect(piledUp(NOW - 181 * MIN, NOW, every60)).toBe(true);
  });
});
