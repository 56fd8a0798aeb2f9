// The popup's actions (tests/unit/flows/popup/actions*.test.tsx): a small store of three unread
// mentions and one read, and the popup painted over it.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { readMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionStore } from '@/lib/mentions/store';
import type { Settings } from '@/lib/settings/settings';
import { stored, storeOf } from './mention-factory';
import { checked, CONFIGURED, MINUTE, project, renderPopup, rowOf, seed } from './popup-page';

export const PROJECTS = [project(1, 'Acme'), project(2, 'Globex')];
export const now = Date.now();

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

export async function stored_(): Promise<MentionStore> {
  return readMentionStore(FIRST_ACCOUNT);
}

export function readFlags(store: MentionStore): Record<number, boolean> {
  const flags: Record<number, boolean> = {};
  for (const list of Object.values(store.byProject)) for (const m of list) flags[m.id] = m.read;
  return flags;
}

export function link(title: string): HTMLAnchorElement {
  return rowOf(title).querySelector('a.mention__title') as HTMLAnchorElement;
}

/** `settings` changed from the configured ones (a preference), when given. */
export async function popupWith(store = sample(), settings: Partial<Settings> = {}) {
  await seed({
    store,
    projects: PROJECTS,
    status: checked(3 * MINUTE),
    settings: { ...CONFIGURED, ...settings },
  });
  return renderPopup();
}
