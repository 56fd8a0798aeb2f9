// @vitest-environment happy-dom
// What the popup does: open, mark read/unread, mark all read with Undo, refresh, the keyboard, live
// updates from storage without moving the list, and remote text kept as text.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readMentionStore, writeMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionStore, StoredMention } from '@/lib/mentions/store';
import { syncStatusItem } from '@/lib/storage/items';
import { stored, storeOf } from '../../support/mention-factory';
import {
  checked,
  installBackground,
  listedTitles,
  MINUTE,
  project,
  renderPopup,
  rowOf,
  seed,
  spyBrowser,
  type Background,
  type BrowserSpies,
} from '../../support/popup-page';

vi.mock('@/lib/messaging/send', () => ({ sendMessage: vi.fn() }));

let background: Background;
let spies: BrowserSpies;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  spies = spyBrowser();
});
afterEach(() => cleanup());

const PROJECTS = [project(1, 'Acme'), project(2, 'Globex')];
const now = Date.now();

/** Three unread mentions and one read, newest first: A, B, C, (D read). */
function sample(): MentionStore {
  return storeOf(
    stored({
      id: 1,
      project_id: 1,
      title: 'Alpha',
      url: 'https://a.test/1',
      addedAt: now - 5 * MINUTE,
      author: '@ann',
      sentiment: 2,
      source: 'twitter',
      snippet: 'Alpha snippet',
    }),
    stored({
      id: 2,
      project_id: 2,
      title: 'Bravo',
      url: 'https://b.test/2',
      addedAt: now - 60 * MINUTE,
      sentiment: -1,
      source: 'reddit',
      snippet: '',
      text_summary: 'Bravo summary',
    }),
    stored({
      id: 3,
      project_id: 1,
      title: 'Charlie',
      url: 'http://c.test/3',
      addedAt: now - 2 * 60 * MINUTE,
    }),
    stored({ id: 4, project_id: 2, title: 'Delta', read: true, addedAt: now - 3 * 60 * MINUTE }),
  );
}

async function stored_(): Promise<MentionStore> {
  return readMentionStore();
}

function readFlags(store: MentionStore): Record<number, boolean> {
  const flags: Record<number, boolean> = {};
  for (const list of Object.values(store.byProject)) for (const m of list) flags[m.id] = m.read;
  return flags;
}

function link(title: string): HTMLAnchorElement {
  return rowOf(title).querySelector('a.mention__title') as HTMLAnchorElement;
}

async function popupWith(store = sample()) {
  await seed({ store, projects: PROJECTS, status: checked(3 * MINUTE) });
  return renderPopup();
}

describe('the list', () => {
  it('paints the unread mentions newest first, with the counts and the last check', async () => {
    await popupWith();
    expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.getByText('3 unread')).toBeTruthy();
    expect(screen.getByText('Checked 3 minutes ago').tagName).toBe('TIME');
    expect(screen.getByRole('list', { name: 'Mentions' }).querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'New 3' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows each mention: source, project, age, title, snippet or summary, author, sentiment', async () => {
    await popupWith();
    const alpha = rowOf('Alpha');
    expect(alpha.querySelector('.mention__source')?.textContent).toBe('Twitter');
    expect(alpha.querySelector('.mention__project')?.textContent).toBe('Acme');
    const time = alpha.querySelector('time')!;
    expect(time.textContent).toBe('5 minutes ago');
    expect(time.getAttribute('dateTime')).toBe(new Date(now - 5 * MINUTE).toISOString());
    expect(time.getAttribute('title')).toBeTruthy();
    expect(alpha.querySelector('.mention__body')?.textContent).toBe('Alpha snippet');
    expect(alpha.querySelector('.mention__author')?.textContent).toBe('by \u2068@ann\u2069');
    expect(alpha.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'Positive sentiment',
    );
    expect(link('Alpha').href).toBe('https://a.test/1');
    const bravo = rowOf('Bravo');
    expect(bravo.querySelector('.mention__body')?.textContent).toBe('Bravo summary');
    expect(bravo.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'Negative sentiment',
    );
    expect(bravo.querySelector('.mention__time')?.textContent).toBe('1 hour ago');
  });

  it('remote text is text: a hostile title is shown literally, and every remote string has dir=auto', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    await popupWith(
      storeOf(
        stored({
          id: 9,
          title: hostile,
          snippet: '<b>bold</b> مرحبا',
          author: '<script>x</script>',
        }),
      ),
    );
    expect(listedTitles()).toEqual([hostile]);
    expect(document.querySelector('main img:not(.header__logo)')).toBeNull();
    expect(document.querySelector('main b, main script')).toBeNull();
    const row = rowOf(hostile);
    for (const selector of [
      '.mention__title',
      '.mention__body',
      '.mention__author',
      '.mention__project',
    ]) {
      expect(row.querySelector(selector)?.getAttribute('dir')).toBe('auto');
    }
  });

  it('All recent adds the read ones', async () => {
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']));
    expect(rowOf('Delta').classList.contains('mention--read')).toBe(true);
  });

  it('filters by project and by source', async () => {
    await popupWith();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    fireEvent.change(screen.getByRole('combobox', { name: 'Source' }), {
      target: { value: 'twitter' },
    });
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha']));
  });
});

