// Fault switches: the ways a real PHP back end misbehaves, each on for a number of requests or a
// time, optionally for one func only. A count is spent only on a request the fault actually
// changes (e.g. `wrapped` only on array replies, `badRecords` only on getMentions), so "count: 1"
// means "the next reply this fault can affect", whatever the client sends first.

import type { FaultKind, FaultOptions } from './types';

export const FAULT_KINDS: readonly FaultKind[] = [
  'html500',
  'malformedJson',
  'rateLimit',
  'slow',
  'rejectToken',
  'numbersAsStrings',
  'wrapped',
  'errorAs200',
  'badRecords',
  // listProjects leaves out the project named by `projectId`, or answers `200 []` without one:
  // how a PHP back end answers a lost database connection.
  'shrunkList',
  'unavailable',
  'forbidden',
];

export interface ActiveFault {
  kind: FaultKind;
  func?: string;
  projectId?: number;
  /** Requests left to change; undefined = no count limit. */
  remaining?: number;
  /** Wall-clock ms when it switches off; undefined = no time limit. */
  until?: number;
  retryAfter: string;
  delayMs: number;
}

export const DEFAULT_RETRY_AFTER = '30';
export const DEFAULT_DELAY_MS = 1000;

export function isFaultKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && (FAULT_KINDS as readonly string[]).includes(value);
}

export class FaultSwitches {
  private faults: ActiveFault[] = [];

  // Windows (forMs) run on the wall clock, not on the service's `now` option: a test that pins
  // `now` for its timestamps still wants a fault for 200 ms to end after 200 ms.
  constructor(private readonly clock: () => number = Date.now) {}

  /** Switches a fault on; the same kind and func set again replaces the earlier setting. */
  set(kind: FaultKind, options: FaultOptions = {}): void {
    if (!isFaultKind(kind)) throw new Error(`Unknown fault kind: ${String(kind)}`);
    const { count, forMs, func, projectId, retryAfter, delayMs } = options;
    if (projectId !== undefined && !Number.isSafeInteger(projectId)) {
      throw new Error('projectId must be an integer');
    }
    if (count !== undefined && !(Number.isInteger(count) && count > 0)) {
      throw new Error('count must be a positive integer');
    }
    if (forMs !== undefined && !(Number.isFinite(forMs) && forMs > 0)) {
      throw new Error('forMs must be a positive number');
    }
    if (func !== undefined && (typeof func !== 'string' || func === '')) {
      throw new Error('func must be a non-empty string');
    }
    if (
      retryAfter !== undefined &&
      (typeof retryAfter !== 'string' || !/^[\x20-\x7e]+$/.test(retryAfter))
    ) {
      throw new Error('retryAfter must be a printable header value');
    }
    if (
      delayMs !== undefined &&
      !(Number.isFinite(delayMs) && delayMs >= 0 && delayMs <= 120_000)
    ) {
      throw new Error('delayMs must be from 0 to 120000');
    }
    this.faults = this.faults.filter(
      (fault) => !(fault.kind === kind && fault.func === func && fault.projectId === projectId),
    );
    this.faults.push({
      kind,
      func,
      projectId,
      remaining: count,
      until: forMs === undefined ? undefined : this.clock() + forMs,
      retryAfter: retryAfter ?? DEFAULT_RETRY_AFTER,
      delayMs: delayMs ?? DEFAULT_DELAY_MS,
    });
  }

  clear(): void {
    this.faults = [];
  }

  /**
   * The fault of this kind that is on for `func` (and the request's project, for a fault scoped to
   * one), without spending it. A scoped one wins.
   */
  find(kind: FaultKind, func: string | null, projectId?: string): ActiveFault | undefined {
    this.prune();
    const matching = this.faults.filter(
      (fault) =>
        fault.kind === kind &&
        (fault.func === undefined || fault.func === func) &&
        (fault.projectId === undefined || String(fault.projectId) === projectId),
    );
    return (
      matching.find((fault) => fault.func !== undefined || fault.projectId !== undefined) ??
      matching[0]
    );
  }

