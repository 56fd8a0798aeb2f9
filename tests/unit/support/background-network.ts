// The background's network as the harness of ./background.ts sees it: every fetch (and every hash
// of the key, which also leaves the main thread) goes through a counting wrapper, so `idle()` can
// tell when nothing is left in flight; requests can be held before they are sent, answered without
// the fake service, or have their JSON rewritten on the way back.

export const realNow = Date.now.bind(Date);
export const realFetch = globalThis.fetch.bind(globalThis);
const realDigest = globalThis.crypto.subtle.digest.bind(globalThis.crypto.subtle);

export interface Gate {
  func: string;
  projectId?: number;
  waiting: number;
  release(): void;
  /** The held requests are never sent (their worker was stopped). */
  abandon(): void;
  opened: Promise<void>;
}

/** What the test sets on the harness to change what the background's requests meet. */
export interface RequestHooks {
  /** Rewrites successful JSON replies before the client sees them (a service that changed data). */
  rewrite: ((func: string | null, body: unknown) => unknown) | undefined;
  /**
   * Answers requests itself, before they reach the fake service (which then neither sees nor logs
   * them): a Response for the requests it takes, undefined for the rest.
   */
  intercept: ((url: URL, func: string | null) => Response | undefined) | undefined;
}

export interface TrackedNetwork {
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  digest: typeof realDigest;
  /** Holds every request of `func` (for one project, if given) before it is sent, until released. */
  hold(func: string, projectId?: number): Gate;
  /** Lets every held request go (the end of a test). */
  releaseAll(): void;
  /** Forgets every gate (a new test). */
  reset(): void;
  idle(): Promise<void>;
  /** Spins until `condition` holds (work may be pending, e.g. a held request). */
  until(condition: () => boolean | Promise<boolean>, what: string): Promise<void>;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function trackedNetwork(hooks: RequestHooks): TrackedNetwork {
  let inflight = 0;
  let gates: Gate[] = [];

  async function trackedFetch(input: string | URL | Request, init?: RequestInit) {
    inflight += 1;
    try {
      const url = new URL(String(input));
      const func = url.pathname.endsWith('/login.php') ? 'login' : url.searchParams.get('func');
      const project = Number(url.searchParams.get('project_id'));
      const answer = hooks.intercept?.(url, func);
      if (answer) return answer;
      const gate = gates.find(
        (g) => g.func === func && (g.projectId === undefined || g.projectId === project),
      );
      if (gate) {
        // Not sent yet, so not in flight: a request held forever is a worker that died.
        gate.waiting += 1;
        inflight -= 1;
        await gate.opened;
        inflight += 1;
      }
      const response = await realFetch(input, init);
      let text = await response.text();
      if (hooks.rewrite && response.ok) {
        try {
          text = JSON.stringify(hooks.rewrite(func, JSON.parse(text)));
        } catch {
          // Not JSON: passed on as it came.
        }
      }
      const empty = [204, 205, 304].includes(response.status);
      return new Response(empty ? null : text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      inflight -= 1;
    }
  }

  return {
    fetch: trackedFetch,
    // The session hashes the API key (its token's account): that runs off the main thread and
    // can outlast a few macrotasks, so it counts as work in flight too.
    async digest(...args) {
      inflight += 1;
      try {
        return await realDigest(...args);
      } finally {
        inflight -= 1;
      }
    },

    hold(func, projectId) {
      let release = () => {};
      const opened = new Promise<void>((resolve) => (release = resolve));
      const gate: Gate = {
        func,
        projectId,
        waiting: 0,
        opened,
        release: () => {
          gates = gates.filter((g) => g !== gate);
          release();
        },
        abandon: () => {
          gates = gates.filter((g) => g !== gate);
        },
      };
      gates.push(gate);
      return gate;
    },
    releaseAll() {
      for (const gate of gates) gate.release();
    },
    reset() {
      gates = [];
    },

    async idle() {
      const deadline = realNow() + 15_000;
      let quiet = 0;
      while (quiet < 3) {
        await macrotask();
        quiet = inflight === 0 ? quiet + 1 : 0;
        if (realNow() > deadline) throw new Error(`still busy: ${inflight} request(s) in flight`);
      }
    },

    async until(condition, what) {
      const deadline = realNow() + 15_000;
      while (!(await condition())) {
        if (realNow() > deadline) throw new Error(`gave up waiting for ${what}`);
        await macrotask();
      }
    },
  };
}
