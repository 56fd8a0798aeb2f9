// The two ways the background keeps its work from overlapping. The store queue: read-modify-writes
// of the mention store must not interleave (a "mark read" arriving while a poll merges would
// otherwise be overwritten by the poll's older copy); one queue per worker suffices because the
// background is the only writer. The poll lease, in session storage: the in-memory promise makes
// polls single-flight within one worker, the lease does it across worker restarts. It expires, so
// a worker killed mid-poll cannot block polling forever; reading and writing it is the caller's.
// The lease also tells the next poll how the last one ended: one never given back was stopped
// mid-poll, most likely out of memory on a large reply, so the next poll is careful, and a project
// whose reply was being read at two such stops in a row is not asked again this session.
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
    /** The project whose large reply the poll holds now (lib/sync/poll-fetch.ts). */
    large: z.optional(z.int()),
    /** The poll before this one never finished: this one asks one project at a time. */
    careful: z.optional(z.literal(true)),
    /** The project whose large reply was held when the poll before this one stopped. */
    suspect: z.optional(z.int()),
    /** Projects whose replies were held at two stops in a row: not asked until the session ends. */
    tooLarge: z.optional(z.array(z.int())),
    /** Given back: kept only for the lessons above. */
    done: z.optional(z.literal(true)),
  }),
);

export type Lease = z.output<ReturnType<typeof leaseSchema>>;

const isLease = (value: unknown): value is Lease => leaseSchema().safeParse(value).success;

const MIN_LEASE_TTL_MS = 1_000;
/** Longer than any sane poll, short enough that a dead worker's lease does not block for long. */
const MAX_LEASE_TTL_MS = 10 * 60_000;

/**
 * A new `lease` (newLease) taken over `previous` (not held: leaseIsHeld), with what that tells. One
 * never given back was taken by a worker that stopped mid-poll: the new poll is careful, the large
 * reply it held is the suspect, and a suspect held again at the stop joins `tooLarge`. One given
 * back before its poll fetched passes its lessons on as they were.
 */
export function leaseAfter(previous: unknown, lease: Lease): Lease {
  if (!isLease(previous)) return lease;
  const tooLarge = new Set(previous.tooLarge);
  let { careful, suspect } = previous;
  if (!previous.done) {
    careful = true;
    // Stopped holding no large reply: the suspect was perhaps not read yet, and stays one.
    suspect = previous.large ?? previous.suspect;
    if (previous.large !== undefined && previous.large === previous.suspect) {
      tooLarge.add(previous.large);
      suspect = undefined;
    }
  }
  return {
    ...lease,
    ...(careful ? { careful } : {}),
    ...(suspect === undefined ? {} : { suspect }),
    ...(tooLarge.size > 0 ? { tooLarge: [...tooLarge] } : {}),
  };
}

/**
 * What giving `lease` back leaves: what the next poll must still skip, and, when this poll did not
 * get as far as fetching (offline, the list failed), its own lessons; null when that is nothing.
 */
export function releasedLease(lease: Lease, fetched: boolean): Lease | null {
  const { owner, acquiredAt, expiresAt, careful, suspect, tooLarge } = lease;
  const kept = {
    ...(fetched || !careful ? {} : { careful }),
    ...(fetched || suspect === undefined ? {} : { suspect }),
    ...(tooLarge?.length ? { tooLarge } : {}),
  };
  if (Object.keys(kept).length === 0) return null;
  return { owner, acquiredAt, expiresAt, ...kept, done: true };
}

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
  if (!isLease(lease) || lease.done) return false;
  return (
    lease.acquiredAt <= now &&
    now < lease.expiresAt &&
    lease.expiresAt - lease.acquiredAt <= MAX_LEASE_TTL_MS
  );
}

export function leaseIsOwnedBy(lease: unknown, owner: string, now: number): boolean {
  return isLease(lease) && lease.owner === owner && leaseIsHeld(lease, now);
}
