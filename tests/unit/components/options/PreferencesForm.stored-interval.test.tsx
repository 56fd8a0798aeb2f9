// @vitest-environment happy-dom
// The interval bug of issue 15: with 45 minutes stored (an older version, another device), toggling
// notifications re-sent 45 and the background refused the whole save as malformed. The page sends
// what it shows, and the background's own schema for the command takes it, whatever interval
// within the bounds is stored.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PreferencesForm } from '@/components/options/PreferencesForm';
import { parseCommand } from '@/lib/background/command-schemas';
import { MIN_INTERVAL_MINUTES, DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { sendMessage } from '@/lib/messaging/messenger';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

/** What the page sent with savePreferences, in order. */
let sent: unknown[];

/** Whether the background's schema for the command takes `data` (parseCommand throws if not). */
function accepted(data: unknown): boolean {
  try {
    parseCommand('savePreferences', data);
    return true;
  } catch {
    return false;
  }
}

const QUIET = DEFAULT_SETTINGS.quietHours;

beforeEach(() => {
  fakeBrowser.reset();
  sent = [];
  // The background's answer: accepted exactly when its schema for the command takes the data.
  vi.mocked(sendMessage).mockImplementation(async (type, data) => {
    if (type !== 'savePreferences') throw new Error(`unexpected ${type}`);
    sent.push(data);
    return accepted(data)
      ? { ok: true, value: null }
      : { ok: false, error: { kind: 'invalid-input', message: 'The request was malformed.' } };
  });
});
afterEach(() => cleanup());

describe('an interval stored outside the choices', () => {
  it('45 minutes: toggling notifications is saved, and the interval stays 45', async () => {
    render(<PreferencesForm settings={{ ...DEFAULT_SETTINGS, pollIntervalMinutes: 45 }} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Desktop notifications' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Saved: desktop notifications off.'),
    );
    expect(sent).toEqual([
      {
        pollIntervalMinutes: 45,
        notificationsEnabled: false,
        openInBackground: false,
        quietHours: QUIET,
      },
    ]);
    expect(parseCommand('savePreferences', sent[0])).toEqual(sent[0]);
  });

  it('45 minutes: the background tabs switch is saved with the whole preferences, 45 as is', async () => {
    render(<PreferencesForm settings={{ ...DEFAULT_SETTINGS, pollIntervalMinutes: 45 }} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Open mentions in background tabs' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Saved: mentions open in background tabs.',
      ),
    );
    expect(sent).toEqual([
      {
        pollIntervalMinutes: 45,
        notificationsEnabled: true,
        openInBackground: true,
        quietHours: QUIET,
      },
    ]);
    expect(parseCommand('savePreferences', sent[0])).toEqual(sent[0]);
  });

  it('any stored interval within the bounds comes back through the schema unchanged', () => {
    fc.assert(
      fc.property(
        // The bounds: a minute to a day.
        fc.integer({ min: MIN_INTERVAL_MINUTES, max: 24 * 60 }),
        fc.boolean(),
        (pollIntervalMinutes, notificationsEnabled) => {
          const data = { pollIntervalMinutes, notificationsEnabled };
          expect(parseCommand('savePreferences', data)).toEqual(data);
        },
      ),
    );
  });
});
