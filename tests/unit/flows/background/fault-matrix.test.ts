// The failure model, row by row (docs/failure-model.md, "The fault matrix"): each fault of a real
// PHP back end is switched on while mentions arrive, then off, and the real background (listeners,
// storage, alarms) polls until it has recovered by itself. Whatever the fault, three figures must be
// 0: mentions lost (on the service, not stored), read states lost (read before, unread or gone
// after), and notifications shown twice. The figures are printed so a run shows them per fault.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keyString, type MentionStore } from '@/lib/mentions/store';
import { KEY_RETRY_MS } from '../../support/limits';
import { useBackground } from '../../support/background';

const h = useBackground();
const HOUR = 60 * 60_000;

interface Row {
  fault: string;
  /** Switches the fault on (and says how the background meets it). */
  on(): void | Promise<void>;
  /** Polls while it is on (the alarm, a "refresh", a worker restart...). */
  during?(): Promise<void>;
}

const ROWS: Row[] = [
  { fault: 'HTTP 500 with an HTML page, three polls', on: () => h.fake.setFault('html500') },
  {
    fault: 'HTTP 503 "Session store unavailable, please log in again later"',
    on: () => h.fake.setFault('unavailable'),
  },
  {
    fault: 'HTTP 429 with Retry-After',
    on: () => h.fake.setFault('rateLimit', { retryAfter: '120' }),
  },
  {
    fault: 'malformed JSON (a reply cut short)',
    on: () => h.fake.setFault('malformedJson', { func: 'getMentions' }),
  },
  { fault: 'a 2xx reply carrying an error', on: () => h.fake.setFault('errorAs200') },
  { fault: 'records that do not parse among good ones', on: () => h.fake.setFault('badRecords') },
  {
    fault: 'the project list answered with `200 []` (a lost database connection), three polls',
    on: () => h.fake.setFault('shrunkList'),
  },
  { fault: 'numbers sent as strings', on: () => h.fake.setFault('numbersAsStrings') },
  {
    fault: 'token expired',
    on: () => h.fake.expireTokens(),
  },
  {
    fault: 'the key rejected (the login refused), then accepted again',
    on: () => {
      h.fake.expireTokens();
      h.fake.setFault('rejectToken', { func: 'login' });
    },
    async during() {
      await h.fireAlarm();
      // The retry comes by itself hours later.
      h.clockOffsetMs += KEY_RETRY_MS * 2;
    },
  },
  {
    fault: 'one project refused (HTTP 403)',
    on: () => h.fake.setFault('forbidden', { projectId: h.fake.projects()[1].project_id }),
  },
  {
    fault: 'the worker stopped in the middle of a poll',
    on: () => {},
    async during() {
      const gate = h.hold('getMentions', h.fake.projects()[0].project_id);
      await h.fireAlarmWithoutWaiting();
      await h.until(() => gate.waiting > 0, 'the held request');
      gate.abandon();
      await h.restartWorker();
      // The lease of the stopped poll runs out; its alarm starts the next one.
      h.clockOffsetMs += HOUR;
    },
  },
  {
    fault: 'the browser restarted (session storage and token gone)',
    on: () => {},
    async during() {
      await h.restartBrowser();
    },
  },
];

/** Every mention the service holds, as store keys (the seed stays far below the caps). */
function onService(): string[] {
  return h.fake
    .projects()
    .flatMap((p) => h.fake.mentions(p.project_id))
    .map((m) => keyString({ projectId: m.project_id, id: m.id }));
}

function readKeys(store: MentionStore): Set<string> {
  return new Set(
    Object.values(store.byProject)
      .flat()
      .filter((m) => m.read)
      .map((m) => keyString({ projectId: m.project_id, id: m.id })),
  );
}

const figures: string[] = [];
afterAll(() => {
  console.log(`\nFault matrix (lost mentions, lost read states, notifications shown twice):`);
  for (const line of figures) console.log(`  ${line}`);
});

describe('the failure model', () => {
  it.each(ROWS.map((row) => [row.fault, row] as const))(
    '%s: nothing lost, nothing doubled',
    async (_name, row) => {
      const created: string[] = [];
      vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: unknown) => {
        created.push(String(id));
        return String(id);
      }) as never);
      await h.start();
      await h.connect();
      // The user has read half of what is there.
      const first = await h.store();
      const half = Object.values(first.byProject)
        .flat()
        .filter((_m, i) => i % 2 === 0)
        .map((m) => ({ projectId: m.project_id, id: m.id }));
      await h.send('markRead', { keys: half });
      const readBefore = readKeys(await h.store());
      created.length = 0;

      await row.on();
      for (const p of h.fake.projects()) h.fake.addMentions(p.project_id, 2);
      if (row.during) await row.during();
      else for (let i = 0; i < 3; i++) await h.fireAlarm();

      h.fake.clearFaults();
      // Recovery by itself: the pending alarm (its time come, as the clock moves on) until a poll
      // made after the fault succeeds for every project.
      const clearedAt = Date.now();
      for (let i = 0; ; i++) {
        const status = await h.status();
        const recovered =
          (status.schedule.lastSuccessAt ?? 0) >= clearedAt &&
          status.lastError === null &&
          Object.keys(status.projectErrors).length === 0;
        if (recovered) break;
        if (i === 8) throw new Error(`no recovery: ${JSON.stringify(status)}`);
        const due = await h.alarmTime();
        if (due !== undefined && due > Date.now()) h.clockOffsetMs += due - Date.now();
        await h.fireAlarm();
      }

      const store = await h.store();
      const stored = new Set(
        Object.values(store.byProject)
          .flat()
          .map((m) => keyString({ projectId: m.project_id, id: m.id })),
      );
      const lost = onService().filter((key) => !stored.has(key)).length;
      const readNow = readKeys(store);
      const readLost = [...readBefore].filter((key) => !readNow.has(key)).length;
      const twice = created.length - new Set(created).size;
      figures.push(`${row.fault}: ${lost}, ${readLost}, ${twice}`);

      expect({ lost, readLost, twice }).toEqual({ lost: 0, readLost: 0, twice: 0 });
      // And the news did arrive: every new mention is stored unread, and polling goes on.
      expect(await h.alarmTime()).toBeTypeOf('number');
      expect((await h.status()).keyRejected).toBe(false);
    },
  );
});
