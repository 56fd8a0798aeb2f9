// @vitest-environment happy-dom
// "Save and connect": the permission request comes first (before anything is awaited), then the
// background logs in; every outcome is said in words and the input stays. Disconnect asks about
// the stored mentions.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ConnectionForm } from '@/components/options/ConnectionForm';
import { sendMessage } from '@/lib/messaging/messenger';
import type { CommandResult } from '@/lib/messaging/protocol';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import {
  CONFIGURED,
  fail,
  installBackground,
  ok,
  stubPermissions,
  type Background,
} from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let background: Background;
let request: Mock;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  request = stubPermissions(true);
});
afterEach(() => cleanup());

function renderForm(settings: Settings = DEFAULT_SETTINGS) {
  return render(<ConnectionForm settings={settings} />);
}

function fill(url: string, key: string) {
  fireEvent.input(screen.getByLabelText('Service address'), { target: { value: url } });
  fireEvent.input(screen.getByLabelText('API key'), { target: { value: key } });
}

function saveAndConnect() {
  fireEvent.click(screen.getByRole('button', { name: 'Save and connect' }));
}

const status = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent)
    .join(' ');

function fieldError(label: string): string | null {
  const field = screen.getByLabelText(label);
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const el = ids
    .map((id) => document.getElementById(id))
    .find((e) => e?.classList.contains('field-error'));
  return el?.textContent ?? null;
}

