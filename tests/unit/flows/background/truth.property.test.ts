// The truth over random sessions, through the real listeners against the fake service: polls whose
// project lists drop a project, shrink to nothing, carry records that do not decode and come back,
// interleaved with reads, "Mark all read", key changes and Disconnect, some of them while a poll or
// a login is under way. Three figures must stay 0: read marks lost (a mention read under the
// current account that is gone or unread), read marks resurrected as new (notified again), and
// calls started with a key the user has replaced or removed.
import fc from 'fast-check';
import { expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keyString, type MentionStore } from '@/lib/mentions/store';
import { readSettings } from '@/lib/storage/items';
import { useBackground } from '../../support/background';

const h = useBackground();
const SECOND_KEY = 'second-account-key-0123456789';

type ListShape = 'whole' | 'empty' | 'shrunk' | 'undecodable';
type Op =
  | { kind: 'poll'; list: ListShape; project: number; adds: number; gapMinutes: number }
  | { kind: 'markRead'; picks: number[] }
  | { kind: 'markAllRead' }
  | { kind: 'switchKey'; during: 'nothing' | 'poll' }
  | { kind: 'disconnect'; during: 'nothing' | 'poll' | 'login' }
  | { kind: 'reconnect' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('poll' as const),
      list: fc.constantFrom<ListShape>('whole', 'empty', 'shrunk', 'undecodable'),
      project: fc.nat({ max: 5 }),
      adds: fc.nat({ max: 3 }),
      gapMinutes: fc.constantFrom(5, 30, 70),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('markRead' as const),
      picks: fc.array(fc.nat(), { maxLength: 6 }),
    }),
  },
  fc.record({ kind: fc.constant('markAllRead' as const) }),
  fc.record({
    kind: fc.constant('switchKey' as const),
    during: fc.constantFrom('nothing' as const, 'poll' as const),
  }),
  fc.record({
    kind: fc.constant('disconnect' as const),
    during: fc.constantFrom('nothing' as const, 'poll' as const, 'login' as const),
  }),
  fc.record({ kind: fc.constant('reconnect' as const) }),
);

interface Call {
  func: string | null;
  /** The key a login sent, or the account of the token a call carried. */
  key: string | undefined;
}

function readKeys(store: MentionStore): Set<string> {
  const keys = new Set<string>();
  for (const list of Object.values(store.byProject)) {
    for (const m of list) if (m.read) keys.add(keyString({ projectId: m.project_id, id: m.id }));
  }
  return keys;
}

