// @vitest-environment happy-dom
// The popup paints from the preview before the store is read (issue 4: "first paint does not grow
// with the size of the store"), switches to the store without moving a row or changing a count,
// and makes the views that need the store wait for it with an inline "Loading…".
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import { storeArea, writeMentionStore } from '@/lib/mentions/mention-storage';
import { PREVIEW_MENTIONS, storedPreviewOf } from '@/lib/mentions/preview';
import { shardsOf } from '@/lib/mentions/shards';
import type { MentionStore, StoredMention } from '@/lib/mentions/store';
import { stored, storeOf } from '../../support/mention-factory';
import {
  answered,
  checked,
  installBackground,
  listedTitles,
  MINUTE,
  project,
  renderFirstPaint,
  rowOf,
  seed,
  spyBrowser,
  type Background,
} from '../../support/popup-page';

vi.mock('@/lib/messaging/send', () => ({ sendMessage: vi.fn() }));

let background: Background;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  spyBrowser();
});
afterEach(() => cleanup());

const PROJECTS = [project(1, 'Acme'), project(2, 'Globex')];
const SOURCES = ['web', 'reddit', 'twitter'];
const now = Date.now();

/**
 * 120 mentions, newest first by number; every sixth read (all of them Acme's, on the web): 100
 * unread, Acme 40 and Globex 60, web 20, reddit 40, twitter 40. Twice what the preview holds.
 */
function sample(): MentionStore {
  const mentions: StoredMention[] = [];
  for (let i = 1; i <= 120; i++) {
    mentions.push(
      stored({
        id: i,
        project_id: 1 + (i % 2),
        source: SOURCES[i % 3],
        title: `Mention ${i}`,
        read: i % 6 === 0,
        addedAt: now - i * MINUTE,
        firstSeen: now - 200 * MINUTE,
      }),
    );
  }
  return storeOf(...mentions);
}

const unreadTitles = (store: MentionStore, keep: (m: StoredMention) => boolean = () => true) =>
  Object.values(store.byProject)
    .flat()
    .filter((m) => !m.read && keep(m))
    .sort((a, b) => b.addedAt - a.addedAt)
    .map((m) => m.title);

/**
 * Holds the popup's read of the whole store until released; the read then answers what is stored
 * by then (or `answer`, a store as it was when the read began).
 */
function holdStoreRead(answer?: MentionStore) {
  const original = storeArea.getAll;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  // The popup's read only: the stand-in background reads the store too, unhindered.
  const read = vi.spyOn(storeArea, 'getAll').mockImplementationOnce(async () => {
    await gate;
    return answer ? shardsOf(answer) : original();
  });
  return {
    read,
    /** Lets the read answer and waits until the popup has it. */
    async release() {
      open();
      await waitFor(() => expect(answered(read)).toBe(true));
      await act(async () => undefined);
    },
  };
}

/** Every key the popup asked storage.local for. */
function spyStorageGets(): () => string[] {
  const get = vi.spyOn(fakeBrowser.storage.local, 'get');
  return () =>
    get.mock.calls.flatMap(([keys]) =>
      keys == null
        ? ['(everything)']
        : typeof keys === 'string'
          ? [keys]
          : Array.isArray(keys)
            ? keys
            : Object.keys(keys),
    );
}

function optionTexts(name: string): string[] {
  const select = screen.getByRole('combobox', { name }) as HTMLSelectElement;
  return [...select.options].map((o) => o.textContent ?? '');
}

/** What the reader sees that must not change when the store takes over. */
function screenFacts() {
  return {
    titles: listedTitles(),
    header: document.querySelector('.header__unread')?.textContent,
    newChip: screen.getByRole('button', { name: /^New/ }).textContent,
    projects: optionTexts('Project'),
    sources: optionTexts('Source'),
  };
}

describe('first paint from the preview', () => {
  it('shows the preview’s rows and counts before the store is read; the store moves nothing on screen', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const asked = spyStorageGets();
    const hold = holdStoreRead();
    await renderFirstPaint();

    const first = screenFacts();
    expect(first).toEqual({
      titles: unreadTitles(store).slice(0, PREVIEW_MENTIONS),
      header: '100 unread',
      newChip: 'New 100',
      projects: ['All projects (100)', 'Acme (40)', 'Globex (60)'],
      sources: ['All sources', 'Twitter (40)', 'Reddit (40)', 'Web (20)'],
    });
    // The rest of the list is on its way, said inline where the list goes on.
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show .* more/ })).toBeNull();
    // Nothing read the store: not the popup's own read (held), not storage underneath it.
    expect(answered(hold.read)).toBe(false);
    expect(asked()).not.toContain('(everything)');
    expect(asked()).toContain('mentionPreview');
    // …and no record by key: the preview holds its rows.
    expect(asked().filter((key) => key.startsWith('mention:'))).toEqual([]);

    const firstRow = rowOf('Mention 1');
    await hold.release();
    // The same rows first (the very same elements), the same counts, and the rest of the page
    // after them: nothing above the fold moves.
    await waitFor(() =>
      expect(screenFacts()).toEqual({ ...first, titles: unreadTitles(store).slice(0, 50) }),
    );
    expect(rowOf('Mention 1')).toBe(firstRow);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show 50 more' })).toBeTruthy();
  });

  it('a store small enough for the preview needs nothing more for the default view', async () => {
    const store = storeOf(
      stored({ id: 1, title: 'Alpha', addedAt: now - MINUTE }),
      stored({ id: 2, title: 'Bravo', addedAt: now - 2 * MINUTE }),
    );
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    expect(listedTitles()).toEqual(['Alpha', 'Bravo']);
    expect(screen.getByText('2 unread')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    // Every stored mention is in the preview: even All recent needs no wait.
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() => expect(listedTitles()).toEqual(['Alpha', 'Bravo']));
    await hold.release();
    expect(listedTitles()).toEqual(['Alpha', 'Bravo']);
  });
});

