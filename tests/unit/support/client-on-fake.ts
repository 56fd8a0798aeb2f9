// The client against the fake service over real HTTP, for the client.fake*.test.ts files.
// useClientOnFake() starts a fake for the file and, before each test, resets it, logs a fresh
// client in (token) and clears the fake's log. fake, client, token and projectId (the first
// project's) are live bindings: a test reads the current ones.

import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ProjectInput } from '@/lib/projects/types';
import { createServiceClient, type ServiceClient } from '@/lib/service/client';
import { startFakeService, type FakeService } from '../../fake-service/server';

export let fake: FakeService;
export let client: ServiceClient;
export let token: string;
export let projectId: number;

export const FORM = 'application/x-www-form-urlencoded';

export const COMPETITOR: ProjectInput = {
  name: 'Rival watch',
  type: 'competitiveMonitoring',
  language: 'en,de',
  source: ['twitter', 'reddit', 'web'],
  location: 'us,de',
  email_notification: 0,
  browser_notification: 1,
  fields: {
    competitor_url: 'rival.test',
    competitior_name: 'Rival\nRival Bikes',
    competitior_excluded_keywords: 'jobs',
    // Another type's field, as left over by a form that switched type: never sent.
    brand_name: 'Acme',
  },
};

/** Registers the file's hooks: the fake for the file, a fresh login before each test. */
export function useClientOnFake(): void {
  beforeAll(async () => {
    fake = await startFakeService({ seed: 7 });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    fake.reset();
    client = createServiceClient({ baseUrl: fake.url });
    token = await client.login(fake.apiKey);
    projectId = fake.projects()[0].project_id;
    fake.clearLog();
  });
}

/** What no error message may contain: the key and the token. */
export const secrets = () => [fake.apiKey, token];
