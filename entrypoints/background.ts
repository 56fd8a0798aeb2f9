// The service worker: wiring only. Every listener is registered synchronously here, before any
// await, so an event that wakes the worker finds its listener. The work lives in lib/background.
import { z } from 'zod';
import { createBackgroundApp } from '@/lib/background/app';

export default defineBackground(() => {
  // zod probes `new Function` unless told not to; the extension CSP forbids it.
  z.config({ jitless: true });
  const app = createBackgroundApp();

  app.registerMessageHandlers();
  browser.runtime.onInstalled.addListener(() => void app.onStart());
  browser.runtime.onStartup.addListener(() => void app.onStart());
  browser.alarms.onAlarm.addListener((alarm) => void app.onAlarm(alarm.name));
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local') void app.onStorageChanged(Object.keys(changes));
  });
  browser.notifications.onClicked.addListener((id) => void app.onNotificationClicked(id));

  // The worker also starts for reasons that fire no event above (a message, a restart after
  // being stopped): bring the badge and the alarm back every time.
  void app.onStart();
});