describe('views that need the whole store, chosen before it is read', () => {
  it('a project filter shows what the preview has of it, "Loading…", then every row', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '1' } });
    const acme = unreadTitles(store, (m) => m.project_id === 1);
    await waitFor(() => expect(listedTitles()).toEqual(acme.slice(0, listedTitles().length)));
    expect(listedTitles().length).toBeLessThan(acme.length);
    expect(screen.getByText('Loading…')).toBeTruthy();
    // Its count is known from the preview already.
    expect(screen.getByRole('button', { name: /^New/ }).textContent).toBe('New 40');

    await hold.release();
    await waitFor(() => expect(listedTitles()).toEqual(acme));
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('All recent shows "Loading…" alone, then the read mentions among the rest', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    fireEvent.change(screen.getByRole('combobox', { name: 'Source' }), {
      target: { value: 'web' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await screen.findByText('Loading…');
    expect(listedTitles()).toEqual([]);
    // Not a page spinner: the header, the toolbar and the counts stay.
    expect(screen.getByText('100 unread')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();

    await hold.release();
    const web = Object.values(store.byProject)
      .flat()
      .filter((m) => m.source === 'web')
      .sort((a, b) => b.addedAt - a.addedAt)
      .map((m) => m.title);
    expect(web).toHaveLength(40);
    await waitFor(() => expect(listedTitles()).toEqual(web));
    expect(rowOf('Mention 6').classList.contains('mention--read')).toBe(true);
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('mark all read waits for the store, then marks every unread mention of the filter', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    const button = screen.getByRole('button', { name: 'Mark all read' });
    fireEvent.click(button);
    await act(async () => undefined);
    // Only 50 of the 100 are on screen: nothing is sent until all of them are known.
    expect(background.calls).toEqual([]);
    expect(button.getAttribute('aria-busy')).toBe('true');

    await hold.release();
    await screen.findByText('Marked 100 mentions as read.');
    const sent = background.calls[0].data as { keys: unknown[] };
    expect(background.calls[0].type).toBe('markRead');
    expect(sent.keys).toHaveLength(100);
    await screen.findByRole('heading', { name: 'You are all caught up' });
    expect(button.getAttribute('aria-busy')).toBeNull();
  });
});

describe('no preview (older data, or before the background first writes one)', () => {
  const damaged = { unread: 'many' };
  for (const [name, preview] of [
    ['none written', null],
    ['a damaged one', damaged],
  ] as const) {
    it(`${name}: the first paint waits for the store, as before previews`, async () => {
      const store = sample();
      await seed({ store, projects: PROJECTS, status: checked(), preview });
      const hold = holdStoreRead();
      render(<App />);
      await waitFor(() => expect(hold.read).toHaveBeenCalled());
      // The frame and the header, no list and no spinner.
      expect(document.querySelector('main[aria-busy]')).toBeTruthy();
      expect(listedTitles()).toEqual([]);

      await hold.release();
      await waitFor(() => expect(document.querySelector('main[aria-busy]')).toBeNull());
      expect(listedTitles()).toEqual(unreadTitles(store).slice(0, 50));
      expect(screen.getByText('100 unread')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Show 50 more' })).toBeTruthy();
    });
  }
});

describe('storage changes while open', () => {
  it('before the store is read, a new preview shows; what arrived waits behind "Show 1 new"', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    const before = listedTitles();
    const arrived = stored({
      id: 500,
      project_id: 2,
      title: 'Arrived',
      addedAt: Date.now() + 1,
      firstSeen: Date.now() + 1,
    });
    const next = {
      ...store,
      byProject: { ...store.byProject, 2: [arrived, ...store.byProject[2]] },
    };
    await writeMentionStore(next, store);
    await screen.findByRole('button', { name: 'Show 1 new mention' });
    expect(screen.getByText('101 unread')).toBeTruthy();
    // The rows stay put. (The arrival, held back, takes a place in the preview's page: the last
    // row, far below the fold, waits for the store.)
    const shown = listedTitles();
    expect(shown).toEqual(before.slice(0, shown.length));
    expect(shown.length).toBeGreaterThanOrEqual(before.length - 1);

    await hold.release();
    expect(screen.getByText('101 unread')).toBeTruthy();
    expect(listedTitles()).toEqual(before);
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 new mention' }));
    await waitFor(() => expect(listedTitles()[0]).toBe('Arrived'));
  });

  it('a change to the store while it is read wins over the read', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    // The read began before the change: it answers the store as it was.
    const hold = holdStoreRead(structuredClone(store));
    await renderFirstPaint();
    await waitFor(() => expect(hold.read).toHaveBeenCalled());
    fireEvent.click(rowOf('Mention 1').querySelector('button[aria-label="Mark as read"]')!);
    await waitFor(() => expect(screen.getByText('99 unread')).toBeTruthy());
    await hold.release();
    expect(screen.getByText('99 unread')).toBeTruthy();
    expect(rowOf('Mention 1').classList.contains('mention--read')).toBe(true);
  });

  it('once the store is read it is the truth: a stale preview changes nothing', async () => {
    const store = sample();
    await seed({ store, projects: PROJECTS, status: checked() });
    const hold = holdStoreRead();
    await renderFirstPaint();
    await hold.release();
    const facts = screenFacts();
    // A preview of one mention of the store: its counts and rows disagree with the store's.
    const stale = storedPreviewOf(storeOf(store.byProject[1][0]));
    await fakeBrowser.storage.local.set({ mentionPreview: stale });
    await act(async () => undefined);
    expect(screenFacts()).toEqual(facts);
  });
});
