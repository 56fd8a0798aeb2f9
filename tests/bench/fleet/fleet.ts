// The fleet: 100,000 installs, each driven by the extension's own scheduling (onPollOutcome, so
// nextPollDelay, the interval jitter and the backoff), through a simulated day with nights, token
// expiry and a service outage. What a poll sends mirrors lib/sync/poller.ts and session.ts:
//   - no token (the browser just started: session storage is empty): login first;
//   - an expired token: the first call is rejected, login again once, retry (withReauth);
//   - listProjects, then getMentions per project, PROJECT_CONCURRENCY at a time;
//   - a failed login or listProjects ends the poll as a failure dated at its start; a poll whose
//     every project failed is a failure dated at its end; anything else is a success.
// The browser is closed at night: an alarm due then fires when it starts again (Chrome fires
// missed alarms at once), which is also where onStart would poll an overdue schedule.
import { createRng } from '../../fake-service/prng';
import { onPollOutcome } from '@/lib/sync/schedule';

type ScheduleState = Parameters<typeof onPollOutcome>[0];
type ScheduleConfig = Parameters<typeof onPollOutcome>[2];
import { EventHeap } from './event-heap';
import { DAY_MS, type FleetParameters } from './parameters';
import { RequestLog, sendHealthyPoll } from './requests';

const NO_TOKEN = -1;

export interface FleetRun {
  /** Requests the service received in each second of the day (all kinds, failed ones too). */
  requestsPerSecond: Uint32Array;
  requests: number;
  loginRequests: number;
  polls: number;
  failedPolls: number;
  /**
   * Per install that failed in the outage: ms from its end to the install's first successful poll
   * after it (NaN for the others).
   */
  recoveryMs: Float64Array;
  /** Wall time the simulation took on this machine. */
  elapsedMs: number;
  /** CPU time it took: unlike wall time, not stretched by other work on the machine. */
  cpuMs: number;
}

const cpuTotal = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

function healthySchedule(nextPollAt: number): ScheduleState {
  return { consecutiveFailures: 0, lastSuccessAt: null, nextPollAt, attention: false };
}

export function simulateFleet(p: FleetParameters): FleetRun {
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const rng = createRng(p.seed);
  const n = p.installs;
  const projects = new Uint8Array(n);
  const sleepStart = new Float64Array(n);
  const sleepLength = new Float64Array(n);
  const tokenExpiresAt = new Float64Array(n);
  const recoveryMs = new Float64Array(n).fill(Number.NaN);
  const schedules: ScheduleState[] = new Array(n);
  const config: ScheduleConfig = { intervalMinutes: p.intervalMinutes, random: rng.next };
  const heap = new EventHeap(n);
  const log = new RequestLog(p.durationMs);
  const outage = (t: number) => t >= p.outageStartMs && t < p.outageEndMs;
  let loginRequests = 0;
  let polls = 0;
  let failedPolls = 0;

  /** The end of the night that contains `t`, or -1 when the browser is open at `t`. */
  function wakeAfter(i: number, t: number): number {
    // Nights repeat daily and are shorter than a day: only the latest one begun can hold `t`.
    const from = sleepStart[i] + Math.floor((t - sleepStart[i]) / DAY_MS) * DAY_MS;
    return t < from + sleepLength[i] ? from + sleepLength[i] : -1;
  }

  for (let i = 0; i < n; i++) {
    projects[i] = rng.int(p.projectsMin, p.projectsMax);
    sleepStart[i] = p.sleepStartFromMs + rng.next() * (p.sleepStartToMs - p.sleepStartFromMs);
    sleepLength[i] = p.sleepMinMs + rng.next() * (p.sleepMaxMs - p.sleepMinMs);
    const wake = wakeAfter(i, 0);
    if (wake >= 0) {
      // Asleep at 00:00: the browser starts in the morning, without a token.
      tokenExpiresAt[i] = NO_TOKEN;
      schedules[i] = healthySchedule(0);
      heap.push(wake, i);
    } else {
      // Running since some random moment: a random phase in the interval, a token of random age.
      const next = rng.next() * p.intervalMinutes * 60_000;
      tokenExpiresAt[i] = rng.next() * p.tokenLifetimeMs;
      schedules[i] = healthySchedule(next);
      heap.push(next, i);
    }
  }

  /** One request that may fail with the outage; returns whether it succeeded. */
  const request = (at: number) => {
    log.send(at);
    return !outage(at);
  };
  const login = (i: number, at: number) => {
    loginRequests += 1;
    if (!request(at)) return false;
    tokenExpiresAt[i] = at + p.tokenLifetimeMs;
    return true;
  };

  /** One poll from `start`; returns the install's next alarm time. */
  function poll(i: number, start: number): number {
    polls += 1;
    const rtt = p.roundTripMs;
    let t = start;
    let ok = true;
    if (tokenExpiresAt[i] === NO_TOKEN) {
      ok = login(i, t);
      t += rtt;
    } else if (t >= tokenExpiresAt[i]) {
      // withReauth: the call with the old token is rejected (or fails outright in the outage).
      ok = request(t);
      t += rtt;
      if (ok) {
        ok = login(i, t);
        t += rtt;
      }
    }
    let outcomeOk = false;
    let at = start;
    if (ok && !outage(t)) {
      // The outage starts or ends mid-poll only at its edges; both are rare enough to treat the
      // whole poll by its listProjects request.
      at = sendHealthyPoll(log, t, projects[i], rtt);
      outcomeOk = true;
      // Recovered: the first success after the outage of an install that was failing in it.
      if (start >= p.outageEndMs && schedules[i].consecutiveFailures > 0) {
        if (Number.isNaN(recoveryMs[i])) recoveryMs[i] = at - p.outageEndMs;
      }
    } else if (ok) {
      log.send(t); // listProjects fails: the poll ends here.
    }
    if (!outcomeOk) failedPolls += 1;
    schedules[i] = onPollOutcome(
      schedules[i],
      outcomeOk ? { kind: 'success', at } : { kind: 'failure', at: start },
      config,
    );
    return schedules[i].nextPollAt;
  }

  while (heap.topTime < p.durationMs) {
    const t = heap.topTime;
    const i = heap.topId;
    const wake = wakeAfter(i, t);
    if (wake >= 0) {
      // Closed for the night: the alarm fires at the browser's start, in a new session.
      tokenExpiresAt[i] = NO_TOKEN;
      heap.replaceTop(wake, i);
      continue;
    }
    // An alarm set in the past fires at once (schedulePollAt never sets one earlier than now).
    heap.replaceTop(Math.max(poll(i, t), t), i);
  }

  return {
    requestsPerSecond: log.perSecond,
    requests: log.total,
    loginRequests,
    polls,
    failedPolls,
    recoveryMs,
    elapsedMs: performance.now() - began,
    cpuMs: cpuTotal(process.cpuUsage(cpuBefore)),
  };
}
