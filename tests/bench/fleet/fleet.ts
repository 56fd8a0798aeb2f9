// The fleet: 100,000 installs, each account of each driven by the extension's own scheduling
// (onPollOutcome, so nextPollDelay, the interval jitter and the backoff), through a simulated day
// with nights, token expiry and a service outage. What a poll sends mirrors lib/sync/poller.ts,
// poll-fetch.ts and session.ts:
//   - no token (the browser just started: session storage is empty): login first;
//   - an expired token: the first call is rejected, login again once, retry (withReauth);
//   - listProjects, then getMentions per project, PROJECT_CONCURRENCY at a time across all the
//     install's accounts (the call slots account-worlds.ts shares); the list holds its slot
//     through the login before it;
//   - a failed login or listProjects ends the poll as a failure dated at its start; a poll whose
//     every project failed is a failure dated at its end; anything else is a success.
// Each account has its own schedule, alarm and token. The browser is closed at night: an alarm due
// then fires when it starts again (Chrome fires missed alarms at once), which is also where onStart
// polls every overdue account, all of an install's at the same moment.
import { createRng } from '../../fake-service/prng';
import { onPollOutcome } from '@/lib/sync/schedule';

type ScheduleState = Parameters<typeof onPollOutcome>[0];
type ScheduleConfig = Parameters<typeof onPollOutcome>[2];
import { EventHeap } from './event-heap';
import { DAY_MS, type FleetParameters } from './parameters';
import { claimSlot, createSlotTimes, RequestLog, sendHealthyPoll } from './requests';

const NO_TOKEN = -1;

