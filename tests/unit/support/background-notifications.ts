// Steps the notification flows (tests/unit/flows/background/notifications*.test.ts) share over
// the harness.

import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Harness } from './background';

export function notificationSteps(h: Harness) {
  return {
    /** Connected, first sync done, its summary cleared away; returns a create spy. */
    async connected() {
      await h.start();
      await h.connect();
      for (const id of Object.keys(await fakeBrowser.notifications.getAll())) {
        await fakeBrowser.notifications.clear(id);
      }
      return vi.spyOn(fakeBrowser.notifications, 'create');
    },

    projectIds() {
      const projects = h.fake.projects();
      const notifying = projects
        .filter((p) => p.browser_notification === 1)
        .map((p) => p.project_id);
      const silent = projects.filter((p) => p.browser_notification === 0).map((p) => p.project_id);
      return { notifying, silent };
    },
  };
}
