// The service worker: wiring only. Every listener is registered synchronously here, before any
// await, so an event that wakes the worker finds its listener. The work lives in lib/background.
import {
  createBackgroundApp,
  createSiteMenu,
  onSiteMenuClicked,
  welcomeOnInstall,
} from '@/lib/background/app';

/**
 * Listeners must not leave rejected promises behind: failures are recorded in the sync status for
 * the pages to show; the console gets the error's kind and (already scrubbed) message only.
 */
function settle(work: Promise<unknown>): void {
  work.catch((error: unknown) => {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    console.error(`Mention Monitor background: ${text}`);
  });
}

export default defineBackground(() => {
  const app = createBackgroundApp();

  app.registerMessageHandlers();
  browser.runtime.onInstalled.addListener((details) => {
    settle(createSiteMenu());
    settle(welcomeOnInstall(details.reason));
    settle(details.reason === 'update' ? app.onUpdate() : app.onStart());
  });
  browser.runtime.onStartup.addListener(() => settle(app.onStart()));
  browser.alarms.onAlarm.addListener((alarm) => settle(app.onAlarm(alarm.name)));
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' || area === 'session') {
      settle(app.onStorageChanged(Object.keys(changes).map((key) => `${area}:${key}`)));
    }
  });
  browser.notifications.onClicked.addListener((id) => settle(app.onNotificationClicked(id)));
  // Only Chrome's notifications carry buttons (lib/notifications/desktop.ts).
  if (!import.meta.env.FIREFOX) {
    browser.notifications.onButtonClicked.addListener((id, index) =>
      settle(app.onNotificationButton(id, index)),
    );
  }

  browser.contextMenus.onClicked.addListener((info, tab) => settle(onSiteMenuClicked(info, tab)));
  browser.permissions.onAdded.addListener(() => settle(app.onPermissionsChanged()));
  browser.permissions.onRemoved.addListener(() => settle(app.onPermissionsChanged()));

  // The worker also starts for reasons that fire no event above (a message, a restart after
  // being stopped): bring the badge and the alarm back every time.
  settle(app.onStart());
});
