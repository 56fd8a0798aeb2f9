// Back to a freshly installed extension between tests, without relaunching the browser.
import type { ExtensionPage } from './extension-page';
import { stopServiceWorker, workerIsRunning } from './worker';

/**
 * Back to a freshly installed extension without relaunching the browser (a launch costs
 * seconds): the worker stopped, so its memory is gone; storage, alarms, notifications and the
 * badge cleared; then the worker woken and its start-up awaited (badge recomputed, alarm
 * re-created). The status says the next poll is an hour away, so the start-up begins no poll of
 * its own (not-configured) for the test's first command to join.
 */
export async function resetExtension(ext: ExtensionPage, extensionId: string): Promise<void> {
  const page = ext.page;
  await stopServiceWorker(page, extensionId);
  // Storage changes wake a stopped worker (it listens to storage.onChanged): clear storage first,
  // then stop whatever woke, and only then clear what wakes nothing (alarms, notifications,
  // badge), so a worker woken mid-reset cannot leave an alarm or a lease behind.
  await page.evaluate(
    async (nextPollAt) => {
      await chrome.storage.local.clear();
      await chrome.storage.session.clear();
      await chrome.storage.local.set({
        syncStatus: {
          schedule: { consecutiveFailures: 0, lastSuccessAt: null, nextPollAt, attention: false },
          keyRejected: false,
          permissionMissing: false,
          lastError: null,
          projectErrors: {},
          lastPollAt: null,
        },
      });
    },
    Date.now() + 60 * 60_000,
  );
  // Storage events are delivered to the worker asynchronously and may start it after a stop has
  // returned: repeat until a stop holds across the clearing of what wakes nothing.
  for (let attempt = 0; ; attempt += 1) {
    if (attempt === 5) throw new Error('The worker keeps waking during the reset');
    await stopServiceWorker(page, extensionId);
    await page.waitForTimeout(200);
    if (await workerIsRunning(page, extensionId)) continue;
    const leftovers = await page.evaluate(
      async () => Object.keys(await chrome.storage.session.get(null)).length,
    );
    if (leftovers > 0) {
      // A lease or token written by a woken worker: clear it (this wakes it again) and retry.
      await page.evaluate(() => chrome.storage.session.clear());
      continue;
    }
    await page.evaluate(async () => {
      await chrome.alarms.clearAll();
      for (const id of Object.keys(await chrome.notifications.getAll())) {
        await chrome.notifications.clear(id);
      }
      await chrome.action.setBadgeText({ text: 'rst' });
      await chrome.action.setTitle({ title: 'reset' });
    });
    if (!(await workerIsRunning(page, extensionId))) break;
  }
  // Wakes the worker; marking nothing read changes nothing.
  await ext.ok('markRead', { keys: [] });
  const deadline = Date.now() + 10_000;
  while ((await ext.badge()).text !== '?' || !(await ext.alarm())) {
    if (Date.now() > deadline) throw new Error('The worker did not start up after the reset');
    await page.waitForTimeout(25);
  }
}
