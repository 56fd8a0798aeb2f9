import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backoffCeiling,
  clampRetryAfter,
  keyRetryDelay,
  nextPollDelay,
  onPollOutcome,
} from '@/lib/sync/schedule';
import { initialSyncStatus } from '@/lib/sync/status';
import { normalizeIntervalMinutes } from '@/lib/settings/settings';
import {
  RETRY_AFTER_MAX_MS,
  RETRY_AFTER_MIN_MS,
  KEY_RETRY_JITTER,
  KEY_RETRY_MS,
  BACKOFF_FLOOR_MS,
} from '../support/limits';

type ScheduleState = Parameters<typeof onPollOutcome>[0];

const MIN = 60_000;
const HOUR = 60 * MIN;
const fixed = (r: number) => () => r;
const MIDDLE = fixed(0.5);

describe('normalizeIntervalMinutes', () => {
  it.each([
    [5, 5],
    [1, 1],
    [0.5, 1],
    [0, 5],
    [-3, 5],
    [NaN, 5],
    [Infinity, 5],
    ['10', 5],
    [undefined, 5],
    [10_000, 24 * 60],
  ])('%j minutes becomes %d', (input, expected) => {
    expect(normalizeIntervalMinutes(input)).toBe(expected);
  });
});

describe('clampRetryAfter', () => {
  it.each([
    [undefined, undefined],
    [NaN, undefined],
    [0, RETRY_AFTER_MIN_MS],
    [-5, RETRY_AFTER_MIN_MS],
    [45_000, 45_000],
    [48 * HOUR, RETRY_AFTER_MAX_MS],
    [Infinity, RETRY_AFTER_MAX_MS],
  ])('%d ms becomes %d', (input, expected) => {
    expect(clampRetryAfter(input)).toBe(expected);
  });
});

describe('nextPollDelay', () => {
  it.each([
    [
      'success: the interval, jitter centred',
      { intervalMinutes: 5, consecutiveFailures: 0 },
      MIDDLE,
      5 * MIN,
    ],
    [
      'success: 10% early at most',
      { intervalMinutes: 5, consecutiveFailures: 0 },
      fixed(0),
      4.5 * MIN,
    ],
    [
      'success: 10% late at most',
      { intervalMinutes: 5, consecutiveFailures: 0 },
      fixed(1),
      5.5 * MIN,
    ],
    [
      'success: never under a minute',
      { intervalMinutes: 1, consecutiveFailures: 0 },
      fixed(0),
      MIN,
    ],
    [
      'success: a bad interval means 5 minutes',
      { intervalMinutes: NaN, consecutiveFailures: 0 },
      MIDDLE,
      5 * MIN,
    ],
    [
      'one failure: between 30 s and 1 min',
      { intervalMinutes: 5, consecutiveFailures: 1 },
      fixed(1),
      MIN,
    ],
    [
      'one failure: the floor',
      { intervalMinutes: 5, consecutiveFailures: 1 },
      fixed(0),
      BACKOFF_FLOOR_MS,
    ],
    [
      'four failures: up to 8 min',
      { intervalMinutes: 5, consecutiveFailures: 4 },
      fixed(1),
      8 * MIN,
    ],
    [
      'many failures: capped at 1 h',
      { intervalMinutes: 5, consecutiveFailures: 40 },
      fixed(1),
      HOUR,
    ],
    [
      'Retry-After later than backoff wins',
      { intervalMinutes: 5, consecutiveFailures: 1, retryAfterMs: 10 * MIN },
      fixed(1),
      10 * MIN,
    ],
    [
      'backoff later than Retry-After wins',
      { intervalMinutes: 5, consecutiveFailures: 8, retryAfterMs: 10 * MIN },
      fixed(1),
      HOUR,
    ],
    [
      'Retry-After of 0 is raised to 30 s',
      { intervalMinutes: 1, consecutiveFailures: 1, retryAfterMs: 0 },
      fixed(0),
      RETRY_AFTER_MIN_MS,
    ],
    [
      'Retry-After of a week is cut to 24 h',
      { intervalMinutes: 5, consecutiveFailures: 1, retryAfterMs: 7 * 24 * HOUR },
      fixed(1),
      24 * HOUR,
    ],
    [
      'Retry-After on a success reply still holds off',
      { intervalMinutes: 5, consecutiveFailures: 0, retryAfterMs: 2 * HOUR },
      MIDDLE,
      2 * HOUR,
    ],
    [
      'a damaged failure count reads as none',
      { intervalMinutes: 5, consecutiveFailures: NaN },
      MIDDLE,
      5 * MIN,
    ],
  ])('%s', (_case, input, random, expected) => {
    expect(nextPollDelay({ ...input, random })).toBe(expected);
  });
});

