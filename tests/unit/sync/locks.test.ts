import { describe, expect, it } from 'vitest';
import { leaseIsHeld, leaseIsOwnedBy, newLease } from '@/lib/sync/locks';
import { MAX_LEASE_TTL_MS, MIN_LEASE_TTL_MS } from '../support/limits';

const NOW = 1_000_000;

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
