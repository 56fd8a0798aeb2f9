import { describe, expect, it } from 'vitest';
import { leaseAfter, leaseIsHeld, leaseIsOwnedBy, newLease, releasedLease } from '@/lib/sync/locks';
import { MAX_LEASE_TTL_MS, MIN_LEASE_TTL_MS } from '../support/limits';

const NOW = 1_000_000;

type Lease = ReturnType<typeof newLease>;

describe('newLease', () => {
  it.each([
    [60_000, 60_000],
    [10, MIN_LEASE_TTL_MS],
    [24 * 60 * 60_000, MAX_LEASE_TTL_MS],
    [NaN, MAX_LEASE_TTL_MS],
  ])('with ttl %d lasts %d ms', (ttl, lasts) => {
    expect(newLease(NOW, ttl, 'w1')).toEqual({
      owner: 'w1',
      acquiredAt: NOW,
      expiresAt: NOW + lasts,
    });
  });
});

describe('leaseIsHeld', () => {
  const lease = newLease(NOW, 60_000, 'w1');

  it.each([
    ['at the moment it is taken', lease, NOW, true],
    ['just before it expires', lease, NOW + 59_999, true],
    ['when it expires', lease, NOW + 60_000, false],
    ['long after (a worker died mid-poll)', lease, NOW + 3_600_000, false],
    ['when the clock went back before it was taken', lease, NOW - 1, false],
    ['with no lease', undefined, NOW, false],
    ['with null', null, NOW, false],
    ['with junk from storage', { owner: 'w1', acquiredAt: 'x', expiresAt: NOW + 5 }, NOW, false],
    [
      'with a lease longer than the maximum',
      { owner: 'w', acquiredAt: NOW, expiresAt: NOW + 1e12 },
      NOW,
      false,
    ],
  ])('%s', (_case, value, now, held) => {
    expect(leaseIsHeld(value, now)).toBe(held);
  });
});

describe('leaseIsOwnedBy', () => {
  const lease = newLease(NOW, 60_000, 'w1');

  it('is true only for the owner while the lease holds', () => {
    expect(leaseIsOwnedBy(lease, 'w1', NOW + 1)).toBe(true);
    expect(leaseIsOwnedBy(lease, 'w2', NOW + 1)).toBe(false);
    expect(leaseIsOwnedBy(lease, 'w1', NOW + 60_000)).toBe(false);
  });
});

describe('what a lease left behind tells the next poll', () => {
  const later = NOW + 3_600_000;
  const next = () => newLease(later, 60_000, 'w2');
  const left = (fields: Partial<Lease>): Lease => ({ ...newLease(NOW, 60_000, 'w1'), ...fields });

  it('nothing after a poll that gave its lease back, or with nothing stored', () => {
    expect(leaseAfter(null, next())).toEqual(next());
    expect(leaseAfter({ junk: true }, next())).toEqual(next());
  });

  it('a lease never given back: the worker stopped mid-poll, so the next poll is careful', () => {
    expect(leaseAfter(left({}), next())).toEqual({ ...next(), careful: true });
    // The large reply it held is the suspect; held at the next stop too, it is too large.
    const first = leaseAfter(left({ large: 7 }), next());
    expect(first).toEqual({ ...next(), careful: true, suspect: 7 });
    const second = leaseAfter({ ...first, large: 7 }, newLease(later + 1, 60_000, 'w3'));
    expect(second).toEqual({ ...newLease(later + 1, 60_000, 'w3'), careful: true, tooLarge: [7] });
  });

  it('a suspect stays one until a stop holding another large reply, or a poll that fetched', () => {
    const careful = leaseAfter(left({ large: 7 }), next());
    // Stopped holding no large reply (7 perhaps not read yet): still careful, 7 still suspect.
    expect(leaseAfter(careful, next())).toEqual({ ...next(), careful: true, suspect: 7 });
    expect(leaseAfter({ ...careful, large: 8 }, next())).toEqual({
      ...next(),
      careful: true,
      suspect: 8,
    });
    // Given back after fetching: learnt, nothing left.
    expect(releasedLease(careful, true)).toBeNull();
  });

  it('a poll given back before it fetched passes its lessons on', () => {
    const careful = leaseAfter(left({ large: 7 }), next());
    const kept = releasedLease(careful, false)!;
    expect(kept).toEqual({ ...careful, done: true });
    expect(leaseIsHeld(kept, later)).toBe(false);
    expect(leaseAfter(kept, next())).toEqual({ ...next(), careful: true, suspect: 7 });
    expect(releasedLease(next(), false)).toBeNull();
  });

  it('keeps what is too large once given back, and the kept record holds nothing more', () => {
    expect(releasedLease(next(), true)).toBeNull();
    const kept = releasedLease({ ...next(), careful: true, suspect: 8, tooLarge: [7] }, true)!;
    expect(kept).toEqual({ ...next(), tooLarge: [7], done: true });
    expect(leaseIsHeld(kept, later)).toBe(false);
    expect(leaseAfter(kept, next())).toEqual({ ...next(), tooLarge: [7] });
  });
});
