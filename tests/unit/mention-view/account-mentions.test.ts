// Mentions of several accounts in one page (lib/mention-view/account-mentions.ts): keys that tell
// two accounts' equal ids apart, one list merged from each account's own that never moves when the
// stores take over from the previews, and commands that each go to the account of their mentions
// with that account's fingerprint, whatever the mix.
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sendPerAccount } from '@/lib/mention-view/actions';
import {
  keysByAccount,
  mentionAccount,
  mergedMentions,
  pageKey,
  previewOfAccount,
  storeOfAccount,
} from '@/lib/mention-view/account-mentions';
import { currentMentions, listedMentions } from '@/lib/mention-view/lists';
import { DEFAULT_FILTER } from '@/lib/mention-view/view-model';
import { previewOf } from '@/lib/mentions/preview';
import { keyOf, keyString, type MentionKey, type StoredMention } from '@/lib/mentions/store';
import { sendMessage } from '@/lib/messaging/messenger';
import { showAccounts } from '@/lib/messaging/page-account';
import { accountFingerprint } from '@/lib/service/connection';
import { stored, storeOf } from '../support/mention-factory';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const send = vi.mocked(sendMessage) as unknown as ReturnType<typeof vi.fn>;
const ACCOUNTS = [
  { id: '1', serviceUrl: 'https://one.example', apiKey: 'key-one' },
  { id: '2', serviceUrl: 'https://two.example', apiKey: 'key-two' },
];
const T0 = Date.UTC(2024, 5, 15, 12);

beforeEach(() => {
  send.mockReset();
  send.mockResolvedValue({ ok: true, value: null });
});

/** A mention of `account` (project 1 or 2, ids that both accounts use). */
function of(account: string, id: number, project: number, read = false): StoredMention {
  const [mention] = storeOfAccount(
    storeOf(stored({ id, project_id: project, read, addedAt: T0 - id * 60_000 })),
    account,
  ).byProject[project];
  return mention;
}

describe('a mention’s key in the page', () => {
  it('is its plain key in the first account, and names any other account', () => {
    expect(pageKey(of('1', 5, 1))).toBe(keyString({ projectId: 1, id: 5 }));
    expect(pageKey(of('2', 5, 1))).not.toBe(pageKey(of('1', 5, 1)));
    expect(pageKey(of('3', 5, 1))).not.toBe(pageKey(of('2', 5, 1)));
  });
});

describe('commands for a mix of accounts’ mentions', () => {
  it('groups the keys per account, in the order of the mentions', () => {
    const mix = [of('2', 1, 1), of('1', 1, 1), of('2', 3, 2), of('1', 2, 1)];
    expect([...keysByAccount(mix)]).toEqual([
      [
        '2',
        [
          { projectId: 1, id: 1 },
          { projectId: 2, id: 3 },
        ],
      ],
      [
        '1',
        [
          { projectId: 1, id: 1 },
          { projectId: 1, id: 2 },
        ],
      ],
    ]);
  });

  it('never carry one account’s key under the other’s account id or fingerprint', async () => {
    showAccounts(ACCOUNTS);
    const fingerprints = new Map(
      await Promise.all(
        ACCOUNTS.map(
          async (account) =>
            [account.id, await accountFingerprint(account.serviceUrl, account.apiKey)] as const,
        ),
      ),
    );
    const mention = fc
      .record({
        account: fc.constantFrom('1', '2'),
        id: fc.integer({ min: 1, max: 6 }),
        project: fc.integer({ min: 1, max: 2 }),
      })
      .map(({ account, id, project }) => of(account, id, project));
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(mention, { selector: pageKey, maxLength: 12 }),
        fc.constantFrom('markRead' as const, 'markUnread' as const),
        async (mix, type) => {
          send.mockClear();
          expect(await sendPerAccount(type, mix, () => undefined)).toBe(true);
          const sent = new Map<string, MentionKey[]>();
          for (const [command, data] of send.mock.calls as [string, Record<string, unknown>][]) {
            expect(command).toBe(type);
            const account = (data.accountId as string | undefined) ?? '1';
            // One command per account, with that account's fingerprint.
            expect(sent.has(account)).toBe(false);
            expect(data.account).toBe(fingerprints.get(account));
            sent.set(account, data.keys as MentionKey[]);
          }
          for (const { id } of ACCOUNTS) {
            const own = mix.filter((m) => mentionAccount(m) === id);
            const mine = own.length === 0 ? undefined : own.map(keyOf);
            expect(sent.get(id)).toEqual(mine);
          }
        },
      ),
    );
  });
});

describe('the accounts’ mentions as one list', () => {
  it('shows rows from the previews that stay where they are once the stores are read', () => {
    const account = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 400 }),
        project: fc.integer({ min: 1, max: 2 }),
        read: fc.boolean(),
      }),
      { maxLength: 120 },
    );
    fc.assert(
      fc.property(account, account, (first, second) => {
        const stores = [first, second].map((list, index) =>
          storeOfAccount(
            storeOf(
              ...[...new Map(list.map((m) => [`${m.project}:${m.id}`, m])).values()].map((m) =>
                stored({
                  id: m.id,
                  project_id: m.project,
                  read: m.read,
                  addedAt: T0 - m.id * 1000,
                }),
              ),
            ),
            ACCOUNTS[index].id,
          ),
        );
        const rules = { revealedAt: Number.MAX_SAFE_INTEGER, keep: new Set<string>() };
        const whole = mergedMentions(stores.map((store) => currentMentions(store, null)!));
        const early = mergedMentions(
          stores.map((store, index) =>
            currentMentions(null, previewOfAccount(previewOf(store), ACCOUNTS[index].id))!,
          ),
        );
        const rows = (from: typeof whole) =>
          listedMentions(from, DEFAULT_FILTER, rules).shown.map(pageKey);
        expect(rows(whole).slice(0, rows(early).length)).toEqual(rows(early));
        expect(early.unread).toBe(whole.unread);
        expect(early.total).toBe(whole.total);
      }),
    );
  });
});
