// @vitest-environment happy-dom
// Quiet hours in the preferences: a switch and two times, saved with the whole preferences as soon
// as they change, in minutes after midnight; what the page sends passes the background's schema.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PreferencesForm } from '@/components/options/PreferencesForm';
import { parseCommand } from '@/lib/background/command-schemas';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import { fail, installBackground, ok, type Background } from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let background: Background;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  background.answers.savePreferences = (data) => {
    parseCommand('savePreferences', data);
    return ok(null);
  };
});
afterEach(() => cleanup());

const status = () => screen.getByRole('status').textContent;
const quietSwitch = () => screen.getByRole('switch', { name: 'Quiet hours' });
const start = () => screen.getByLabelText('Quiet hours start') as HTMLInputElement;
const end = () => screen.getByLabelText('Quiet hours end') as HTMLInputElement;
const sentQuiet = () => (background.last('savePreferences') as Settings).quietHours;

describe('quiet hours', () => {
  it('are off by default, from 22:00 to 08:00, with what they do said', () => {
    render(<PreferencesForm settings={DEFAULT_SETTINGS} />);
    expect(quietSwitch()).toHaveProperty('checked', false);
    expect(start().value).toBe('22:00');
    expect(end().value).toBe('08:00');
    expect(start().type).toBe('time');
    expect(start().getAttribute('aria-describedby')).toBe('quiet-hours-hint');
    expect(screen.getByText(/No desktop notifications between these times/)).toBeTruthy();
  });

  it('turn on and off, saved with the other preferences as they are', async () => {
    render(<PreferencesForm settings={{ ...DEFAULT_SETTINGS, pollIntervalMinutes: 45 }} />);
    fireEvent.click(quietSwitch());
    await waitFor(() => expect(status()).toBe('Saved: quiet hours from 22:00 to 08:00.'));
    expect(background.last('savePreferences')).toEqual({
      pollIntervalMinutes: 45,
      notificationsEnabled: true,
      openInBackground: false,
      quietHours: { enabled: true, start: 22 * 60, end: 8 * 60 },
    });
    fireEvent.click(quietSwitch());
    await waitFor(() => expect(status()).toBe('Saved: quiet hours off.'));
    expect(sentQuiet()).toEqual({ enabled: false, start: 1320, end: 480 });
  });

  it('save a new start or end in minutes after midnight', async () => {
    const quietHours = { enabled: true, start: 1320, end: 480 };
    render(<PreferencesForm settings={{ ...DEFAULT_SETTINGS, quietHours }} />);
    fireEvent.change(start(), { target: { value: '23:15' } });
    await waitFor(() => expect(status()).toBe('Saved: quiet hours from 23:15 to 08:00.'));
    expect(sentQuiet()).toEqual({ enabled: true, start: 23 * 60 + 15, end: 480 });
    fireEvent.change(end(), { target: { value: '06:30' } });
    await waitFor(() => expect(status()).toBe('Saved: quiet hours from 23:15 to 06:30.'));
    expect(sentQuiet()).toEqual({ enabled: true, start: 1395, end: 390 });
  });

  it('send nothing for a cleared time, and keep the stored one', async () => {
    render(<PreferencesForm settings={DEFAULT_SETTINGS} />);
    fireEvent.change(start(), { target: { value: '' } });
    fireEvent.change(start(), { target: { value: '22:00' } });
    await Promise.resolve();
    expect(background.types()).toEqual([]);
  });

  it('go back to what is saved, with the reason, when saving fails', async () => {
    background.answers.savePreferences = () => fail('storage', 'Storage is full.');
    render(<PreferencesForm settings={DEFAULT_SETTINGS} />);
    fireEvent.click(quietSwitch());
    await waitFor(() => expect(status()).toBe('Not saved: Storage is full.'));
    expect(quietSwitch()).toHaveProperty('checked', false);
  });

  it('say so when the start and the end are the same time', () => {
    const quietHours = { enabled: true, start: 600, end: 600 };
    render(<PreferencesForm settings={{ ...DEFAULT_SETTINGS, quietHours }} />);
    expect(screen.getByText(/the same time: there are no quiet hours/)).toBeTruthy();
  });

  it('show what storage holds when it changes elsewhere (another options tab)', async () => {
    const view = render(<PreferencesForm settings={DEFAULT_SETTINGS} />);
    const quietHours = { enabled: true, start: 21 * 60, end: 7 * 60 };
    view.rerender(<PreferencesForm settings={{ ...DEFAULT_SETTINGS, quietHours }} />);
    await waitFor(() => expect(start().value).toBe('21:00'));
    expect(quietSwitch()).toHaveProperty('checked', true);
  });
});
