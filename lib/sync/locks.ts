// The two ways the background keeps its work from overlapping. The store queue: read-modify-writes
// of the mention store must not interleave (a "mark read" arriving while a poll merges would
// otherwise be overwritten by the poll's older copy); one queue per worker suffices because the
// background is the only writer. The poll lease, in session storage: the in-memory promise makes
// polls single-flight within one worker, the lease does it across worker restarts. It expires, so
// a worker killed mid-poll cannot block polling forever; reading and writing it is the caller's.
import { lazySchema, z } from '@/lib/zod';

export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = tail.then(task, task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

const leaseSchema = lazySchema(() =>
  z.object({
    /** Who took it (a random id per worker), so a worker releases only its own lease. */
    owner: z.string(),
    acquiredAt: z.number(),
    expiresAt: z.number(),
  }),
);

export type Lease = z.output<ReturnType<typeof leaseSchema>>;

const isLease = (value: unknown): value is Lease => leaseSchema().safeParse(value).success;

const MIN_LEASE_TTL_MS = 1_000;
/** Longer than any sane poll, short enough that a dead worker's lease does not block for long. */
const MAX_LEASE_TTL_MS = 10 * 60_000;

export function newLease(now: number, ttlMs: number, owner: string): Lease {
  const ttl = Number.isFinite(ttlMs)
    ? Math.min(MAX_LEASE_TTL_MS, Math.max(MIN_LEASE_TTL_MS, ttlMs))
    : MAX_LEASE_TTL_MS;
  return { owner, acquiredAt: now, expiresAt: now + ttl };
}

/**
 * Whether a lease read from storage still blocks other polls. Anything malformed, expired, taken
 * "in the future" (the clock went back) or longer than the maximum does not: a stuck lease is worse
 * than an occasional overlapping poll, which the merge tolerates anyway.
 */
export function leaseIsHeld(lease: unknown, now: number): boolean {
  if (!isLease(lease)) return false;
  return (
    lease.acquiredAt <= now &&
    now < lease.expiresAt &&
    lease.expiresAt - lease.acquiredAt <= MAX_LEASE_TTL_MS
  );
}

export function leaseIsOwnedBy(lease: unknown, owner: string, now: number): boolean {
  return isLease(lease) && lease.owner === owner && leaseIsHeld(lease, now);
}
