import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
// What holds notifications (a snooze first, then quiet hours unless resumed) and what a poll or
// the end of a hold raises: nothing while held, then one summary of what was missed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNotificationId, type MentionNotification } from '@/lib/mentions/notify';
import { DEFAULT_QUIET_HOURS, type QuietHours } from '@/lib/settings/quiet-hours';
import { applyHold, holdOf } from '@/lib/triage/hold';
import type { TriageState } from '@/lib/triage/triage-state';
import { EMPTY_TRIAGE } from '../support/triage-fixtures';

const NOON = new Date(2026, 5, 15, 12, 0).getTime();
const off: QuietHours = DEFAULT_QUIET_HOURS;
/** Quiet from 11:00 to 13:00 local: noon is inside. */
const lunch: QuietHours = { enabled: true, start: 11 * 60, end: 13 * 60 };

const notification = (count: number, id = `mm:project:1:${count}`): MentionNotification => ({
  id,
  count,
  title: 't',
  message: 'm',
});

describe('holdOf', () => {
  it('is a snooze while it lasts, quiet hours while they last, else nothing', () => {
    expect(holdOf(EMPTY_TRIAGE, off, NOON)).toBeNull();
    expect(holdOf({ ...EMPTY_TRIAGE, snooze: { until: NOON + 1 } }, lunch, NOON)).toEqual({
      kind: 'snooze',
      until: NOON + 1,
    });
    expect(holdOf({ ...EMPTY_TRIAGE, snooze: { until: null } }, off, NOON)).toEqual({
      kind: 'snooze',
      until: null,
    });
    expect(holdOf({ ...EMPTY_TRIAGE, snooze: { until: NOON } }, off, NOON)).toBeNull();
    expect(holdOf(EMPTY_TRIAGE, lunch, NOON)).toEqual({
      kind: 'quiet',
      until: new Date(2026, 5, 15, 13, 0).getTime(),
    });
  });

  it('holds nothing in quiet hours that were resumed, until they end', () => {
    const resumed = { ...EMPTY_TRIAGE, quietResumedUntil: NOON + 3_600_000 };
    expect(holdOf(resumed, lunch, NOON)).toBeNull();
    expect(holdOf({ ...resumed, quietResumedUntil: NOON - 1 }, lunch, NOON)).not.toBeNull();
  });
});

describe('applyHold', () => {
  it('passes notifications through when nothing holds them, the state untouched', () => {
    const news = [notification(1), notification(3)];
    const held = applyHold(EMPTY_TRIAGE, off, NOON, news, FIRST_ACCOUNT);
    expect(held.triage).toBe(EMPTY_TRIAGE);
    expect(held.notifications).toEqual(news);
  });

  it('holds them and counts their mentions while snoozed or quiet', () => {
    const snoozed: TriageState = { ...EMPTY_TRIAGE, snooze: { until: null }, missed: 2 };
    expect(
      applyHold(snoozed, off, NOON, [notification(1), notification(3)], FIRST_ACCOUNT),
    ).toEqual({
      triage: { ...snoozed, missed: 6 },
      notifications: [],
    });
    const quiet = applyHold(EMPTY_TRIAGE, lunch, NOON, [notification(2)], FIRST_ACCOUNT);
    expect(quiet).toEqual({ triage: { ...EMPTY_TRIAGE, missed: 2 }, notifications: [] });
    // Nothing new while held: nothing to write.
    expect(applyHold(snoozed, off, NOON, [], FIRST_ACCOUNT).triage).toBe(snoozed);
  });

  it('once over, raises one summary of what was missed and what is new', () => {
    const ended: TriageState = { ...EMPTY_TRIAGE, snooze: { until: NOON - 1 }, missed: 4 };
    const held = applyHold(ended, off, NOON, [notification(1)], FIRST_ACCOUNT);
    expect(held.triage).toEqual(EMPTY_TRIAGE);
    expect(held.notifications).toHaveLength(1);
    expect(parseNotificationId(held.notifications[0].id)).toEqual({
      account: FIRST_ACCOUNT,
      kind: 'summary',
    });
    expect(held.notifications[0]).toMatchObject({
      count: 5,
      title: '5 new mentions while snoozed',
    });
    const quietOver = applyHold({ ...EMPTY_TRIAGE, missed: 2 }, off, NOON, [], FIRST_ACCOUNT);
    expect(quietOver.notifications[0].title).toBe('2 new mentions during quiet hours');
  });

  it('names the account in the summary of one of several, and only then', () => {
    const ended: TriageState = { ...EMPTY_TRIAGE, snooze: { until: NOON - 1 }, missed: 4 };
    const named = applyHold(ended, off, NOON, [], '2', 'Client B');
    expect(named.notifications[0].title).toBe('Client B · 4 new mentions while snoozed');
    expect(parseNotificationId(named.notifications[0].id)).toEqual({
      account: '2',
      kind: 'summary',
    });
    const alone = applyHold(ended, off, NOON, [], '2');
    expect(alone.notifications[0].title).toBe('4 new mentions while snoozed');
  });

  it('ends a snooze that missed nothing quietly, passing the new ones through', () => {
    const ended: TriageState = { ...EMPTY_TRIAGE, snooze: { until: NOON - 1 } };
    const news = [notification(1)];
    expect(applyHold(ended, off, NOON, news, FIRST_ACCOUNT)).toEqual({
      triage: EMPTY_TRIAGE,
      notifications: news,
    });
  });

  it('never raises more than one summary, nor loses a count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.option(fc.integer({ min: NOON - 10, max: NOON + 10 }), { nil: undefined }),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 5 }),
        fc.boolean(),
        (missed, until, counts, quiet) => {
          const triage: TriageState = {
            ...EMPTY_TRIAGE,
            missed,
            snooze: until === undefined ? null : { until },
          };
          const news = counts.map((c, i) => notification(c, `mm:project:${i}:${c}`));
          const held = applyHold(triage, quiet ? lunch : off, NOON, news, FIRST_ACCOUNT);
          const total = missed + counts.reduce((a, b) => a + b, 0);
          if (held.triage.missed > 0) {
            expect(held.notifications).toEqual([]);
            expect(held.triage.missed).toBe(total);
          } else if (missed > 0) {
            expect(held.notifications).toHaveLength(1);
            expect(held.notifications[0].count).toBe(total);
          } else {
            expect(held.notifications.length).toBeLessThanOrEqual(news.length);
          }
        },
      ),
    );
  });
});