describe('opening a mention', () => {
  it('a click opens it in front, marks it read and closes the popup', async () => {
    await popupWith();
    fireEvent.click(link('Bravo'));
    await waitFor(() => expect(spies.close).toHaveBeenCalledTimes(1));
    expect(spies.createTab).toHaveBeenCalledWith({ url: 'https://b.test/2', active: true });
    expect(background.calls).toEqual([
      { type: 'markRead', data: { keys: [{ projectId: 2, id: 2 }] } },
    ]);
    expect(readFlags(await stored_())[2]).toBe(true);
  });

  it('Enter on the focused title opens it (a link activates by click)', async () => {
    await popupWith();
    link('Alpha').focus();
    fireEvent.click(document.activeElement!, { detail: 0 });
    await waitFor(() =>
      expect(spies.createTab).toHaveBeenCalledWith({ url: 'https://a.test/1', active: true }),
    );
  });

  for (const [name, init] of [
    ['Ctrl+click', { ctrlKey: true }],
    ['Cmd+click', { metaKey: true }],
  ] as const) {
    it(`${name} opens it behind and keeps the popup open`, async () => {
      await popupWith();
      fireEvent.click(link('Alpha'), init);
      await waitFor(() =>
        expect(spies.createTab).toHaveBeenCalledWith({ url: 'https://a.test/1', active: false }),
      );
      await waitFor(async () => expect(readFlags(await stored_())[1]).toBe(true));
      expect(spies.close).not.toHaveBeenCalled();
      // Read now, but still listed: rows do not vanish under the pointer.
      await waitFor(() => expect(rowOf('Alpha').classList.contains('mention--read')).toBe(true));
      expect(listedTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    });
  }

  it('the middle button opens it behind', async () => {
    await popupWith();
    fireEvent(
      link('Charlie'),
      new MouseEvent('auxclick', { button: 1, bubbles: true, cancelable: true }),
    );
    await waitFor(() =>
      expect(spies.createTab).toHaveBeenCalledWith({ url: 'http://c.test/3', active: false }),
    );
    expect(spies.close).not.toHaveBeenCalled();
  });

  it('a read mention opens without sending anything', async () => {
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toContain('Delta'));
    fireEvent.click(link('Delta'));
    await waitFor(() => expect(spies.close).toHaveBeenCalled());
    expect(background.calls).toEqual([]);
  });

  for (const url of [
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'file:///etc/passwd',
    'not a url',
  ]) {
    it(`a mention whose URL is ${url.slice(0, 12)}… is text, never a link, and nothing opens`, async () => {
      await popupWith(storeOf(stored({ id: 7, title: 'Unsafe one', url })));
      const row = rowOf('Unsafe one');
      expect(row.querySelector('a')).toBeNull();
      expect(row.querySelector('[href]')).toBeNull();
      expect(row.textContent).toContain('Not a web link, so it does not open.');
      fireEvent.click(row.querySelector('.mention__title')!);
      fireEvent.keyDown(row.querySelector('.mention__title')!, { key: 'Enter' });
      await act(async () => undefined);
      expect(spies.createTab).not.toHaveBeenCalled();
      expect(spies.close).not.toHaveBeenCalled();
    });
  }
});