describe('save and connect', () => {
  it('asks for the port-less origin before anything else, then saves through the background', async () => {
    background.answers.saveConnection = () => ok({ projectCount: 6 });
    renderForm();
    fill(' http://127.0.0.1:8787/api/ ', ' demo-key ');
    saveAndConnect();
    // Synchronously within the click: the permission request is the handler's first await.
    expect(request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(sendMessage).not.toHaveBeenCalled();
    await waitFor(() => expect(status()).toContain('Connected: 6 projects'));
    expect(background.calls).toEqual([
      { type: 'saveConnection', data: { serviceUrl: 'http://127.0.0.1:8787', apiKey: 'demo-key' } },
    ]);
    expect(screen.getByLabelText('Service address')).toHaveProperty(
      'value',
      'http://127.0.0.1:8787',
    );
  });

  it('counts one project in the singular', async () => {
    background.answers.saveConnection = () => ok({ projectCount: 1 });
    renderForm();
    fill('https://app.example.com', 'k');
    saveAndConnect();
    expect(request).toHaveBeenCalledWith({ origins: ['https://app.example.com/*'] });
    await waitFor(() => expect(status()).toContain('Connected: 1 project'));
    expect(status()).not.toContain('projects');
  });

  it('says a rejected key beside the key and keeps what was typed', async () => {
    background.answers.saveConnection = () =>
      fail('key-rejected', 'Login failed: invalid API key.');
    renderForm();
    fill('https://app.example.com', 'wrong-key');
    saveAndConnect();
    await waitFor(() =>
      expect(fieldError('API key')).toBe(
        'The service rejected this API key. Check it and try again.',
      ),
    );
    expect(screen.getByLabelText('API key').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('API key')).toHaveProperty('value', 'wrong-key');
    expect(screen.getByLabelText('Service address')).toHaveProperty(
      'value',
      'https://app.example.com',
    );
    expect(status()).toContain('Not connected');
    await waitFor(() => expect(document.activeElement?.id).toBe('api-key'));
  });

  it('says when the service cannot be reached', async () => {
    background.answers.saveConnection = () => fail('network', 'The service could not be reached.');
    renderForm();
    fill('https://app.example.com', 'k');
    saveAndConnect();
    await waitFor(() =>
      expect(status()).toContain('Cannot reach the service: The service could not be reached.'),
    );
  });

  it('says other failures in words', async () => {
    background.answers.saveConnection = () =>
      fail('bad-reply', 'The service sent a web page instead of data.');
    renderForm();
    fill('https://app.example.com', 'k');
    saveAndConnect();
    await waitFor(() =>
      expect(status()).toContain('Could not connect: The service sent a web page instead of data.'),
    );
  });

  it('puts the background’s URL objection beside the address', async () => {
    background.answers.saveConnection = () =>
      fail('invalid-input', 'No such service here.', 'serviceUrl');
    renderForm();
    fill('https://app.example.com', 'k');
    saveAndConnect();
    await waitFor(() => expect(fieldError('Service address')).toBe('No such service here.'));
  });

  it('checks the address and key before asking for anything', () => {
    renderForm();
    fill('http://example.com', '');
    saveAndConnect();
    expect(fieldError('Service address')).toMatch(/must start with https:\/\//);
    expect(fieldError('API key')).toBe('Enter your API key.');
    expect(request).not.toHaveBeenCalled();
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('says a refused permission in words, sends nothing and keeps the input', async () => {
    request = stubPermissions(false);
    renderForm();
    fill('https://app.example.com', 'secret');
    saveAndConnect();
    await waitFor(() =>
      expect(status()).toContain('Mention Monitor needs your permission to reach app.example.com.'),
    );
    expect(sendMessage).not.toHaveBeenCalled();
    expect(screen.getByLabelText('API key')).toHaveProperty('value', 'secret');
  });

  it('treats a failing permission request as refused', async () => {
    (fakeBrowser as unknown as { permissions: unknown }).permissions = {
      request: vi.fn(async () => {
        throw new Error('Only permissions specified in the manifest may be requested.');
      }),
    };
    renderForm();
    fill('https://app.example.com', 'k');
    saveAndConnect();
    await waitFor(() => expect(status()).toContain('needs your permission'));
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('says when the background does not answer', async () => {
    vi.mocked(sendMessage).mockRejectedValue(new Error('Could not establish connection.'));
    renderForm();
    fill('https://app.example.com', 'k');
    saveAndConnect();
    await waitFor(() => expect(status()).toContain('background did not answer'));
  });

  it('masks the key, with a button to show it', () => {
    renderForm(CONFIGURED);
    const key = screen.getByLabelText('API key');
    expect(key).toHaveProperty('type', 'password');
    expect(key).toHaveProperty('value', 'key-1');
    fireEvent.click(screen.getByRole('button', { name: 'Show key' }));
    expect(key).toHaveProperty('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide key' }));
    expect(key).toHaveProperty('type', 'password');
  });
});

describe('disconnect', () => {
  it('is offered only when connected', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it('says that everything stored for the account goes, and clears it on confirmation', async () => {
    background.answers.disconnect = () => ok(null);
    renderForm(CONFIGURED);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect from the service?' });
    // No choice to keep the mentions: a store kept after its account is gone would show under the next.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(dialog.textContent).toContain('forget your API key');
    expect(dialog.textContent).toContain(
      'delete the mentions and projects stored for this account',
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Disconnect' }).at(-1)!);
    await waitFor(() => expect(background.last('disconnect')).toEqual({}));
    await waitFor(() =>
      expect(status()).toContain(
        'Disconnected. The mentions stored for that account were deleted.',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends nothing when cancelled', () => {
    renderForm(CONFIGURED);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('keeps saying so when the save it overtook answers as superseded', async () => {
    let answerSave: (reply: CommandResult<unknown>) => void = () => {};
    background.answers.saveConnection = () => new Promise((resolve) => (answerSave = resolve));
    background.answers.disconnect = () => ok(null);
    renderForm(CONFIGURED);
    fill('https://mentions.example.com', 'key-of-account-b');
    saveAndConnect();
    await screen.findByRole('button', { name: 'Connecting…' });
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Disconnect' }).at(-1)!);
    await waitFor(() => expect(status()).toContain('Disconnected.'));

    answerSave(fail('superseded', 'The connection changed while this request was under way.'));
    await screen.findByRole('button', { name: 'Save and connect' });
    expect(status()).toBe('Disconnected. The mentions stored for that account were deleted.');
  });

  it('stays open and says why when disconnecting fails', async () => {
    background.answers.disconnect = () =>
      fail('internal', 'Something went wrong. Please try again.');
    renderForm(CONFIGURED);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Disconnect' }).at(-1)!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Could not disconnect: Something went wrong. Please try again.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
