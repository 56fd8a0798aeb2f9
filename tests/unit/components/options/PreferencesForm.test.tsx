// @vitest-environment happy-dom
// Preferences are saved as they change, with a visible confirmation, and go back on a failure.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PreferencesForm } from '@/components/options/PreferencesForm';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { fail, installBackground, ok, type Background } from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let background: Background;
const QUIET = DEFAULT_SETTINGS.quietHours;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  background.answers.savePreferences = () => ok(null);
});
afterEach(() => cleanup());

const status = () => screen.getByRole('status').textContent;

describe('preferences', () => {
  it('offers the seven intervals, 5 minutes by default', () => {
    render(<PreferencesForm settings={DEFAULT_SETTINGS} />);
    const select = screen.getByLabelText('Check for new mentions') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Every 1 minute',
      'Every 2 minutes',
      'Every 5 minutes',
      'Every 10 minutes',
      'Every 15 minutes',
      'Every 30 minutes',
      'Every 60 minutes',
    ]);
    expect(select.value).toBe('5');
    expect(screen.getByRole('switch', { name: 'Desktop notifications' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('saves a new interval at once and says so', async () => {
    render(<PreferencesForm settings={DEFAULT_SETTINGS} />);
    fireEvent.change(screen.getByLabelText('Check for new mentions'), { target: { value: '10' } });
    await waitFor(() => expect(status()).toBe('Saved: checking every 10 minutes.'));
    expect(background.calls).toEqual([
      {
        type: 'savePreferences',
        data: {
          pollIntervalMinutes: 10,
          notificationsEnabled: true,
          openInBackground: false,
          quietHours: QUIET,
        },
      },
    ]);
  });

  it('saves desktop notifications off and on', async () => {
    render(<PreferencesForm settings={{ ...DEFAULT_SETTINGS, pollIntervalMinutes: 30 }} />);
    const toggle = screen.getByRole('switch', { name: 'Desktop notifications' });
    fireEvent.click(toggle);
    await waitFor(() => expect(status()).toBe('Saved: desktop notifications off.'));
    expect(background.last('savePreferences')).toEqual({
      pollIntervalMinutes: 30,
      notificationsEnabled: false,
      openInBackground: false,
      quietHours: QUIET,
    });
    fireEvent.click(toggle);
    await waitFor(() => expect(status()).toBe('Saved: desktop notifications on.'));
  });

  it('offers background tabs, off by default, with its hint', () => {
    render(<PreferencesForm settings={DEFAULT_SETTINGS} />);
    const toggle = screen.getByRole('switch', { name: 'Open mentions in background tabs' });
    expect(toggle).toHaveProperty('checked', false);
    expect(screen.getByText(/The popup stays open; Ctrl\/Cmd-click or middle-click/)).toBeTruthy();
  });

  it('saves background tabs on and off with the whole preferences, the stored interval as is', async () => {
    render(
      <PreferencesForm
        settings={{ ...DEFAULT_SETTINGS, pollIntervalMinutes: 45, notificationsEnabled: false }}
      />,
    );
    const toggle = screen.getByRole('switch', { name: 'Open mentions in background tabs' });
    fireEvent.click(toggle);
    await waitFor(() => expect(status()).toBe('Saved: mentions open in background tabs.'));
    expect(background.last('savePreferences')).toEqual({
      pollIntervalMinutes: 45,
      notificationsEnabled: false,
      openInBackground: true,
      quietHours: QUIET,
    });
    expect(toggle).toHaveProperty('checked', true);
    fireEvent.click(toggle);
    await waitFor(() => expect(status()).toBe('Saved: mentions open in front.'));
    expect(background.last('savePreferences')).toEqual({
      pollIntervalMinutes: 45,
      notificationsEnabled: false,
      openInBackground: false,
      quietHours: QUIET,
    });
  });

  it('goes back to the saved value and says why when saving fails', async () => {
    background.answers.savePreferences = () => fail('invalid-input', 'The request was malformed.');
    render(<PreferencesForm settings={DEFAULT_SETTINGS} />);
    const select = screen.getByLabelText('Check for new mentions') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '1' } });
    await waitFor(() => expect(status()).toBe('Not saved: The request was malformed.'));
    expect(select.value).toBe('5');
  });

  it('shows an interval stored by an older version too', () => {
    render(<PreferencesForm settings={{ ...DEFAULT_SETTINGS, pollIntervalMinutes: 45 }} />);
    const select = screen.getByLabelText('Check for new mentions') as HTMLSelectElement;
    expect(select.value).toBe('45');
    expect([...select.options].map((o) => o.value)).toContain('45');
  });
});
