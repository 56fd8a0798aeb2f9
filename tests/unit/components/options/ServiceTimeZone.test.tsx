// @vitest-environment happy-dom
// The options' "Service time zone" choice: read from storage, changed only through a command to
// the background.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ServiceTimeZone } from '@/components/options/ServiceTimeZone';
import { serviceClockItem } from '@/lib/storage/items';
import { initialServiceClock, observeArrivals, withOverride } from '@/lib/time/service-clock';
import { fail, installBackground, ok, type Background } from '../../support/options-page';
import { arrival, MINUTE, NOW } from '../../support/clock';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let background: Background;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  background.answers.setServiceClockOverride = () => ok(null);
});
afterEach(() => cleanup());

describe('the Service time zone choice', () => {
  const select = () => screen.getByLabelText('Service time zone') as HTMLSelectElement;
  const status = () => screen.getByRole('status').textContent;
  const detectedAt = (offset: number) =>
    observeArrivals(
      initialServiceClock(),
      [arrival(NOW - MINUTE, NOW, offset), arrival(NOW - 3 * MINUTE, NOW, offset)],
      NOW,
    );

  it('before any detection: automatic, not detected yet, and the service clock read as UTC', async () => {
    render(<ServiceTimeZone now={NOW} />);
    await waitFor(() => expect(select().value).toBe('auto'));
    expect(select().options[0].textContent).toBe('Automatic (not detected yet)');
    expect(screen.getByText(/service's clock reads 2026-11-25 05:03 now/)).not.toBeNull();
  });

  it('offers every offset in use, UTC−12:00 to UTC+14:00, with the detected one in "Automatic"', async () => {
    await serviceClockItem(FIRST_ACCOUNT).setValue(detectedAt(-300));
    render(<ServiceTimeZone now={NOW} />);
    await waitFor(() =>
      expect(select().options[0].textContent).toBe('Automatic (detected UTC\u22125)'),
    );
    const labels = [...select().options].map((o) => o.textContent);
    expect(labels[1]).toBe('UTC\u221212:00');
    expect(labels.at(-1)).toBe('UTC+14:00');
    expect(labels).toEqual(expect.arrayContaining(['UTC+5:30', 'UTC+5:45', 'UTC+0:00']));
    expect(screen.getByText(/service's clock reads 2026-11-25 00:03 now/)).not.toBeNull();
    // The hint and the clock describe the select.
    expect(select().getAttribute('aria-describedby')).toBe(
      'service-time-zone-hint service-time-zone-now',
    );
  });

  it('sends the chosen offset to the background, says so, and writes no storage itself', async () => {
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    render(<ServiceTimeZone now={NOW} />);
    await waitFor(() => expect(select().value).toBe('auto'));
    fireEvent.change(select(), { target: { value: '540' } });
    await waitFor(() => expect(status()).toBe("Saved: the service's times are read as UTC+9."));
    expect(background.calls).toEqual([
      { type: 'setServiceClockOverride', data: { overrideMinutes: 540 } },
    ]);
    expect(screen.getByText(/service's clock reads 2026-11-25 14:03 now/)).not.toBeNull();
    fireEvent.change(select(), { target: { value: 'auto' } });
    await waitFor(() =>
      expect(status()).toBe("Saved: the service's time zone is detected automatically."),
    );
    expect(background.last('setServiceClockOverride')).toEqual({ overrideMinutes: null });
    expect(writes).not.toHaveBeenCalled();
  });

  it('goes back to the stored choice when the background refuses', async () => {
    background.answers.setServiceClockOverride = () => fail('internal', 'Something went wrong.');
    await serviceClockItem(FIRST_ACCOUNT).setValue(withOverride(initialServiceClock(), -300));
    render(<ServiceTimeZone now={NOW} />);
    await waitFor(() => expect(select().value).toBe('-300'));
    fireEvent.change(select(), { target: { value: '60' } });
    await waitFor(() => expect(status()).toBe('Not saved: Something went wrong.'));
    expect(select().value).toBe('-300');
  });

  it('shows a stored quarter hour that is not in the list, and follows storage changes', async () => {
    await serviceClockItem(FIRST_ACCOUNT).setValue(withOverride(initialServiceClock(), 75));
    render(<ServiceTimeZone now={NOW} />);
    await waitFor(() => expect(select().value).toBe('75'));
    expect(select().selectedOptions[0].textContent).toBe('UTC+1:15');
    // The background wrote a new choice (another options tab).
    await serviceClockItem(FIRST_ACCOUNT).setValue(withOverride(initialServiceClock(), 330));
    await waitFor(() => expect(select().value).toBe('330'));
  });
});
