// Benchmark: the background's own work in one poll of 20 projects whose replies hold a project's
// whole history, 3,000 records each, as a PHP back end sends them (every number as text: the fake
// service's numbersAsStrings). From each reply's text on, through the functions the worker runs:
// parseJsonReply and mentionRecords (what client.getMentionRecords does with a 2xx body) and
// what the poll keeps of each reply as it arrives (replySettler: the records the store settled at
// the poll's start are let go), then mergeAndWrite (poll-merge.ts: what was kept validated, the
// merges, the service clock, notifications, the hold) with the store's diff (storeWrites, what
// writeMentionStore sets: support/store-writes.ts), counted in bytes as Chrome counts them.
//   - nothing new: the store at its caps with its floors, the same replies again; writes nothing;
//   - 50 new: 5 new in each of 10 projects.
// CPU time is process.cpuUsage (user + system). The heap is V8's heapUsed after a full collection
// (gc, reached through --expose-gc or v8.setFlagsFromString), less what it was before the poll
// (the runtime, the fixtures and the reply texts): after the poll, with nothing of it held; at its
// end, with what it kept of every reply and both stores still referenced; and the most it holds at
// once (the store as read, and the replies fetched at a time, parsed).
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MentionStore } from '@/lib/mentions/store';
import type { ServiceProject } from '@/lib/projects/types';
import type { Fetched } from '@/lib/sync/poll-fetch';
import { numbersToStrings } from '../fake-service/faults';
import { summarize } from './support/stats';
import { NOW, projectAt, timelines } from './support/mention-fixtures';
import { storeFrom } from './support/mention-stores';
import type { Figure, Figures } from './support/types';
import { PROJECT_CONCURRENCY, entriesBytes } from '../unit/support/limits';
import { storeWrites } from './support/store-writes';

export const name = 'poll cost';

// The extension's modules, with WXT's fake browser as their browser API (support/fake-extension.ts).
async function extension() {
  // Notifications are worded through browser.i18n, which the fake browser leaves to the test.
  const catalogue = JSON.parse(
    readFileSync(new URL('../../public/_locales/en/messages.json', import.meta.url), 'utf8'),
  ) as Record<string, { message: string }>;
  fakeBrowser.i18n.getMessage = (key: string) => catalogue[key]?.message ?? '';
  return {
    ...(await import('@/lib/storage/quota-bytes')),
    ...(await import('@/lib/mentions/caps')),
    ...(await import('@/lib/mentions/mention-storage')),
    ...(await import('@/lib/service/http')),
    ...(await import('@/lib/service/replies')),
    ...(await import('@/lib/settings/settings')),
    ...(await import('@/lib/sync/poll-fetch')),
    ...(await import('@/lib/sync/poll-merge')),
    ...(await import('@/lib/sync/status')),
    ...(await import('@/lib/time/service-clock')),
  };
}
type Extension = Awaited<ReturnType<typeof extension>>;

const PROJECTS = 20;
const RECORDS = 3_000;
const NEW_PROJECTS = 10;
const NEW_EACH = 5;
const SAMPLES = 7;
const WARMUP = 2;

