// The account a page's data belongs to travels with every command that touches that data: the one
// the page read, not the one stored now, so the background can refuse a page left on another
// account.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callBackground } from '@/lib/messaging/call-background';
import { sendMessage } from '@/lib/messaging/messenger';
import {
  showAccount,
  shownAccount,
  shownAccountVersion,
  watchShownAccount,
} from '@/lib/messaging/page-account';
import { accountFingerprint } from '@/lib/service/connection';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const send = vi.mocked(sendMessage) as unknown as ReturnType<typeof vi.fn>;
const A = { serviceUrl: 'https://a.example', apiKey: 'key-a' };
const B = { serviceUrl: 'https://b.example', apiKey: 'key-a' };

beforeEach(() => {
  send.mockReset();
  send.mockResolvedValue({ ok: true, value: null });
});

describe('the page’s account', () => {
  it('goes with the commands that touch the account’s data, and only with those', async () => {
    showAccount(A);
    const account = await accountFingerprint(A.serviceUrl, A.apiKey);
    await callBackground('markRead', { keys: [{ projectId: 1, id: 2 }] });
    await callBackground('mute', { kind: 'phrase', value: 'x', projectId: null });
    await callBackground('savePreferences', {
      pollIntervalMinutes: 15,
      notificationsEnabled: true,
    });
    await callBackground('pollNow', undefined);
    expect(send.mock.calls).toEqual([
      ['markRead', { keys: [{ projectId: 1, id: 2 }], account }],
      ['mute', { kind: 'phrase', value: 'x', projectId: null, account }],
      ['savePreferences', { pollIntervalMinutes: 15, notificationsEnabled: true }],
      ['pollNow', undefined],
    ]);
  });

  it('is the one a view names when it read its data for that one', async () => {
    showAccount(B);
    await callBackground('editProject', { projectId: 1, input: {} as never, account: 'f00d' });
    expect(send.mock.calls[0][1]).toMatchObject({ account: 'f00d' });
  });

  it('tells of a change of account once its fingerprint is known, and of nothing else', async () => {
    showAccount(A);
    const before = shownAccountVersion();
    const told = vi.fn();
    const stop = watchShownAccount(told);
    showAccount({ ...A });
    expect(shownAccountVersion()).toBe(before);
    showAccount(B);
    expect(shownAccountVersion()).toBe(before + 1);
    expect(await shownAccount()).toBe(await accountFingerprint(B.serviceUrl, B.apiKey));
    await vi.waitFor(() => expect(told).toHaveBeenCalledTimes(1));
    stop();
  });

  it('tells two accounts of one key apart by their address', async () => {
    expect(await accountFingerprint(A.serviceUrl, A.apiKey)).not.toBe(
      await accountFingerprint(B.serviceUrl, B.apiKey),
    );
    expect(await accountFingerprint(A.serviceUrl, ` ${A.apiKey}\n`)).toBe(
      await accountFingerprint(A.serviceUrl, A.apiKey),
    );
  });
});
