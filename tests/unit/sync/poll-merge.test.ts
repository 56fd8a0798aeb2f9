// When a poll's arrivals piled up while nobody was looking, and are summed up in one notification.
import { DEFAULT_LIMITS } from '@/lib/mentions/caps';
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { describe, expect, it } from 'vitest';
import type { ServiceProject } from '@/lib/projects/types';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import { mergeAndWrite } from '@/lib/sync/poll-merge';
import { initialSyncStatus } from '@/lib/sync/status';
import { initialServiceClock } from '@/lib/time/service-clock';
import { mention, serviceDate, stored, storeOf } from '../support/mention-factory';

const MIN = 60_000;
const NOW = 1_800_000_000_000;

/**
 * Whether a poll at `now` sums its arrivals up, seen where it shows: one new mention of a synced
 * project is announced by itself, unless the poll counts as piled up (then a summary, `mm:summary:`).
 */
async function piledUp(
  lastSuccessAt: number | null,
  now: number,
  settings: Settings,
): Promise<boolean> {
  const notifications = await pollNotifications(lastSuccessAt, now, settings);
  expect(notifications).toHaveLength(1);
  return notifications[0].id.startsWith('mm:summary:');
}

/** What a poll at `now` that brings one new mention of a synced project raises. */
async function pollNotifications(
  lastSuccessAt: number | null,
  now: number,
  settings: Settings,
  account: { account: string; accountName?(): Promise<string | undefined> } = {
    account: FIRST_ACCOUNT,
  },
) {
  const project = { project_id: 1, name: 'Acme', browser_notification: 1 } as ServiceProject;
  const before = storeOf(stored({ id: 1, project_id: 1, addedAt: now - 60 * MIN }));
  const status = initialSyncStatus();
  const deps = {
    ...account,
    readLimits: async () => DEFAULT_LIMITS,
    readStore: async () => before,
    writeStore: async (store: typeof before) => store,
    readProjects: async () => [project],
    readServiceClock: async () => initialServiceClock(),
    readStatus: async () => ({ ...status, schedule: { ...status.schedule, lastSuccessAt } }),
    now: () => now,
  };
  const fresh = mention({ id: 2, project_id: 1, date_added: serviceDate(now - MIN) });
  const { notifications } = await mergeAndWrite(deps, [{ project, records: [fresh] }], [project], {
    ...settings,
    notificationsEnabled: true,
  });
  return notifications;
}

describe('piledUp', () => {
  it('after a browser start: no success known', async () => {
    expect(await piledUp(null, NOW, DEFAULT_SETTINGS)).toBe(true);
  });

  it('after more than three intervals and half an hour', async () => {
    const every5 = { ...DEFAULT_SETTINGS, pollIntervalMinutes: 5 };
    expect(await piledUp(NOW - 30 * MIN, NOW, every5)).toBe(false);
    expect(await piledUp(NOW - 31 * MIN, NOW, every5)).toBe(true);
    const every60 = { ...DEFAULT_SETTINGS, pollIntervalMinutes: 60 };
    expect(await piledUp(NOW - 179 * MIN, NOW, every60)).toBe(false);
    expect(await piledUp(NOW - 181 * MIN, NOW, every60)).toBe(true);
  });
});

describe('the account it notifies of', () => {
  it('names one of several in its notifications, as it was given', async () => {
    const [named] = await pollNotifications(NOW - MIN, NOW, DEFAULT_SETTINGS, {
      account: '2',
      accountName: async () => 'Client B',
    });
    expect(named).toMatchObject({
      id: 'mm2:mention:1:2',
      title: 'Client B · 1 new mention in Acme',
    });
  });

  it('names none when the account is the only one', async () => {
    const [plain] = await pollNotifications(NOW - MIN, NOW, DEFAULT_SETTINGS, {
      account: FIRST_ACCOUNT,
      accountName: async () => undefined,
    });
    expect(plain).toMatchObject({ id: 'mm:mention:1:2', title: '1 new mention in Acme' });
  });
});
