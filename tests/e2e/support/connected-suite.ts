// The start most Chromium suites share: one browser with the extension connected to a fake service
// of its own, the seeded Acme project at hand, and nothing unread, so each step sees exactly what
// it adds. The fields are set before the suite's first test (beforeAll); the browser and the
// service are closed after its last.
import { afterAll, beforeAll } from 'vitest';
import { startFakeService, type FakeProject, type FakeService } from '../../fake-service/server';
import { launchWithExtension, type ExtensionBrowser } from './chromium';
import { ExtensionPage } from './extension-page';

export interface ConnectedSuite {
  svc: FakeService;
  browser: ExtensionBrowser;
  /** The quiet extension page commands and storage reads go through. */
  ext: ExtensionPage;
  acme: FakeProject;
  /** A poll, finished: what the fake service holds now is stored (and notified). */
  poll(): Promise<void>;
}

export function connectedSuite(): ConnectedSuite {
  const suite = {
    async poll() {
      const since = Date.now();
      await suite.ext.ok('pollNow');
      await suite.ext.waitForPoll(since);
    },
  } as ConnectedSuite;
  beforeAll(async () => {
    suite.svc = await startFakeService({ port: 0 });
    suite.browser = await launchWithExtension();
    suite.ext = await ExtensionPage.open(suite.browser);
    await suite.ext.configure(suite.svc.url, suite.svc.apiKey);
    suite.acme = suite.svc.projects().find((p) => p.name === 'Acme')!;
    await suite.ext.ok('markAllRead', {});
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.svc?.close();
  });
  return suite;
}
