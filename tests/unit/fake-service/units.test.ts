// The pure parts of the fake, checked on their own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containsNumber,
  FaultSwitches,
  numbersToStrings,
  truncateJson,
  withBadRecords,
} from '../../fake-service/faults';
import { createRng } from '../../fake-service/prng';
import { formatServiceTime } from '../../fake-service/time';

describe('truncateJson', () => {
  it('never leaves valid JSON (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = truncateJson(JSON.stringify(value));
        expect(() => JSON.parse(text)).toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

describe('numbersToStrings', () => {
  it('leaves no number anywhere (property), and keeps other values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = numbersToStrings(value);
        expect(containsNumber(out)).toBe(false);
      }),
    );
    expect(numbersToStrings({ a: [1, -1, true, null, 'x'] })).toEqual({
      a: ['1', '-1', true, null, 'x'],
    });
  });
});

describe('withBadRecords', () => {
  it('adds three records and keeps the good ones in order', () => {
    const good = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const out = withBadRecords(good);
    expect(out).toHaveLength(6);
    expect(out.filter((r) => good.includes(r as { id: number }))).toEqual(good);
  });
});

describe('FaultSwitches', () => {
  it('runs forMs on its own clock and spends counts', () => {
    let now = 1000;
    const faults = new FaultSwitches(() => now);
    faults.set('slow', { forMs: 100 });
    faults.set('html500', { count: 2, func: 'login' });
    expect(faults.find('slow', 'anything')).toBeDefined();
    now = 1100;
    expect(faults.find('slow', 'anything')).toBeUndefined();
    expect(faults.find('html500', 'listProjects')).toBeUndefined();
    expect(faults.take('html500', 'login')).toBeDefined();
    expect(faults.take('html500', 'login')).toBeDefined();
    expect(faults.take('html500', 'login')).toBeUndefined();
  });

  it('prefers a scoped fault over an unscoped one', () => {
    const faults = new FaultSwitches();
    faults.set('slow', { delayMs: 1 });
    faults.set('slow', { delayMs: 2, func: 'getMentions' });
    expect(faults.find('slow', 'getMentions')?.delayMs).toBe(2);
    expect(faults.find('slow', 'listProjects')?.delayMs).toBe(1);
  });
});

describe('createRng', () => {
  it('is deterministic per seed and stays in range (property)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -50, max: 50 }),
        fc.nat(100),
        (seed, min, span) => {
          const a = createRng(seed);
          const b = createRng(seed);
          for (let i = 0; i < 20; i++) {
            const n = a.int(min, min + span);
            expect(n).toBe(b.int(min, min + span));
            expect(n).toBeGreaterThanOrEqual(min);
            expect(n).toBeLessThanOrEqual(min + span);
          }
        },
      ),
    );
  });
});

describe('formatServiceTime', () => {
  it('writes YYYY-MM-DD HH:MM:SS in local time', () => {
    expect(formatServiceTime(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02 03:04:05');
  });
});