export interface FleetRun {
  /** Requests the service received in each second of the day (all kinds, failed ones too). */
  requestsPerSecond: Uint32Array;
  requests: number;
  /** The most requests one install sent in one second. */
  installPeak: number;
  /** Accounts across all installs. */
  accounts: number;
  loginRequests: number;
  polls: number;
  failedPolls: number;
  /**
   * Per account that failed in the outage: ms from its end to the account's first successful poll
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

/** Draws how many accounts an install holds; no draw when the mix allows one count only. */
function accountCounter(mix: readonly number[], random: () => number): () => number {
  const possible = mix.flatMap((share, i) => (share > 0 ? [i + 1] : []));
  if (possible.length === 1) return () => possible[0];
  return () => {
    let u = random();
    for (let i = 0; i < mix.length; i++) {
      u -= mix[i];
      if (u < 0) return i + 1;
    }
    return possible[possible.length - 1];
  };
}

export function simulateFleet(p: FleetParameters): FleetRun {
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const rng = createRng(p.seed);
  const n = p.installs;
  const capacity = n * p.accountMix.length;
  // Per account (install i's accounts are consecutive; with one account each, account = install).
  const installOf = new Int32Array(capacity);
  const projects = new Uint8Array(capacity);
  const tokenExpiresAt = new Float64Array(capacity);
  const recoveryMs = new Float64Array(capacity).fill(Number.NaN);
  const schedules: ScheduleState[] = new Array(capacity);
  // Per install.
  const sleepStart = new Float64Array(n);
  const sleepLength = new Float64Array(n);
  const slots = createSlotTimes(n);
  const config: ScheduleConfig = { intervalMinutes: p.intervalMinutes, random: rng.next };
  const heap = new EventHeap(capacity);
  const log = new RequestLog(p.durationMs, n);
  const outage = (t: number) => t >= p.outageStartMs && t < p.outageEndMs;
  const accountsOfInstall = accountCounter(p.accountMix, rng.next);
  let accounts = 0;
  let loginRequests = 0;
  let polls = 0;
  let failedPolls = 0;

  /** The end of install i's night that contains `t`, or -1 when its browser is open at `t`. */
  function wakeAfter(i: number, t: number): number {
    // Nights repeat daily and are shorter than a day: only the latest one begun can hold `t`.
    const from = sleepStart[i] + Math.floor((t - sleepStart[i]) / DAY_MS) * DAY_MS;
    return t < from + sleepLength[i] ? from + sleepLength[i] : -1;
  }

  /** Account a of install i, as of 00:00. */
  function addAccount(a: number, i: number, awake: boolean, wake: number): void {
    installOf[a] = i;
    if (!awake) {
      // Asleep at 00:00: the browser starts in the morning, without a token.
      tokenExpiresAt[a] = NO_TOKEN;
      schedules[a] = healthySchedule(0);
      heap.push(wake, a);
    } else {
      // Running since some random moment: a random phase in the interval, a token of random age
      // (a day's jitter has spread the polls of one browser's accounts apart by then).
      const next = rng.next() * p.intervalMinutes * 60_000;
      tokenExpiresAt[a] = rng.next() * p.tokenLifetimeMs;
      schedules[a] = healthySchedule(next);
      heap.push(next, a);
    }
  }

  for (let i = 0; i < n; i++) {
    const first = accounts++;
    projects[first] = rng.int(p.projectsMin, p.projectsMax);
    sleepStart[i] = p.sleepStartFromMs + rng.next() * (p.sleepStartToMs - p.sleepStartFromMs);
    sleepLength[i] = p.sleepMinMs + rng.next() * (p.sleepMaxMs - p.sleepMinMs);
    const wake = wakeAfter(i, 0);
    addAccount(first, i, wake < 0, wake);
    for (let more = accountsOfInstall() - 1; more > 0; more--) {
      const a = accounts++;
      projects[a] = rng.int(p.projectsMin, p.projectsMax);
      addAccount(a, i, wake < 0, wake);
    }
  }

  /** One request that may fail with the outage; returns whether it succeeded. */
  const request = (a: number, at: number) => {
    log.send(at, installOf[a]);
    return !outage(at);
  };
  const login = (a: number, at: number) => {
    loginRequests += 1;
    if (!request(a, at)) return false;
    tokenExpiresAt[a] = at + p.tokenLifetimeMs;
    return true;
  };

  /** One poll of account a from `start`; returns the account's next alarm time. */
  function poll(a: number, start: number): number {
    polls += 1;
    const rtt = p.roundTripMs;
    // The list's slot, held through the login its call needs first (session.call inside it).
    const list = claimSlot(start, slots, installOf[a]);
    let t = list.at;
    let ok = true;
    if (tokenExpiresAt[a] === NO_TOKEN) {
      ok = login(a, t);
      t += rtt;
    } else if (t >= tokenExpiresAt[a]) {
      // withReauth: the call with the old token is rejected (or fails outright in the outage).
      ok = request(a, t);
      t += rtt;
      if (ok) {
        ok = login(a, t);
        t += rtt;
      }
    }
    let outcomeOk = false;
    let at = start;
    if (ok && !outage(t)) {
      // The outage starts or ends mid-poll only at its edges; both are rare enough to treat the
      // whole poll by its listProjects request.
      at = sendHealthyPoll(log, t, projects[a], rtt, slots, installOf[a], list.slot);
      outcomeOk = true;
      // Recovered: the first success after the outage of an account that was failing in it.
      if (start >= p.outageEndMs && schedules[a].consecutiveFailures > 0) {
        if (Number.isNaN(recoveryMs[a])) recoveryMs[a] = at - p.outageEndMs;
      }
    } else if (ok) {
      log.send(t, installOf[a]); // listProjects fails: the poll ends here.
      slots[list.slot] = t + rtt;
    } else {
      slots[list.slot] = t;
    }
    if (!outcomeOk) failedPolls += 1;
    schedules[a] = onPollOutcome(
      schedules[a],
      outcomeOk ? { kind: 'success', at } : { kind: 'failure', at: start },
      config,
    );
    return schedules[a].nextPollAt;
  }

  while (heap.topTime < p.durationMs) {
    const t = heap.topTime;
    const a = heap.topId;
    const wake = wakeAfter(installOf[a], t);
    if (wake >= 0) {
      // Closed for the night: the alarm fires at the browser's start, in a new session.
      tokenExpiresAt[a] = NO_TOKEN;
      heap.replaceTop(wake, a);
      continue;
    }
    // An alarm set in the past fires at once (schedulePollAt never sets one earlier than now).
    heap.replaceTop(Math.max(poll(a, t), t), a);
  }

  return {
    requestsPerSecond: log.perSecond,
    requests: log.total,
    installPeak: log.installPeak,
    accounts,
    loginRequests,
    polls,
    failedPolls,
    recoveryMs: recoveryMs.subarray(0, accounts),
    elapsedMs: performance.now() - began,
    cpuMs: cpuTotal(process.cpuUsage(cpuBefore)),
  };
}
