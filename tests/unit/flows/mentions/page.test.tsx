// @vitest-environment happy-dom
// The mentions page as a whole, painted from storage, with a background that answers as the real
// one: its first rows from the preview before the store, filters kept in the history, a bulk
// "Mark read" with its Undo, and the question before opening many tabs, the focus back after it.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startMentionsFirstRead } from '@/lib/mention-view/first-read';
import { MentionsApp as App } from '@/entrypoints/mentions/MentionsApp';
import { storeArea } from '@/lib/mentions/mention-storage';
import { readMentionStore } from '@/lib/mentions/mention-storage';
import {
  installBackground,
  project,
  seed,
  spyBrowser,
  type Background,
  type BrowserSpies,
} from '../../support/popup-page';
import { NOW, stored, storeOf } from '../../support/mention-factory';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let background: Background;
let spies: BrowserSpies;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  spies = spyBrowser();
  history.replaceState(null, '', '/mentions.html');
});
afterEach(() => cleanup());

const PROJECTS = [project(1, 'Acme')];
const titles = () =>
  [...document.querySelectorAll('.result .result__title')].map((title) => title.textContent);

/** `count` unread mentions of Acme, newest first by id. */
function mentions(count: number) {
  return Array.from({ length: count }, (_, i) =>
    stored({
      id: i + 1,
      project_id: 1,
      title: `Story ${i + 1}`,
      url: `https://news.example/${i + 1}`,
      addedAt: NOW.getTime() - (count - i) * 60_000,
    }),
  );
}

describe('the mentions page', () => {
  it('paints its first rows from the preview, then lists the whole store; a selection made meanwhile holds', async () => {
    await seed({ store: storeOf(...mentions(14)), projects: PROJECTS });
    let releaseStore = () => {};
    const storeRead = new Promise<void>((resolve) => (releaseStore = resolve));
    const getAll = storeArea.getAll.bind(storeArea);
    vi.spyOn(storeArea, 'getAll').mockImplementation(async () => {
      await storeRead;
      return getAll();
    });
    render(<App firstRead={startMentionsFirstRead()} />);
    // The preview holds the newest 10: they are listed before the store has been read.
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(titles()[0]).toBe('Story 14');
    expect(screen.getByRole('checkbox', { name: 'Select all matching' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 13' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    releaseStore();
    await waitFor(() => expect(titles()).toHaveLength(14));
    expect(screen.getByRole('checkbox', { name: 'Select all 14 matching' })).toBeTruthy();
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('keeps a filter in the history: Back gives the list before it', async () => {
    const list = mentions(3).map((m, i) => ({ ...m, read: i === 0 }));
    await seed({ store: storeOf(...list), projects: PROJECTS });
    render(<App firstRead={startMentionsFirstRead()} />);
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.change(screen.getByRole('combobox', { name: 'Read state' }), {
      target: { value: 'unread' },
    });
    await waitFor(() => expect(titles()).toEqual(['Story 3', 'Story 2']));
    expect(location.search).toBe('?read=unread');
    history.back();
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect((screen.getByRole('combobox', { name: 'Read state' }) as HTMLSelectElement).value).toBe(
      'all',
    );
  });

  it('marks the selected rows read in one command, and Undo marks them unread again', async () => {
    await seed({ store: storeOf(...mentions(3)), projects: PROJECTS });
    render(<App firstRead={startMentionsFirstRead()} />);
    await screen.findByRole('checkbox', { name: 'Select all 3 matching' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 3' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Story 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(background.types()).toContain('markRead'));
    const read = background.calls.find((call) => call.type === 'markRead');
    expect(read?.data).toEqual({
      keys: [
        { projectId: 1, id: 3 },
        { projectId: 1, id: 1 },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(background.types()).toContain('markUnread'));
    await waitFor(async () => {
      const store = await readMentionStore(FIRST_ACCOUNT);
      expect(store.byProject[1].filter((m) => m.read)).toEqual([]);
    });
  });

  it('asks before opening more than ten tabs; cancelled, nothing opens and the focus is back', async () => {
    await seed({ store: storeOf(...mentions(12)), projects: PROJECTS });
    render(<App firstRead={startMentionsFirstRead()} />);
    await waitFor(() => expect(titles()).toHaveLength(12));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 12 matching' }));
    const open = screen.getByRole('button', { name: 'Open in new tabs' });
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((b) => b.classList.contains('secondary'))!,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(spies.createTab).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(open);
  });
});
