import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
// Two fake services and the session under test for the session's account tests
// (sync/session.account.test.ts, sync/session.calls.test.ts). useTwoAccounts() starts the services
// for the file and, before each test, resets them, adds a second account (KEY_B) to `fake` and
// sets fresh `settings` and `traffic`. Those are live bindings: a test reads the current ones, and
// changes settings in place (settings.apiKey = ...) or with changeSettings.

import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createServiceClient, type ServiceClient } from '@/lib/service/client';
import { DEFAULT_QUIET_HOURS } from '@/lib/settings/quiet-hours';
import type { Settings } from '@/lib/settings/settings';
import { createSession } from '@/lib/sync/session';

type SessionDeps = Parameters<typeof createSession>[0];
import { startFakeService, type FakeService } from '../../fake-service/server';

export const KEY_B = 'key-B-0123456789abcdef';

export let fake: FakeService;
export let other: FakeService;

/** Every request the session's clients sent, and every token a login answered with. */
export interface Traffic {
  sent: { url: URL; token: string | null }[];
  issued: string[];
}

export let settings: Settings;
export let traffic: Traffic;

/** Registers the file's hooks: the two services for the file, a fresh state before each test. */
export function useTwoAccounts(): void {
  beforeAll(async () => {
    [fake, other] = await Promise.all([
      startFakeService({ seed: 3 }),
      startFakeService({ seed: 4 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([fake.close(), other.close()]);
  });
  beforeEach(() => {
    fakeBrowser.reset();
    fake.reset();
    other.reset();
    fake.addAccount(KEY_B, { seedData: true });
    settings = {
      serviceUrl: fake.url,
      apiKey: fake.apiKey,
      label: '',
      accounts: [],
      pollIntervalMinutes: 5,
      notificationsEnabled: true,
      openInBackground: false,
      quietHours: DEFAULT_QUIET_HOURS,
    };
    traffic = { sent: [], issued: [] };
  });
}

/** Replaces the settings with a copy that has `changes`. */
export function changeSettings(changes: Partial<Settings>): void {
  settings = { ...settings, ...changes };
}

async function recordingFetch(input: string, init: RequestInit): Promise<Response> {
  const url = new URL(input);
  traffic.sent.push({ url, token: url.searchParams.get('token') });
  const response = await fetch(input, init);
  if (url.pathname.endsWith('/login.php') && response.ok) {
    const { token } = (await response.clone().json()) as { token: string };
    traffic.issued.push(token);
  }
  return response;
}

export function makeSession(overrides: Partial<SessionDeps> = {}) {
  return createSession({
    account: FIRST_ACCOUNT,
    readSettings: async () => ({ ...settings }),
    makeClient: (origin, options) =>
      createServiceClient({ baseUrl: origin, fetch: recordingFetch, secrets: options?.secrets }),
    ...overrides,
  });
}

export const listProjects = (client: ServiceClient, token: string) => client.listProjects(token);

/** Resolves once a login request has reached `service` (it is logged on arrival). */
export async function loginArrived(service: FakeService): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!service.log.some((entry) => entry.func === 'login')) {
    if (Date.now() > deadline) throw new Error('no login arrived');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The tokens calls (not logins) carried, in order. */
export const callTokens = () => traffic.sent.filter((r) => r.token !== null).map((r) => r.token);
