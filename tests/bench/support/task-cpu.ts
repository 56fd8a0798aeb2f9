// The popup's tasks in its first second by the CPU time its main thread spent in them, from a
// DevTools trace (each task's thread time, `tdur`), beside their wall time. On a shared machine a
// task's wall time counts the time the thread waited for a core: the Long Tasks API reported tasks
// of 200-400 ms whose thread ran 5-30 ms of them (load 12 on 2 cores). The thread time says what
// the page's own work costs, whatever the machine's load.
import { ON_SCREEN_MARK, type Viewport } from './on-screen';
import type { PopupBench } from './popup-bench';
import { FIRST_SECOND_MS, timeSettled } from './settled';
import { traceWhile, type TraceEvent } from './trace';

export interface TaskTimes {
  /** Milliseconds from navigation start. */
  at: number;
  wallMs: number;
  cpuMs: number;
}

/** The top-level tasks of the main thread that marked `mark`, starting in its first second. */
export function firstSecondTasks(events: TraceEvent[], mark = ON_SCREEN_MARK): TaskTimes[] {
  const end = events.filter((e) => e.name === mark).at(-1);
  if (!end) throw new Error(`no ${mark} mark in the trace`);
  const start = events
    .filter((e) => e.name === 'navigationStart' && e.pid === end.pid && e.ts <= end.ts)
    .at(-1);
  if (!start) throw new Error('no navigationStart in the trace');
  return events
    .filter((e) => e.ph === 'X' && e.pid === end.pid && e.tid === end.tid)
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask')
    .filter((e) => e.ts >= start.ts && e.ts - start.ts < FIRST_SECOND_MS * 1000)
    .map((e) => ({
      at: (e.ts - start.ts) / 1000,
      wallMs: (e.dur ?? 0) / 1000,
      cpuMs: ((e as TraceEvent & { tdur?: number }).tdur ?? Number.NaN) / 1000,
    }));
}

/** Per traced run of `path` (watched until settled): its first second's tasks. */
export async function tracedTasks(
  bench: PopupBench,
  path: string,
  selector: string,
  runs: number,
  size?: Viewport,
): Promise<TaskTimes[][]> {
  const cdp = await bench.browser.context.newCDPSession(bench.ext.page);
  const all: TaskTimes[][] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const { events } = await traceWhile(cdp, () =>
        timeSettled(bench.browser, path, selector, undefined, size),
      );
      all.push(firstSecondTasks(events));
    }
  } finally {
    await cdp.detach();
  }
  return all;
}
