// What the service receives: requests counted per second, and the requests of one healthy poll
// placed in time the way lib/sync/poller.ts sends them.
import { PROJECT_CONCURRENCY } from '../../unit/support/limits';
import { SECOND_MS } from './parameters';

export class RequestLog {
  readonly perSecond: Uint32Array;
  total = 0;

  constructor(durationMs: number) {
    this.perSecond = new Uint32Array(Math.ceil(durationMs / SECOND_MS));
  }

  send(at: number): void {
    const second = Math.floor(at / SECOND_MS);
    if (second >= 0 && second < this.perSecond.length) this.perSecond[second] += 1;
    this.total += 1;
  }
}

/**
 * listProjects at `at`, then getMentions for `projects` projects, PROJECT_CONCURRENCY at a time,
 * each round one round trip after the last. Returns when the poll ends.
 */
export function sendHealthyPoll(
  log: RequestLog,
  at: number,
  projects: number,
  roundTripMs: number,
): number {
  log.send(at);
  let t = at + roundTripMs;
  for (let sent = 0; sent < projects; sent += PROJECT_CONCURRENCY) {
    const round = Math.min(PROJECT_CONCURRENCY, projects - sent);
    for (let k = 0; k < round; k++) log.send(t);
    t += roundTripMs;
  }
  return t;
}
