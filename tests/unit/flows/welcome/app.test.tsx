// @vitest-environment happy-dom
// The whole welcome page over storage: before connecting, what the extension does and the options
// page's own connection form; connecting moves on to pinning and "Where things are", with focus on
// the new heading; a page opened already connected starts there; a rejected key brings the form
// back. The picture is the build's browser's.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WelcomeApp as App } from '@/entrypoints/welcome/WelcomeApp';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { settingsItem } from '@/lib/storage/items';
import { initialSyncStatus } from '@/lib/sync/status';
import { useOptions } from '../../support/options-flow';
import { CONFIGURED, ok, seed, SERVICE_URL } from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const options = useOptions();
afterEach(() => vi.unstubAllEnvs());

async function renderWelcome() {
  const view = render(<App />);
  await waitFor(() => expect(document.querySelector('main h2')).not.toBeNull());
  // Effects run after the paint (the form shows what is stored until the person types): let them.
  await new Promise((done) => setTimeout(done, 20));
  return view;
}

const pinHeading = () =>
  screen.queryByRole('heading', { name: 'Pin Mention Monitor to the toolbar' });

describe('before connecting', () => {
  it('says what the extension does and shows the connection form, nothing more', async () => {
    await seed({ settings: DEFAULT_SETTINGS });
    await renderWelcome();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe(
      'Welcome to Mention Monitor',
    );
    expect(screen.getByText(/checks your monitoring service for new mentions/)).toBeTruthy();
    expect(screen.getByLabelText('Service address')).toHaveProperty('value', '');
    expect(screen.getByLabelText('API key')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save and connect' })).toBeTruthy();
    expect(pinHeading()).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Where things are' })).toBeNull();
  });

  it('connecting shows the next steps and moves focus to their heading', async () => {
    await seed({ settings: DEFAULT_SETTINGS });
    // The background saves the settings as it answers; the page follows storage.
    options.background.answers.saveConnection = async () => {
      await settingsItem.setValue(CONFIGURED);
      return ok({ projectCount: 2 });
    };
    await renderWelcome();
    fireEvent.input(screen.getByLabelText('Service address'), { target: { value: SERVICE_URL } });
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'key-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and connect' }));

    await waitFor(() => expect(pinHeading()).not.toBeNull());
    // Effects run after the paint: focus follows a moment later.
    await waitFor(() => expect(document.activeElement).toBe(pinHeading()));
    expect(options.request).toHaveBeenCalledOnce();
    expect(options.background.types()).toEqual(['saveConnection']);
    expect(screen.queryByLabelText('Service address')).toBeNull();
    expect(screen.getByText(/You're connected/)).toBeTruthy();
  });

  it('a rejected key keeps the form, so the person can connect again', async () => {
    await seed({ status: { ...initialSyncStatus(), keyRejected: true } });
    await renderWelcome();
    expect(screen.getByLabelText('API key')).toBeTruthy();
    expect(pinHeading()).toBeNull();
  });
});

describe('once connected', () => {
  it('shows how to pin (Chromium) and where things are, without moving focus', async () => {
    await seed();
    await renderWelcome();
    const heading = pinHeading();
    expect(heading).not.toBeNull();
    await new Promise((done) => setTimeout(done, 20));
    expect(document.activeElement).not.toBe(heading);
    const pin = heading!.closest('section')!;
    expect(
      within(pin)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Click the Extensions button, the puzzle piece at the right of the toolbar.',
      'Click the pin next to Mention Monitor.',
    ]);
    expect(within(pin).getByRole('img').getAttribute('aria-label')).toMatch(
      /^Chromium's toolbar .* pin button/,
    );

    const where = screen.getByRole('region', { name: 'Where things are' });
    expect(within(where).getByText(/Mark all read/)).toBeTruthy();
    expect(within(where).getByText(/Monitor this site/)).toBeTruthy();
    expect(within(where).getByText(/Click a mention to open it/)).toBeTruthy();
    expect(within(where).getByRole('link', { name: 'Open settings' }).getAttribute('href')).toBe(
      '/options.html',
    );
    expect(
      within(where).getByRole('link', { name: 'Open mentions page' }).getAttribute('href'),
    ).toMatch(/\/mentions\.html$/);
  });

  it('in Firefox, the gear menu and its "Pin to Toolbar"', async () => {
    // WXT's flag is a boolean (vitest types only PROD, DEV and SSR so); the build sets it true.
    vi.stubEnv('FIREFOX', true as unknown as string);
    await seed();
    await renderWelcome();
    const pin = pinHeading()!.closest('section')!;
    expect(
      within(pin)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Click the Extensions button, the puzzle piece at the right of the toolbar.',
      'Click the gear next to Mention Monitor.',
      'Choose “Pin to Toolbar”.',
    ]);
    expect(within(pin).getByRole('img').getAttribute('aria-label')).toMatch(
      /^Firefox's toolbar .*Pin to Toolbar/,
    );
  });
});
