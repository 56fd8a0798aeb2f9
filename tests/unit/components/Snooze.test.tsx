// @vitest-environment happy-dom
// The snooze line: what holds notifications and until when, in the reader's own time format (the
// time today, "tomorrow" and the time, a date further on), quiet hours, nothing when nothing holds
// them; "Resume notifications" sends the command and reports a failure.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnoozeStatus } from '@/components/Snooze';
import { uiLanguage } from '@/lib/i18n';
import { clockTime } from '@/lib/mention-view/snooze';
import { sendMessage } from '@/lib/messaging/messenger';
import { DEFAULT_QUIET_HOURS } from '@/lib/settings/quiet-hours';
import { shortDateTime } from '@/lib/time/format';
import { EMPTY_TRIAGE } from '../support/triage-fixtures';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

afterEach(cleanup);

const now = new Date(2026, 5, 10, 12, 0).getTime();
const time = (ms: number) => clockTime(ms, uiLanguage());

function line(until: number | null, quiet = DEFAULT_QUIET_HOURS, report = vi.fn()) {
  const triage = { ...EMPTY_TRIAGE, snooze: { until } };
  render(<SnoozeStatus triage={triage} quietHours={quiet} now={now} report={report} />);
  return report;
}

describe('SnoozeStatus', () => {
  it('until a time today', () => {
    const until = new Date(2026, 5, 10, 14, 30).getTime();
    line(until);
    expect(screen.getByText(`Notifications snoozed until ${time(until)}`)).toBeTruthy();
  });

  it('until tomorrow, and further on with the date', () => {
    const tomorrow = new Date(2026, 5, 11, 8, 0).getTime();
    line(tomorrow);
    expect(screen.getByText(`Notifications snoozed until tomorrow ${time(tomorrow)}`)).toBeTruthy();
    cleanup();
    const later = new Date(2026, 5, 14, 8, 0).getTime();
    line(later);
    const date = shortDateTime(later, now, uiLanguage());
    expect(screen.getByText(`Notifications snoozed until ${date}`)).toBeTruthy();
  });

  it('until turned back on', () => {
    line(null);
    expect(screen.getByText('Notifications snoozed until you turn them back on')).toBeTruthy();
  });

  it('quiet hours under way, when no snooze holds them', () => {
    render(
      <SnoozeStatus
        triage={EMPTY_TRIAGE}
        quietHours={{ enabled: true, start: 11 * 60, end: 13 * 60 }}
        now={now}
        report={vi.fn()}
      />,
    );
    const end = new Date(2026, 5, 10, 13, 0).getTime();
    expect(screen.getByText(`Quiet hours until ${time(end)}`)).toBeTruthy();
  });

  it('nothing when the snooze is over or quiet hours are lifted', () => {
    const { container } = render(
      <SnoozeStatus
        triage={{ ...EMPTY_TRIAGE, snooze: { until: now - 1 }, quietResumedUntil: now + 60_000 }}
        quietHours={{ enabled: true, start: 11 * 60, end: 13 * 60 }}
        now={now}
        report={vi.fn()}
      />,
    );
    expect(container.textContent).toBe('');
  });

  it('Resume notifications sends the command; a failure is reported', async () => {
    vi.mocked(sendMessage).mockResolvedValueOnce({
      ok: false,
      error: { kind: 'internal', message: 'Busy.' },
    } as never);
    const report = line(null);
    fireEvent.click(screen.getByRole('button', { name: 'Resume notifications' }));
    // Sent a tick later: callBackground first looks whether the command is bound to an account.
    await waitFor(() => expect(sendMessage).toHaveBeenCalledWith('resumeNotifications', {}));
    await waitFor(() =>
      expect(report).toHaveBeenCalledWith({ text: 'Could not update: Busy.', tone: 'error' }),
    );
  });
});