describe('read state', () => {
  it('marks one read, then unread again, through the background', async () => {
    await popupWith();
    fireEvent.click(rowOf('Bravo').querySelector('button[aria-label="Mark as read"]')!);
    await waitFor(async () => expect(readFlags(await stored_())[2]).toBe(true));
    // Kept in view, now offering the way back.
    const toggle = await waitFor(() => {
      const button = rowOf('Bravo').querySelector('button[aria-label="Mark as unread"]');
      expect(button).toBeTruthy();
      return button!;
    });
    expect(screen.getByText('2 unread')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(async () => expect(readFlags(await stored_())[2]).toBe(false));
    expect(background.types()).toEqual(['markRead', 'markUnread']);
  });

  it('mark all read marks what the filter shows, and Undo restores exactly those', async () => {
    await popupWith();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByText('Marked 2 mentions as read.');
    expect(background.calls[0]).toEqual({
      type: 'markRead',
      data: {
        keys: [
          { projectId: 1, id: 1 },
          { projectId: 1, id: 3 },
        ],
      },
    });
    expect(readFlags(await stored_())).toEqual({ 1: true, 2: false, 3: true, 4: true });
    await screen.findByRole('heading', { name: 'Nothing new here' });

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    expect(background.calls[1]).toEqual({
      type: 'markUnread',
      data: {
        keys: [
          { projectId: 1, id: 1 },
          { projectId: 1, id: 3 },
        ],
      },
    });
    expect(readFlags(await stored_())).toEqual({ 1: false, 2: false, 3: false, 4: true });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('mark all read with nothing unread sends nothing', async () => {
    await popupWith(storeOf(stored({ id: 1, read: true, title: 'Old' })));
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Old']));
    const button = screen.getByRole('button', { name: 'Mark all read' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    await act(async () => undefined);
    expect(background.calls).toEqual([]);
  });

  it('a failed command is reported in words', async () => {
    background.mock.mockResolvedValueOnce({
      ok: false,
      error: { kind: 'internal', message: 'Something went wrong. Please try again.' },
    });
    await popupWith();
    fireEvent.click(rowOf('Alpha').querySelector('button[aria-label="Mark as read"]')!);
    expect(
      await screen.findByText('Could not update: Something went wrong. Please try again.'),
    ).toBeTruthy();
  });
});

describe('refresh', () => {
  it('shows progress, then how many mentions are new, and shows them at once', async () => {
    let finish: () => void = () => undefined;
    background.poll = () =>
      new Promise((resolve) => {
        finish = () => resolve({ ok: true, value: { polled: true } });
      });
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const busy = await screen.findByRole('button', { name: 'Checking…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    // A second press while it runs starts nothing.
    fireEvent.click(busy);
    const fresh = stored({
      id: 50,
      project_id: 1,
      title: 'Fresh',
      addedAt: Date.now(),
      firstSeen: Date.now(),
    });
    const store = await stored_();
    await writeMentionStore({
      ...store,
      byProject: { ...store.byProject, 1: [fresh, ...store.byProject[1]] },
    });
    await syncStatusItem.setValue(checked(0));
    finish();
    expect(await screen.findByText('1 new mention')).toBeTruthy();
    expect(background.types()).toEqual(['pollNow']);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByText('Checked just now')).toBeTruthy();
    await waitFor(() => expect(listedTitles()).toEqual(['Fresh', 'Alpha', 'Bravo', 'Charlie']));
    expect(screen.queryByRole('button', { name: /Show .* new/ })).toBeNull();
  });

  it('reports a failed check', async () => {
    background.poll = async () => {
      await syncStatusItem.setValue({
        ...checked(30 * MINUTE),
        lastError: { kind: 'network', message: 'The service cannot be reached.', at: Date.now() },
      });
      return { ok: true, value: { polled: false } };
    };
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Could not check: The service cannot be reached.')).toBeTruthy();
  });

  it('reports a check that found nothing new', async () => {
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('No new mentions')).toBeTruthy();
  });

  it('reports a background that does not answer', async () => {
    background.poll = async () => {
      throw new Error('Could not establish connection.');
    };
    await popupWith();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(
      await screen.findByText('Could not check: Could not establish connection.'),
    ).toBeTruthy();
  });
});

describe('live updates', () => {
  it('mentions arriving while open wait behind a button instead of moving the list', async () => {
    await popupWith();
    const before = listedTitles();
    const store = await stored_();
    const arrived: StoredMention = stored({
      id: 60,
      project_id: 2,
      title: 'Arrived',
      addedAt: Date.now() + 1,
      firstSeen: Date.now() + 1,
    });
    await writeMentionStore({
      ...store,
      byProject: { ...store.byProject, 2: [arrived, ...store.byProject[2]] },
    });
    const show = await screen.findByRole('button', { name: 'Show 1 new mention' });
    // Counts are live at once; the list is untouched until asked.
    expect(screen.getByText('4 unread')).toBeTruthy();
    expect(listedTitles()).toEqual(before);
    fireEvent.click(show);
    await waitFor(() => expect(listedTitles()).toEqual(['Arrived', 'Alpha', 'Bravo', 'Charlie']));
  });

  it('with nothing on screen, what arrives is shown straight away', async () => {
    await popupWith(storeOf(stored({ id: 1, read: true, title: 'Old' })));
    await screen.findByRole('heading', { name: 'You are all caught up' });
    await writeMentionStore(
      storeOf(
        stored({ id: 1, read: true, title: 'Old' }),
        stored({ id: 2, title: 'New one', addedAt: Date.now(), firstSeen: Date.now() + 1 }),
      ),
    );
    await waitFor(() => expect(listedTitles()).toEqual(['New one']));
    expect(screen.queryByRole('button', { name: /Show .* new/ })).toBeNull();
  });

  it('a mention stamped in the future (a clock that jumped) still shows, once', async () => {
    const future = Date.now() + 24 * 60 * MINUTE;
    await popupWith(storeOf(stored({ id: 1, title: 'From the future', firstSeen: future })));
    await waitFor(() => expect(listedTitles()).toEqual(['From the future']));
    expect(screen.queryByRole('button', { name: /Show .* new/ })).toBeNull();
  });

  it('read elsewhere (another window, a notification) updates the rows in place', async () => {
    await popupWith();
    const store = await stored_();
    await writeMentionStore({
      ...store,
      byProject: { ...store.byProject, 1: store.byProject[1].map((m) => ({ ...m, read: true })) },
    });
    await waitFor(() => expect(screen.getByText('1 unread')).toBeTruthy());
    expect(listedTitles()).toEqual(['Bravo']);
  });

  it('the settings changing to not set up switches the popup over', async () => {
    await popupWith();
    const { DEFAULT_SETTINGS } = await import('@/lib/settings/settings');
    const { settingsItem } = await import('@/lib/storage/items');
    await settingsItem.setValue(DEFAULT_SETTINGS);
    expect(await screen.findByRole('heading', { name: 'Connect Mention Monitor' })).toBeTruthy();
  });
});

describe('keyboard', () => {
  const key = (k: string, init: KeyboardEventInit = {}) =>
    fireEvent.keyDown(document.activeElement ?? document.body, { key: k, ...init });

  it('j/k and the arrows move between mentions, m toggles read, Tab stops once in the list', async () => {
    await popupWith();
    key('j');
    expect(document.activeElement).toBe(link('Alpha'));
    key('j');
    expect(document.activeElement).toBe(link('Bravo'));
    key('ArrowDown');
    expect(document.activeElement).toBe(link('Charlie'));
    key('ArrowDown');
    expect(document.activeElement).toBe(link('Charlie'));
    key('k');
    expect(document.activeElement).toBe(link('Bravo'));
    key('ArrowUp');
    expect(document.activeElement).toBe(link('Alpha'));
    key('End');
    expect(document.activeElement).toBe(link('Charlie'));
    key('Home');
    expect(document.activeElement).toBe(link('Alpha'));
    // Roving tabindex: only the current row's controls are in the Tab order.
    const tabbable = [...document.querySelectorAll('.mention [tabindex="0"]')];
    expect(tabbable).toEqual([link('Alpha'), rowOf('Alpha').querySelector('.mention__toggle')]);

    key('m');
    await waitFor(async () => expect(readFlags(await stored_())[1]).toBe(true));
    await waitFor(() => expect(rowOf('Alpha').classList.contains('mention--read')).toBe(true));
    key('m');
    await waitFor(async () => expect(readFlags(await stored_())[1]).toBe(false));
  });

  it('r refreshes; / focuses the project filter, where letters are left alone', async () => {
    await popupWith();
    key('r');
    await waitFor(() => expect(background.types()).toEqual(['pollNow']));
    key('/');
    const select = screen.getByRole('combobox', { name: 'Project' });
    expect(document.activeElement).toBe(select);
    key('r');
    key('j');
    await act(async () => undefined);
    expect(background.types()).toEqual(['pollNow']);
    expect(document.activeElement).toBe(select);
  });

  it('keeps working after the filters change the list, and stops where there is no list', async () => {
    await popupWith();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '2' } });
    await waitFor(() => expect(listedTitles()).toEqual(['Bravo']));
    (document.activeElement as HTMLElement).blur();
    key('j');
    expect(document.activeElement).toBe(link('Bravo'));
    key('m');
    await waitFor(async () => expect(readFlags(await stored_())[2]).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    fireEvent.click(screen.getByRole('button', { name: 'New 2' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Charlie']));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('heading', { name: 'Nothing new here' });
    background.calls.length = 0;
    key('m');
    key('j');
    await act(async () => undefined);
    expect(background.calls).toEqual([]);
  });

  it('modified keys are the browser’s', async () => {
    await popupWith();
    key('r', { ctrlKey: true });
    key('j', { metaKey: true });
    await act(async () => undefined);
    expect(background.calls).toEqual([]);
    expect(document.activeElement).toBe(document.body);
  });

  it('the keys do nothing where there is nothing to act on', async () => {
    await seed({ settings: (await import('@/lib/settings/settings')).DEFAULT_SETTINGS });
    await renderPopup();
    key('r');
    key('j');
    key('/');
    await act(async () => undefined);
    expect(background.calls).toEqual([]);
  });
});

describe('5,000 stored mentions', () => {
  it('the first paint renders the preview, then one page; more follow on request', async () => {
    const many: StoredMention[] = [];
    for (let id = 1; id <= 5_000; id++) {
      many.push(
        stored({ id, project_id: 1 + (id % 10), title: `Mention ${id}`, addedAt: now - id * 1000 }),
      );
    }
    await seed({ store: storeOf(...many), projects: PROJECTS, status: checked() });
    await renderPopup();
    expect(screen.getByText('5,000 unread')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Mentions' });
    // The preview's rows, then the first page once the store is read: one page whatever its size.
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(50));
    expect(listedTitles().slice(0, 2)).toEqual(['Mention 1', 'Mention 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(100));
    // The keyboard walks past the rendered page too.
    link('Mention 100').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    await waitFor(() => expect(document.activeElement).toBe(link('Mention 101')));
  });
});
