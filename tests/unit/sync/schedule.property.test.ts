// Property tests of the poll schedule: delays stay in their bounds for any input, and any sequence
// of outcomes keeps the next poll in the future.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffCeiling, clampRetryAfter, nextPollDelay, onPollOutcome } from '@/lib/sync/schedule';
import { initialSyncStatus } from '@/lib/sync/status';
import {
  RETRY_AFTER_MAX_MS,
  RETRY_AFTER_MIN_MS,
  BACKOFF_CAP_MS,
  BACKOFF_FLOOR_MS,
} from '../support/limits';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('schedule bounds (property)', () => {
  const randomSource = fc.oneof(
    fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    fc.constantFrom(NaN, -1, 2, Infinity),
  );

  it('delays stay within their bounds for any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.integer({ min: -5, max: 2000 })),
        fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.double()),
        fc.option(fc.oneof(fc.double(), fc.integer({ min: -HOUR, max: 100 * HOUR })), {
          nil: undefined,
        }),
        randomSource,
        (intervalMinutes, consecutiveFailures, retryAfterMs, r) => {
          const delay = nextPollDelay({
            intervalMinutes,
            consecutiveFailures,
            retryAfterMs,
            random: () => r,
          });
          const failures = Number.isFinite(consecutiveFailures)
            ? Math.max(0, Math.floor(consecutiveFailures))
            : 0;
          expect(Number.isFinite(delay)).toBe(true);
          // Never hammers: at least 30 s after a failure, at least a minute otherwise.
          expect(delay).toBeGreaterThanOrEqual(failures === 0 ? MIN : BACKOFF_FLOOR_MS);
          const upper = failures === 0 ? 24 * HOUR * 1.1 : BACKOFF_CAP_MS;
          expect(delay).toBeLessThanOrEqual(Math.max(upper, clampRetryAfter(retryAfterMs) ?? 0));
          // Retry-After, when given, is always honoured (after clamping).
          const hint = clampRetryAfter(retryAfterMs);
          if (hint !== undefined) {
            expect(hint).toBeGreaterThanOrEqual(RETRY_AFTER_MIN_MS);
            expect(hint).toBeLessThanOrEqual(RETRY_AFTER_MAX_MS);
            expect(delay).toBeGreaterThanOrEqual(hint);
          }
          if (failures > 0)
            expect(delay).toBeLessThanOrEqual(Math.max(backoffCeiling(failures), hint ?? 0));
        },
      ),
    );
  });

  it('over any sequence of outcomes, the next poll is in the future and attention matches the failures', () => {
    const outcome = fc.oneof(
      fc.record({ kind: fc.constant('success' as const) }),
      fc.record(
        {
          kind: fc.constant('failure' as const),
          retryAfterMs: fc.integer({ min: 0, max: 48 * HOUR }),
        },
        { requiredKeys: ['kind'] },
      ),
      fc.record({ kind: fc.constant('offline' as const) }),
      fc.record({ kind: fc.constant('key-rejected' as const) }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(outcome, fc.integer({ min: 0, max: HOUR })), { maxLength: 40 }),
        randomSource,
        (steps, r) => {
          let state = initialSyncStatus().schedule;
          let now = 0;
          for (const [o, wait] of steps) {
            now += wait;
            state = onPollOutcome(
              state,
              { ...o, at: now },
              { intervalMinutes: 5, random: () => r },
            );
            expect(state.nextPollAt).toBeGreaterThanOrEqual(now + BACKOFF_FLOOR_MS);
            expect(state.attention).toBe(state.consecutiveFailures >= 3);
            if (o.kind === 'success') expect(state.lastSuccessAt).toBe(now);
          }
        },
      ),
    );
  });
});
