// Polling is driven by one named alarm per account: the service worker may be stopped at any
// moment, and only an alarm wakes it again. Each poll sets the account's next one-shot alarm from
// its outcome (interval, backoff or Retry-After); a worker start re-creates an alarm the browser
// lost. The first account's alarm keeps the name the single account's always had.
import { browser } from 'wxt/browser';
import { accountPrefix, splitAccountKey } from '@/lib/accounts/accounts';

const POLL_ALARM = 'mention-monitor-poll';

function pollAlarm(account: string): string {
  return `${accountPrefix(account)}${POLL_ALARM}`;
}

/** The account whose poll alarm `name` is, or null for any other alarm. */
export function pollAlarmAccount(name: string): string | null {
  const { account, name: alarm } = splitAccountKey(name);
  return alarm === POLL_ALARM ? account : null;
}

export async function schedulePollAt(account: string, when: number, now = Date.now()) {
  // An alarm in the past fires at once; never earlier than "now" so the time stays meaningful.
  await browser.alarms.create(pollAlarm(account), { when: Math.max(when, now) });
}

/** Creates account's poll alarm if it is missing, due at `when`. Returns whether it was missing. */
export async function ensurePollAlarm(
  account: string,
  when: number,
  now = Date.now(),
): Promise<boolean> {
  const existing = await browser.alarms.get(pollAlarm(account));
  if (existing) return false;
  await schedulePollAt(account, when, now);
  return true;
}

export async function clearPollAlarm(account: string): Promise<void> {
  await browser.alarms.clear(pollAlarm(account));
}
