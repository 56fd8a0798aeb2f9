// Where a page's time goes, from a DevTools (Performance panel) trace: the main thread of the
// page's renderer between two moments, its time split into what it did (each trace event's self
// time goes to the category of the event or of its nearest categorised ancestor) and idle time
// (waiting on the browser process: navigation, file loads, storage replies).
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8',
  'v8.execute',
  'toplevel',
  'loading',
];

/** Trace event names and what they are, most specific first (an event takes the first match). */
const KINDS: [string, RegExp][] = [
  ['navigation commit', /^(RenderFrameImpl::CommitNavigation|DocumentLoader::CommitNavigation)$/],
  ['HTML parse', /^ParseHTML$/],
  ['script compile', /^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.produceCache)/],
  ['GC', /GC|^V8\.GC/],
  ['style & layout', /^(UpdateLayoutTree|Layout|Document::updateStyle)$/],
  ['paint & commit', /^(Paint|PrePaint|Commit|UpdateLayer|Layerize|PaintImage)$/],
  [
    'script run',
    /^(v8\.evaluateModule|EvaluateScript|FunctionCall|v8\.callFunction|RunMicrotasks|TimerFire)$/,
  ],
  ['receiving replies', /^Receive mojo (reply|message)$/],
];

function kindOf(name: string): string | null {
  return KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? null;
}

/** Traces the whole browser while `work` runs (from any page's DevTools session). */
export async function traceWhile<T>(
  cdp: CDPSession,
  work: () => Promise<T>,
  extraCategories: string[] = [],
): Promise<{ result: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  // The protocol types the events as plain objects; they are trace events.
  const collect = (e: { value: object[] }) => void events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  );
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: [...CATEGORIES, ...extraCategories] },
  });
  try {
    return { result: await work(), events };
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
}

export type Breakdown = Record<string, number>;

/**
 * Milliseconds per kind on the main thread of the renderer that marked `endMark` (performance.mark),
 * from its last navigationStart before the mark to the mark; 'idle' is the rest of the window.
 */
export function mainThreadBreakdown(events: TraceEvent[], endMark: string): Breakdown {
  const end = events.filter((e) => e.name === endMark).at(-1);
  if (!end) throw new Error(`no ${endMark} mark in the trace`);
  const start = events
    .filter((e) => e.name === 'navigationStart' && e.pid === end.pid && e.ts <= end.ts)
    .at(-1);
  if (!start) throw new Error('no navigationStart in the trace');
  const slices = events
    .filter((e) => e.ph === 'X' && e.pid === end.pid && e.tid === end.tid)
    .filter((e) => e.ts < end.ts && e.ts + (e.dur ?? 0) > start.ts)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals: Breakdown = {};
  let busy = 0;
  // Slices on one thread nest: a stack of the open ones, each with its own kind and its children.
  const open: { end: number; kind: string; childTime: number; dur: number }[] = [];
  const close = (until: number) => {
    while (open.length > 0 && open[open.length - 1].end <= until) {
      const done = open.pop()!;
      totals[done.kind] = (totals[done.kind] ?? 0) + (done.dur - done.childTime) / 1000;
    }
  };
  for (const slice of slices) {
    // Only the part inside the window counts.
    const from = Math.max(slice.ts, start.ts);
    const to = Math.min(slice.ts + (slice.dur ?? 0), end.ts);
    close(from);
    const parent = open.at(-1);
    const kind = kindOf(slice.name) ?? parent?.kind ?? 'other task work';
    if (parent) parent.childTime += to - from;
    else busy += to - from;
    open.push({ end: to, kind, childTime: 0, dur: to - from });
  }
  close(Number.POSITIVE_INFINITY);
  totals.idle = (end.ts - start.ts - busy) / 1000;
  return totals;
}