describe('onPollOutcome', () => {
  const config = { intervalMinutes: 5, random: MIDDLE };
  // What an account never polled holds (its status as parsed from nothing).
  const start = initialSyncStatus().schedule;

  it('starts by polling right away', () => {
    expect(start).toEqual({
      consecutiveFailures: 0,
      lastSuccessAt: null,
      nextPollAt: 0,
      attention: false,
    });
  });

  it('success resets failures and attention and schedules the interval', () => {
    const failing: ScheduleState = {
      consecutiveFailures: 5,
      lastSuccessAt: 10,
      nextPollAt: 0,
      attention: true,
    };
    expect(onPollOutcome(failing, { kind: 'success', at: 2_000 }, config)).toEqual({
      consecutiveFailures: 0,
      lastSuccessAt: 2_000,
      nextPollAt: 2_000 + 5 * MIN,
      attention: false,
    });
  });

  it('asks for attention only after three failures in a row, not one blip', () => {
    let state = start;
    const attention: boolean[] = [];
    for (let i = 1; i <= 4; i += 1) {
      state = onPollOutcome(state, { kind: 'failure', at: i * HOUR }, config);
      attention.push(state.attention);
    }
    expect(attention).toEqual([false, false, true, true]);
    expect(state.consecutiveFailures).toBe(4);
    expect(state.lastSuccessAt).toBeNull();
  });

  it('honours a configured attention threshold', () => {
    const state = onPollOutcome(
      start,
      { kind: 'failure', at: 0 },
      { ...config, attentionAfterFailures: 1 },
    );
    expect(state.attention).toBe(true);
  });

  it('backs off from the failure count and honours Retry-After', () => {
    const once = onPollOutcome(start, { kind: 'failure', at: 0 }, { ...config, random: fixed(1) });
    expect(once.nextPollAt).toBe(MIN);
    const limited = onPollOutcome(
      start,
      { kind: 'failure', at: 0, retryAfterMs: 20 * MIN },
      config,
    );
    expect(limited.nextPollAt).toBe(20 * MIN);
  });

  it('offline skips a cycle without counting a failure or clearing one', () => {
    const twoDown: ScheduleState = {
      consecutiveFailures: 2,
      lastSuccessAt: 5,
      nextPollAt: 0,
      attention: false,
    };
    const next = onPollOutcome(
      twoDown,
      { kind: 'offline', at: 10_000 },
      { ...config, random: fixed(1) },
    );
    expect(next).toEqual({ ...twoDown, nextPollAt: 10_000 + backoffCeiling(2) });
    const healthy = onPollOutcome(start, { kind: 'offline', at: 10_000 }, config);
    expect(healthy).toEqual({ ...start, nextPollAt: 10_000 + 5 * MIN });
  });

  it('recovers from a damaged failure count in storage', () => {
    const damaged = { ...start, consecutiveFailures: NaN };
    expect(onPollOutcome(damaged, { kind: 'failure', at: 0 }, config).consecutiveFailures).toBe(1);
  });
});

describe('a rejected key', () => {
  it('is tried again hours later, jittered, whatever the random source gives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.constantFrom(NaN, Infinity, -1, 2)), (r) => {
        const delay = keyRetryDelay(() => r);
        expect(delay).toBeGreaterThanOrEqual(KEY_RETRY_MS * (1 - KEY_RETRY_JITTER));
        expect(delay).toBeLessThanOrEqual(KEY_RETRY_MS * (1 + KEY_RETRY_JITTER));
      }),
    );
    expect(keyRetryDelay(MIDDLE)).toBe(3 * HOUR);
  });

  it('keeps the failure count and attention, and sets only the next try', () => {
    const state: ScheduleState = {
      consecutiveFailures: 2,
      lastSuccessAt: 5,
      nextPollAt: 100,
      attention: false,
    };
    const next = onPollOutcome(
      state,
      { kind: 'key-rejected', at: 1_000 },
      { intervalMinutes: 5, random: MIDDLE },
    );
    expect(next).toEqual({ ...state, nextPollAt: 1_000 + 3 * HOUR });
  });
});
