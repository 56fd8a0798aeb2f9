// What the service receives: requests counted per second, and the requests of one healthy poll
// placed in time the way lib/sync/poller.ts and poll-fetch.ts send them.
import { PROJECT_CONCURRENCY } from '../../unit/support/limits';
import { SECOND_MS } from './parameters';

/** Seconds of one install's requests kept to find its busiest second (a poll lasts far fewer). */
const BURST_SECONDS = 16;

export class RequestLog {
  readonly perSecond: Uint32Array;
  total = 0;
  /** The most requests one install sent in one second (0 when installs are not told apart). */
  installPeak = 0;
  // Per install, a ring of its recent seconds: which second each place holds, and its count.
  private readonly burstSecond: Int32Array;
  private readonly burstCount: Uint16Array;

  constructor(durationMs: number, installs = 0) {
    this.perSecond = new Uint32Array(Math.ceil(durationMs / SECOND_MS));
    this.burstSecond = new Int32Array(installs * BURST_SECONDS).fill(-1);
    this.burstCount = new Uint16Array(installs * BURST_SECONDS);
  }

  /** One request at `at`, sent by `install` when the log tells installs apart. */
  send(at: number, install = -1): void {
    const second = Math.floor(at / SECOND_MS);
    if (second >= 0 && second < this.perSecond.length) this.perSecond[second] += 1;
    this.total += 1;
    if (install < 0 || second < 0) return;
    // Polls are simulated in the order they start, so an install's requests come out of order
    // only within a poll's few seconds: a ring of BURST_SECONDS holds every second still counting.
    const place = install * BURST_SECONDS + (second % BURST_SECONDS);
    if (this.burstSecond[place] !== second) {
      this.burstSecond[place] = second;
      this.burstCount[place] = 0;
    }
    this.burstCount[place] += 1;
    if (this.burstCount[place] > this.installPeak) this.installPeak = this.burstCount[place];
  }
}

/**
 * An install's call slots (createCallSlots, shared by all its accounts' polls): when each of the
 * PROJECT_CONCURRENCY slots is next free, for each install in turn.
 */
export function createSlotTimes(installs: number): Float64Array {
  return new Float64Array(installs * PROJECT_CONCURRENCY).fill(-Infinity);
}

const scratch = createSlotTimes(1);

/**
 * The slot of `install` that frees first among `times` (createSlotTimes): its place, and when a
 * call asked at `at` starts in it.
 */
export function claimSlot(
  at: number,
  times: Float64Array,
  install: number,
): { slot: number; at: number } {
  const offset = install * PROJECT_CONCURRENCY;
  let slot = offset;
  for (let s = offset + 1; s < offset + PROJECT_CONCURRENCY; s++) {
    if (times[s] < times[slot]) slot = s;
  }
  return { slot, at: Math.max(at, times[slot]) };
}

/**
 * listProjects at `at`, then getMentions for `projects` projects, each call in the install's slot
 * that frees first, one round trip long. The list waits for a slot like the rest (poller.ts): one
 * already claimed for it (`list`, with the login it needed before it) or the first free. A poll
 * alone gets PROJECT_CONCURRENCY calls at a time, each round one round trip after the last; polls
 * of one install that overlap queue for the same slots. The slots are taken in the order polls are
 * simulated (their start), not the order their calls ask (poll-fetch.ts is FIFO): the two differ
 * only for polls started within a round trip or two of each other, and then only in which poll's
 * call goes first, not in what the service receives when. Without `slots`, the poll has slots of
 * its own; with them, it takes `install`'s, and its requests count towards that install's busiest
 * second. Returns when the poll ends.
 */
export function sendHealthyPoll(
  log: RequestLog,
  at: number,
  projects: number,
  roundTripMs: number,
  slots?: Float64Array,
  install = -1,
  list?: number,
): number {
  const times = slots ?? scratch.fill(-Infinity);
  const place = slots ? install : 0;
  /** Sends a call at `after` (in `slot`, or when one frees); returns when it ends. */
  const call = (after: number, slot?: number): number => {
    const claimed = slot === undefined ? claimSlot(after, times, place) : { slot, at: after };
    log.send(claimed.at, install);
    times[claimed.slot] = claimed.at + roundTripMs;
    return times[claimed.slot];
  };
  const ready = call(at, list);
  let end = ready;
  for (let k = 0; k < projects; k++) end = Math.max(end, call(ready));
  return end;
}