it('loses no read mark, resurrects none, and never calls with a replaced or removed key', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
      fakeBrowser.reset();
      h.fake.reset();
      h.fake.addAccount(SECOND_KEY, { seedData: true });
      const notified: string[] = [];
      vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (id: unknown) => {
        notified.push(String(id));
        return String(id);
      }) as never);
      // Every call as it starts (before any held request is let go), with the key it carries.
      const calls: Call[] = [];
      const network = vi.mocked(fetch).getMockImplementation()!;
      vi.mocked(fetch).mockImplementation(async (input, init) => {
        const url = new URL(String(input));
        const login = url.pathname.endsWith('/login.php');
        const token = url.searchParams.get('token');
        calls.push({
          func: login ? 'login' : url.searchParams.get('func'),
          key: login
            ? (new URLSearchParams(String(init?.body ?? '')).get('key') ?? undefined)
            : token === null
              ? undefined
              : h.fake.accountOfToken(token),
        });
        return network(input, init);
      });

      await h.start();
      await h.connect();
      /** The account the user last chose ('' once disconnected), and what they read under it. */
      let key = h.fake.apiKey;
      let read = readKeys(await h.store());
      /** Calls started before this index were made before the user's last account change. */
      let changedAt = calls.length;
      /**
       * Complete lists in a row that left each project out, and since when: a project they have
       * left out three times over an hour may go (lib/sync/project-roster.ts), and the read marks
       * of a project that went are no longer the extension's to keep.
       */
      const omitted = new Map<number, { polls: number; since: number }>();

      async function heldPoll() {
        const gate = h.hold('getMentions');
        await h.fireAlarmWithoutWaiting();
        await h.until(() => gate.waiting > 0, 'the poll to fetch mentions');
        return gate;
      }

      async function changeAccount(next: string, send: () => Promise<unknown>, during: string) {
        let gate: ReturnType<typeof h.hold> | undefined;
        let pending: Promise<unknown> | undefined;
        if (during === 'poll' && key !== '') gate = await heldPoll();
        if (during === 'login') {
          // "Save and connect" with the other key, and the change made while its login runs.
          gate = h.hold('login');
          pending = h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: SECOND_KEY });
          await h.until(() => gate!.waiting > 0, 'the login to start');
        }
        await send();
        key = next;
        changedAt = calls.length;
        read = new Set();
        omitted.clear();
        gate?.release();
        await pending;
        await h.idle();
      }

      for (const op of ops) {
        // What was read before this step: a notification the step raises for one is a mark
        // resurrected as new.
        const readBefore = new Set(read);
        const notifiedBefore = notified.length;
        const keyBefore = key;
        switch (op.kind) {
          case 'poll': {
            if (key === '') break;
            const projects = h.fake.projects(key);
            const target = projects[op.project % projects.length];
            if (op.list === 'empty') h.fake.setFault('shrunkList', { count: 1 });
            if (op.list === 'shrunk' || op.list === 'undecodable') {
              h.fake.setFault('shrunkList', { count: 1, projectId: target.project_id });
            }
            if (op.list === 'undecodable') {
              h.fake.setFault('badRecords', { count: 1, func: 'listProjects' });
            }
            if (op.adds > 0) h.fake.addMentions(target.project_id, op.adds);
            h.clockOffsetMs += op.gapMinutes * 60_000;
            const alarm = await h.alarmTime();
            if (alarm !== undefined && alarm > Date.now()) h.clockOffsetMs += alarm - Date.now();
            const now = Date.now();
            for (const p of projects) {
              const left = op.list === 'empty' || (op.list !== 'whole' && p === target);
              if (!left) {
                omitted.delete(p.project_id);
                continue;
              }
              const was = omitted.get(p.project_id) ?? { polls: 0, since: now };
              const next = {
                polls: was.polls + (op.list === 'undecodable' ? 0 : 1),
                since: was.since,
              };
              omitted.set(p.project_id, next);
              if (next.polls >= 3 && now - next.since >= 60 * 60_000) {
                for (const k of [...read]) if (k.startsWith(`${p.project_id}:`)) read.delete(k);
              }
            }
            await h.fireAlarm();
            h.fake.clearFaults();
            break;
          }
          case 'markRead': {
            const all = Object.values((await h.store()).byProject).flat();
            if (all.length === 0) break;
            const keys = op.picks.map((i) => ({
              projectId: all[i % all.length].project_id,
              id: all[i % all.length].id,
            }));
            await h.send('markRead', { keys });
            for (const k of keys) read.add(keyString(k));
            break;
          }
          case 'markAllRead':
            await h.send('markAllRead', {});
            read = new Set([...read, ...readKeys(await h.store())]);
            break;
          case 'switchKey': {
            const next = key === SECOND_KEY ? h.fake.apiKey : SECOND_KEY;
            await changeAccount(
              next,
              () => h.send('saveConnection', { serviceUrl: h.fake.url, apiKey: next }),
              op.during,
            );
            break;
          }
          case 'disconnect':
            await changeAccount('', () => h.send('disconnect', {}), op.during);
            break;
          case 'reconnect':
            if (key !== '') break;
            await changeAccount(h.fake.apiKey, () => h.connect(), 'nothing');
            break;
        }
        await h.idle();

        // What the user chose is what the extension holds.
        expect((await readSettings()).apiKey).toBe(key);
        const store = await h.store();
        const readNow = readKeys(store);
        const stored = new Set(
          Object.values(store.byProject)
            .flat()
            .map((m) => keyString({ projectId: m.project_id, id: m.id })),
        );
        const lost = [...read].filter((k) => !readNow.has(k));
        const resurrected = notified.slice(notifiedBefore).filter((id) => {
          const [, kind, projectId, mentionId] = id.split(':');
          // Under another account, the same ids are other mentions.
          const same = key === keyBefore;
          return same && kind === 'mention' && readBefore.has(`${projectId}:${mentionId}`);
        });
        const stale = calls.slice(changedAt).filter((call) => call.key !== key);
        expect({ lost, resurrected, stale }).toEqual({ lost: [], resurrected: [], stale: [] });
        if (key === '') expect(stored.size).toBe(0);
      }
    }),
    { numRuns: 15 },
  );
}, 240_000);
