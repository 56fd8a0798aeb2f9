// Several accounts over random sessions, through the real listeners against two fake services
// (seeded apart, so the same project and mention ids are other mentions on each): polls of any
// account interleaved with adds, removals, key changes and "Mark all read". Nothing may cross
// accounts: every stored mention is one its own account's service lists for its key, a "Mark all
// read" of one account changes no read mark of another, and every call carries a token its
// service issued for a key an account holds.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountPrefix, listAccounts } from '@/lib/accounts/accounts';
import { readMentionStore } from '@/lib/mentions/mention-storage';
import { keyString, type MentionStore } from '@/lib/mentions/store';
import { readSettings, sessionTokenItem } from '@/lib/storage/items';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { POLL_ALARM, useBackground } from '../../support/background';
import { stubMissingBrowserApis } from '../../support/background-environment';

const h = useBackground();
let other: FakeService;
beforeAll(async () => {
  other = await startFakeService({ port: 0, host: 'localhost', seed: 2 });
});
afterAll(async () => {
  await other.close();
});

const SECOND_KEY = 'second-key-0123456789';

type Op =
  | { kind: 'add'; service: number; key: number }
  | { kind: 'poll'; slot: number; adds: number }
  | { kind: 'remove'; slot: number }
  | { kind: 'changeKey'; slot: number }
  | { kind: 'markAllRead'; slot: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), service: fc.nat(1), key: fc.nat(1) }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('poll' as const),
      slot: fc.nat(3),
      adds: fc.nat(2),
    }),
  },
  fc.record({ kind: fc.constant('remove' as const), slot: fc.nat(3) }),
  fc.record({ kind: fc.constant('changeKey' as const), slot: fc.nat(3) }),
  fc.record({ kind: fc.constant('markAllRead' as const), slot: fc.nat(3) }),
);

interface Call {
  service: FakeService;
  /** The key a login sent, or the key the service issued the call's token for. */
  key: string | undefined;
}

function readKeys(store: MentionStore): string[] {
  return Object.values(store.byProject)
    .flat()
    .filter((m) => m.read)
    .map((m) => keyString({ projectId: m.project_id, id: m.id }))
    .sort();
}

it('never lets a mention, a read mark or a token cross accounts', async () => {
  const services = () => [h.fake, other];
  const keysOf = (service: FakeService) => [service.apiKey, SECOND_KEY];
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
      fakeBrowser.reset();
      stubMissingBrowserApis();
      for (const service of services()) {
        service.reset();
        service.addAccount(SECOND_KEY, { seedData: true });
      }
      const calls: Call[] = [];
      const network = vi.mocked(fetch).getMockImplementation()!;
      vi.mocked(fetch).mockImplementation(async (input, init) => {
        const url = new URL(String(input));
        const service = services().find((s) => new URL(s.url).origin === url.origin)!;
        const token = url.searchParams.get('token');
        calls.push({
          service,
          key: url.pathname.endsWith('/login.php')
            ? (new URLSearchParams(String(init?.body ?? '')).get('key') ?? undefined)
            : token === null
              ? undefined
              : service.accountOfToken(token),
        });
        return network(input, init);
      });
      await h.start();
      await h.connect();
      // Two accounts from the start; the steps add, change and remove more.
      await h.send('addAccount', { serviceUrl: other.url, apiKey: other.apiKey });
      await h.idle();

      for (const op of ops) {
        const accounts = listAccounts(await readSettings());
        const slot = op.kind === 'add' ? 0 : op.slot;
        const target = accounts.length > 0 ? accounts[slot % accounts.length] : undefined;
        const readBefore = new Map(
          await Promise.all(
            accounts.map(async (a) => [a.id, readKeys(await readMentionStore(a.id))] as const),
          ),
        );
        const callsBefore = calls.length;
        switch (op.kind) {
          case 'add': {
            const service = services()[op.service];
            await h.send('addAccount', {
              serviceUrl: service.url,
              apiKey: keysOf(service)[op.key],
            });
            break;
          }
          case 'poll': {
            if (!target) break;
            const service = services().find((s) => s.url === target.serviceUrl)!;
            const projects = service.projects(target.apiKey);
            if (op.adds > 0) service.addMentions(projects[0].project_id, op.adds);
            const name = `${accountPrefix(target.id)}${POLL_ALARM}`;
            const alarm = await fakeBrowser.alarms.get(name);
            if (alarm) {
              await fakeBrowser.alarms.clear(name);
              await fakeBrowser.alarms.onAlarm.trigger(alarm);
            }
            break;
          }
          case 'remove':
            if (target) await h.send('disconnect', { accountId: target.id });
            break;
          case 'changeKey': {
            if (!target) break;
            const service = services().find((s) => s.url === target.serviceUrl)!;
            const next = keysOf(service).find((key) => key !== target.apiKey)!;
            await h.send('saveConnection', {
              serviceUrl: service.url,
              apiKey: next,
              accountId: target.id,
            });
            break;
          }
          case 'markAllRead':
            if (target) await h.send('markAllRead', { accountId: target.id });
            break;
        }
        await h.idle();

        const now = listAccounts(await readSettings());
        // One account per key at one address.
        const pairs = now.map((a) => `${a.serviceUrl} ${a.apiKey}`);
        expect(new Set(pairs).size).toBe(pairs.length);
        for (const account of now) {
          const service = services().find((s) => s.url === account.serviceUrl)!;
          const store = await readMentionStore(account.id);
          // Every stored mention is one this account's service lists for this account's key.
          const listed = new Set(service.projects(account.apiKey).map((p) => p.project_id));
          for (const [projectId, mentions] of Object.entries(store.byProject)) {
            expect(listed.has(Number(projectId))).toBe(true);
            const served = new Map(service.mentions(Number(projectId)).map((m) => [m.id, m]));
            for (const mention of mentions) {
              expect(served.get(mention.id)?.url).toBe(mention.url);
            }
          }
          // Its session token is one its own service issued for its own key.
          const token = await sessionTokenItem(account.id).read();
          if (token) {
            expect(token.origin).toBe(account.serviceUrl);
            expect(service.accountOfToken(token.token)).toBe(account.apiKey);
          }
          // A "Mark all read" reads all of its own account's, and no read mark of another's.
          if (op.kind === 'markAllRead' && target?.id === account.id) {
            expect(
              Object.values(store.byProject)
                .flat()
                .every((m) => m.read),
            ).toBe(true);
          } else if (op.kind === 'markAllRead') {
            expect(readKeys(store)).toEqual(readBefore.get(account.id));
          }
        }
        // Every call carries a key some account holds at that service, or held when the step
        // began (a removal's last word); none after its removal.
        const held = (list: typeof now) => new Set(list.map((a) => `${a.serviceUrl} ${a.apiKey}`));
        const before = held(accounts);
        const after = held(now);
        for (const call of calls.slice(callsBefore)) {
          expect(call.key).toBeDefined();
          const pair = `${call.service.url} ${call.key}`;
          expect(before.has(pair) || after.has(pair)).toBe(true);
          if (op.kind === 'remove' || op.kind === 'changeKey') {
            expect(after.has(pair) || !before.has(pair)).toBe(true);
          }
        }
      }
    }),
    { numRuns: 12 },
  );
}, 300_000);
