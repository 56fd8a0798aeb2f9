// The popup's first paint (tests/unit/flows/popup/first-paint*.test.tsx): a store twice the
// preview's size, a read of the whole store held until released, and what the reader sees that
// must not change when the store takes over.

import { act, screen, waitFor } from '@testing-library/preact';
import { expect, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MentionStore, StoredMention } from '@/lib/mentions/store';
import { shardsOf, stored, storeOf } from './mention-factory';
import { answered, listedTitles, MINUTE, project } from './popup-page';
import { wrapNextStoreRead } from './popup-page';

export const PROJECTS = [project(1, 'Acme'), project(2, 'Globex')];
const SOURCES = ['web', 'reddit', 'twitter'];
export const now = Date.now();

/**
 * 120 mentions, newest first by number; every sixth read (all of them Acme's, on the web): 100
 * unread, Acme 40 and Globex 60, web 20, reddit 40, twitter 40. Twice what the preview holds.
 */
export function sample(): MentionStore {
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

export const unreadTitles = (
  store: MentionStore,
  keep: (m: StoredMention) => boolean = () => true,
) =>
  Object.values(store.byProject)
    .flat()
    .filter((m) => !m.read && keep(m))
    .sort((a, b) => b.addedAt - a.addedAt)
    .map((m) => m.title);

/**
 * Holds the popup's read of the whole store until released; the read then answers what is stored
 * by then (or `answer`, a store as it was when the read began). A refresh's read is not held.
 */
export function holdStoreRead(answer?: MentionStore) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = false;
  const read = wrapNextStoreRead((readAll) => async () => {
    if (held) return readAll();
    held = true;
    await gate;
    return answer ? shardsOf(answer) : readAll();
  });
  return {
    /** The popup's reads of the whole store (once it is rendered). */
    get read() {
      return read();
    },
    /** Lets the read answer and waits until the popup has it. */
    async release() {
      open();
      await waitFor(() => expect(answered(read())).toBe(true));
      await act(async () => undefined);
    },
  };
}

/** Every key the popup asked storage.local for. */
export function spyStorageGets(): () => string[] {
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
export function screenFacts() {
  return {
    titles: listedTitles(),
    header: document.querySelector('.header__unread')?.textContent,
    newChip: screen.getByRole('button', { name: /^New/ }).textContent,
    projects: optionTexts('Project'),
    sources: optionTexts('Source'),
  };
}

/** The whole page as markup: equal before and after means nothing in it changed. */
export function pageMarkup(): string {
  return new XMLSerializer().serializeToString(document.body);
}
