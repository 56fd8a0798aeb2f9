// @vitest-environment happy-dom
// The options card of the shortcut that opens the popup: the binding as the browser has it, read
// again when the page comes back, and the button to the browser's shortcuts page.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ShortcutCard } from '@/components/options/ShortcutCard';

type Commands = Record<string, unknown>;
const original = fakeBrowser.commands as unknown as Commands;

function withBinding(shortcut: () => string): ReturnType<typeof vi.fn> {
  const getAll = vi.fn(() => Promise.resolve([{ name: '_execute_action', shortcut: shortcut() }]));
  (fakeBrowser as unknown as { commands: Commands }).commands = { getAll };
  return getAll;
}

afterEach(() => {
  cleanup();
  (fakeBrowser as unknown as { commands: Commands }).commands = original;
});

describe('ShortcutCard', () => {
  it('shows the binding, and reads it again when the page regains focus', async () => {
    let shortcut = 'Alt+Shift+M';
    const getAll = withBinding(() => shortcut);
    render(<ShortcutCard />);
    const card = await screen.findByRole('group', { name: 'Keyboard shortcut' });
    await screen.findByText('Open Mention Monitor: Alt+Shift+M');
    expect(card).toBeTruthy();

    shortcut = '';
    await act(async () => {
      dispatchEvent(new Event('focus'));
    });
    await screen.findByText('Open Mention Monitor: not set');
    expect(getAll).toHaveBeenCalledTimes(2);

    shortcut = 'Ctrl+Shift+U';
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await screen.findByText('Open Mention Monitor: Ctrl+Shift+U');
  });

  it('opens Chrome’s shortcuts page, and says where it is if that fails', async () => {
    withBinding(() => 'Alt+Shift+M');
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    render(<ShortcutCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change keyboard shortcut' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ url: 'chrome://extensions/shortcuts' }),
    );
    expect(screen.getByRole('status').textContent).toBe('');

    create.mockRejectedValue(new Error('refused'));
    fireEvent.click(screen.getByRole('button', { name: 'Change keyboard shortcut' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Open chrome://extensions/shortcuts in a new tab to change it.',
      ),
    );
  });

  it('is not shown where the browser has no shortcuts', async () => {
    (fakeBrowser as unknown as { commands?: Commands }).commands = undefined;
    const { container } = render(<ShortcutCard />);
    await act(async () => undefined);
    expect(container.textContent).toBe('');
  });
});
