// Steps the triage flows (tests/unit/flows/background/triage-*.test.ts) share over the harness:
// what the popup's preview counts, the triage state as stored, the notifications raised.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseStoredPreview } from '@/lib/mentions/parse-preview';
import { mentionPreviewItem, savedMentionsItem, triageItem } from '@/lib/storage/items';
import type { Harness } from './background';
import { notificationSteps } from './background-notifications';

export function triageSteps(h: Harness) {
  const { connected, projectIds } = notificationSteps(h);
  return {
    connected,
    projectIds,

    /** The preview as the popup reads it (counts and first screen). */
    async preview() {
      const preview = parseStoredPreview(await mentionPreviewItem(FIRST_ACCOUNT).getValue());
      if (!preview) throw new Error('no preview stored');
      return preview;
    },

    triage: () => triageItem(FIRST_ACCOUNT).read(),
    saved: () => savedMentionsItem(FIRST_ACCOUNT).read(),

    /** The ids of the notifications created since `spy` was made (in order). */
    created(spy: { mock: { calls: unknown[][] } }): string[] {
      return spy.mock.calls.map(([id]) => id as string);
    },

    /** Title of a notification on screen. */
    async titleOf(id: string): Promise<string | undefined> {
      return (await fakeBrowser.notifications.getAll())[id]?.title;
    },

    /** Fires the snooze's alarm as the browser would at its time. */
    async fireSnoozeEnd(): Promise<void> {
      const alarm = await fakeBrowser.alarms.get('snooze-end');
      if (!alarm) throw new Error('no snooze alarm is pending');
      await fakeBrowser.alarms.clear('snooze-end');
      await fakeBrowser.alarms.onAlarm.trigger(alarm);
      await h.idle();
    },

    spyCreate: () => vi.spyOn(fakeBrowser.notifications, 'create'),
  };
}