  /** Spends one request of the fault's count. */
  spend(fault: ActiveFault): void {
    if (fault.remaining !== undefined) fault.remaining--;
    this.prune();
  }

  /** find + spend: for faults that change every request they are on for. */
  take(kind: FaultKind, func: string | null, projectId?: string): ActiveFault | undefined {
    const fault = this.find(kind, func, projectId);
    if (fault) this.spend(fault);
    return fault;
  }

  /** Every fault of this kind on for `func`, whatever project it names, each spent once. */
  takeAll(kind: FaultKind, func: string | null): ActiveFault[] {
    this.prune();
    const matching = this.faults.filter(
      (fault) => fault.kind === kind && (fault.func === undefined || fault.func === func),
    );
    for (const fault of matching) this.spend(fault);
    return matching;
  }

  /** The faults that are on, for /__control/state. */
  list(): ActiveFault[] {
    this.prune();
    return this.faults.map((fault) => ({ ...fault }));
  }

  private prune(): void {
    const now = this.clock();
    this.faults = this.faults.filter(
      (fault) =>
        (fault.remaining === undefined || fault.remaining > 0) &&
        (fault.until === undefined || now < fault.until),
    );
  }
}

// ---- What the faults do to a reply. Pure functions, so each is easy to test on its own. ----

/** Every number, at any depth, as a string: `"project_id":"12"`, `"sentiment":"-1"`. */
export function numbersToStrings(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersToStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, numbersToStrings(member)]),
    );
  }
  return value;
}

export function containsNumber(value: unknown): boolean {
  if (typeof value === 'number') return true;
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsNumber);
  return false;
}

/** An array reply wrapped in an object, as some PHP back ends do. */
export function wrapArray(func: string | null, items: unknown[]): Record<string, unknown[]> {
  return func === 'listProjects' ? { projects: items } : { data: items };
}

/** The reply cut short, as when a PHP script dies mid-output; never valid JSON. */
export function truncateJson(text: string): string {
  const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  try {
    JSON.parse(cut);
  } catch {
    return cut;
  }
  return `${cut}{"`;
}

/**
 * Mention records that cannot parse, mixed in among good ones: one without an id, one with id
 * "abc", and a null. They go at the start, the middle and the end, so a client that stops at the
 * first bad record loses data.
 */
export function withBadRecords(records: unknown[]): unknown[] {
  const template =
    records.find(
      (record): record is Record<string, unknown> => typeof record === 'object' && record !== null,
    ) ?? {};
  const noId = Object.fromEntries(Object.entries(template).filter(([key]) => key !== 'id'));
  const out = [...records];
  out.splice(0, 0, { ...noId, title: 'Record without an id' });
  out.splice(Math.floor(out.length / 2), 0, {
    ...template,
    id: 'abc',
    title: 'Record with id abc',
  });
  out.push(null);
  return out;
}

export const BAD_RECORDS_ADDED = 3;

/**
 * What a real PHP back end answered during an outage of its session store: a 503 whose words speak
 * of sessions and logging in, though nothing is wrong with the token or the key.
 */
export const UNAVAILABLE_BODY = {
  error: 'Session store unavailable, please log in again later',
};

/** A project the account may no longer read (a plan downgrade, a shared project withdrawn). */
export const FORBIDDEN_BODY = { error: 'Access to this project is denied' };

export const HTML_500_BODY = `<!DOCTYPE html>
<html><head><title>500 Internal Server Error</title></head>
<body><h1>Internal Server Error</h1>
<p>The server encountered an internal error or misconfiguration and was unable to complete your request.</p>
<hr><address>Apache/2.4.57 (Debian) Server at 127.0.0.1 Port 80</address>
</body></html>
`;