/** V8's collector, with or without --expose-gc (the flag can be set at run time; vm hands it out). */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function heapAfterGc(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const mb = (bytes: number) => Math.round(bytes / 1e4) / 100;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

interface PollRun {
  parseMs: number;
  mergeMs: number;
  bytes: number;
  added: number;
  /** What the poll holds at its end, kept alive until the heap is measured. */
  held: unknown;
}

async function poll(
  x: Extension,
  texts: readonly string[],
  projects: readonly ServiceProject[],
  store: MentionStore,
): Promise<PollRun> {
  // The store as the poll found it (read from memory here: the worker reads it from storage).
  const keep = (await x.replySettler({
    readStore: () => Promise.resolve(store),
    readServiceClock: () => Promise.resolve(x.initialServiceClock()),
  }))!;
  const parseStart = process.cpuUsage();
  const fetched: Fetched[] = texts.map((text, i) => {
    const { project_id: id } = projects[i];
    const records = x.mentionRecords(x.parseJsonReply(text, { secrets: [] }));
    return { project: projects[i], records: keep(id, records) };
  });
  const parseMs = cpuMs(parseStart);

  // The merge in the worker's own module, its storage calls answered from memory: the diff is
  // what a write would set (storeWrites) plus the outbox and clock in the same call.
  let bytes = 0;
  let written: MentionStore = store;
  const mergeStart = process.cpuUsage();
  const result = await x.mergeAndWrite(
    {
      account: '1',
      readLimits: () => Promise.resolve(x.DEFAULT_LIMITS),
      now: () => NOW.getTime(),
      readStore: () => Promise.resolve(store),
      readProjects: () => Promise.resolve([...projects]),
      readServiceClock: () => Promise.resolve(x.initialServiceClock()),
      readStatus: () =>
        Promise.resolve({
          ...x.initialSyncStatus(),
          schedule: { ...x.initialSyncStatus().schedule, lastSuccessAt: NOW.getTime() - 60_000 },
        }),
      writeStore: async (after, before, extra = {}) => {
        bytes += entriesBytes({ ...(await storeWrites(before, after)).set, ...extra });
        written = after;
        return after;
      },
    },
    fetched,
    projects,
    x.DEFAULT_SETTINGS,
  );
  const mergeMs = cpuMs(mergeStart);
  return { parseMs, mergeMs, bytes, added: result.added, held: [fetched, written] };
}

async function scenario(
  x: Extension,
  label: string,
  fresh: number,
  gc: () => void,
): Promise<Figure[]> {
  const lines = timelines(19, PROJECTS, RECORDS);
  const newIn = (i: number) => (i < NEW_PROJECTS ? fresh / NEW_PROJECTS : 0);
  // Each project synced up to its reply less the new ones: at the caps, with floors.
  const store = storeFrom(
    lines.map((line, i) => line.slice(0, RECORDS - newIn(i))),
    0.7,
  );
  const projects = x.decodeProjectList(
    Array.from({ length: PROJECTS }, (_, i) => numbersToStrings(projectAt(i))),
  ).items;

  const texts = lines.map((line) => JSON.stringify(numbersToStrings(line)));
  const textBytes = texts.reduce((sum, text) => sum + text.length, 0);
  const withTexts = heapAfterGc(gc);
  const parse: number[] = [];
  const merge: number[] = [];
  const total: number[] = [];
  let bytes = 0;
  let heldHeap = 0;
  // One poll in a scope of its own, so nothing of it outlives the call (the heap after it).
  const sample = async (timed: boolean, measureHeld: boolean) => {
    gc();
    const run = await poll(x, texts, projects, store);
    if (run.added !== fresh) throw new Error(`${label}: ${run.added} added, expected ${fresh}`);
    if (timed) {
      parse.push(run.parseMs);
      merge.push(run.mergeMs);
      total.push(run.parseMs + run.mergeMs);
    }
    bytes = run.bytes;
    // The run's results still held: the heap at the poll's end, before the worker lets go.
    if (measureHeld) heldHeap = heapAfterGc(gc) - withTexts;
  };
  for (let s = -WARMUP; s < SAMPLES; s++) await sample(s >= 0, s === SAMPLES - 1);
  // Nothing of the poll held any more: what it leaves behind.
  const afterHeap = heapAfterGc(gc) - withTexts;
  // The most a poll holds at once: the store as read at its start (a copy, as storage gives it)
  // and as many whole replies as are fetched at a time (poll-fetch.ts), parsed.
  const peak = (() => {
    const read = structuredClone(store);
    const replies = texts
      .slice(0, PROJECT_CONCURRENCY)
      .map((text) => x.mentionRecords(x.parseJsonReply(text, { secrets: [] })));
    const heap = heapAfterGc(gc) - withTexts;
    return read.syncedProjects.length + replies.length > 0 ? heap : 0;
  })();

  const figure = (what: string, samples: number[], extra: Partial<Figure> = {}): Figure => {
    const { median, spread } = summarize(samples);
    return { label: `${label}: ${what}`, unit: 'ms', value: median, spread, ...extra };
  };
  const cpuBudget = fresh === 0 ? { budget: 300 } : {};
  return [
    figure('CPU, parse + merge + diff', total, {
      ...cpuBudget,
      note: `${(textBytes / 1e6).toFixed(1)} MB of JSON in ${PROJECTS} replies`,
    }),
    figure('CPU, JSON text → records kept (JSON.parse, what is settled)', parse),
    figure('CPU, validate what is not settled, merge, diff', merge),
    {
      label: `${label}: heap after the poll`,
      unit: 'MB',
      value: mb(afterHeap),
      budget: 30,
      note: 'heapUsed after gc once the poll is over, beyond the runtime and the fixtures',
    },
    {
      label: `${label}: heap at most during the poll`,
      unit: 'MB',
      value: mb(peak),
      budget: 30,
      note: `the store as read and ${PROJECT_CONCURRENCY} whole replies parsed at once`,
    },
    {
      label: `${label}: heap held at the poll's end`,
      unit: 'MB',
      value: mb(heldHeap),
      note: 'what it kept of every reply and both stores still referenced, less the reply texts',
    },
    {
      label: `${label}: bytes written to storage.local`,
      unit: 'bytes',
      value: bytes,
      ...(fresh === 0 ? { budget: 0 } : {}),
    },
  ];
}

export async function run(): Promise<Figures> {
  const x = await extension();
  const gc = collector();
  const figures = [
    ...(await scenario(x, `${PROJECTS} × ${RECORDS.toLocaleString('en')}, nothing new`, 0, gc)),
    ...(await scenario(x, `${PROJECTS} × ${RECORDS.toLocaleString('en')}, 50 new`, 50, gc)),
  ];
  return {
    figures,
    parameters: {
      replies: `${PROJECTS} projects × ${RECORDS} records (a whole history), numbers as text (PHP), fake-service records`,
      store: `at the caps (5,000), floors set, 70% read; 50 new = ${NEW_EACH} in each of ${NEW_PROJECTS} projects`,
      'samples per figure': `${SAMPLES} polls after ${WARMUP} untimed`,
      heap: 'V8 heapUsed after a full gc (v8.setFlagsFromString --expose-gc when not given)',
    },
  };
}
