// The popup page in Chromium, the way a person sees it: opened in a 400x600 frame (the size of the
// toolbar popup), read through its accessible names.
import type { Page } from 'playwright-core';
import { parseServiceDate } from '../../../lib/mentions/service-date';
import type { FakeMention, FakeService } from '../../fake-service/server';
import type { ExtensionBrowser } from './chromium';

export const POPUP_SIZE = { width: 400, height: 600 };

/** Opens popup.html as a tab and waits for its first paint from storage. */
export async function openPopup(browser: ExtensionBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(POPUP_SIZE);
  await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
  await page.locator('main:not([aria-busy])').waitFor();
  return page;
}

/** The titles in the list, in order, without the "Unread:" prefix meant for screen readers. */
export async function listedTitles(page: Page): Promise<string[]> {
  return page.$$eval('[data-mention-list] .mention__title', (titles) =>
    titles.map((title) =>
      [...title.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains('sr-only')))
        .map((node) => node.textContent ?? '')
        .join(''),
    ),
  );
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The mentions of every project of the demo account that a first sync at `now` leaves unread
 * (date_added within the last 7 days, read with the extension's own date rule), newest first as
 * the popup orders them: date, then id, then project id.
 */
export function unreadAfterFirstSync(svc: FakeService, now: number): FakeMention[] {
  const all = svc.projects().flatMap((p) => svc.mentions(p.project_id));
  const at = (m: FakeMention) => parseServiceDate(m.date_added) ?? now;
  return all
    .filter((m) => at(m) >= now - WEEK_MS)
    .sort((a, b) => at(b) - at(a) || b.id - a.id || b.project_id - a.project_id);
}

/**
 * `count` mentions in the stored shape (lib/mentions/store.ts), spread over the projects, each
 * project's list newest first: written straight to storage to measure the popup with a full store.
 */
export function storedMentions(projectIds: number[], count: number, now: number, baseUrl: string) {
  const byProject: Record<number, Record<string, unknown>[]> = {};
  for (let i = 0; i < count; i++) {
    const projectId = projectIds[i % projectIds.length];
    const addedAt = now - i * 60_000;
    const date = new Date(addedAt).toISOString().slice(0, 19).replace('T', ' ');
    (byProject[projectId] ??= []).push({
      id: 900_000 + i,
      project_id: projectId,
      type: 'brandMonitoring',
      reddit_type: '',
      source: ['web', 'reddit', 'twitter', 'blogs'][i % 4],
      relevance_score: 5,
      sentiment: (i % 3) - 1,
      title: `Stored mention number ${i + 1}`,
      text_summary: null,
      snippet: 'A snippet long enough to take two lines in the popup, as real ones often do.',
      url: `${baseUrl}/mention/${i + 1}`,
      keywords: 'acme',
      excluded_keywords: '',
      status: 0,
      favorites: 0,
      author: `author${i % 50}`,
      created: date,
      date_added: date,
      read: false,
      firstSeen: now - 1_000,
      addedAt,
    });
  }
  return { byProject, syncedProjects: projectIds, prunedIds: {} };
}
