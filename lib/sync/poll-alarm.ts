// Polling is driven by one named alarm: the service worker may be stopped at any moment, and only
// an alarm wakes it again. Each poll sets the next one-shot alarm from its outcome (interval,
// backoff or Retry-After); a worker start re-creates the alarm if the browser lost it.
import { browser } from 'wxt/browser';

export const POLL_ALARM = 'mention-monitor-poll';

export async function schedulePollAt(when: number, now = Date.now()): Promise<void> {
  // An alarm in the past fires at once; never earlier than "now" so the time stays meaningful.
  await browser.alarms.create(POLL_ALARM, { when: Math.max(when, now) });
}

/** Creates the poll alarm if it is missing, due at `when`. Returns whether it was missing. */
export async function ensurePollAlarm(when: number, now = Date.now()): Promise<boolean> {
  const existing = await browser.alarms.get(POLL_ALARM);
  if (existing) return false;
  await schedulePollAt(when, now);
  return true;
}

export async function clearPollAlarm(): Promise<void> {
  await browser.alarms.clear(POLL_ALARM);
}
