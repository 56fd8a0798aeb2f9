// The popup page in Chromium, the way a person sees it: opened in a 400x600 frame (the size of the
// toolbar popup), read through its accessible names.
import type { Page } from 'playwright-core';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseServiceDate } from '../../../lib/time/service-date';
import type { FakeMention, FakeService } from '../../fake-service/server';
import type { ExtensionBrowser } from './chromium';

export const POPUP_SIZE = { width: 400, height: 600 };

/**
 * Waits for an input that opens a mention in the foreground. The popup then closes itself, as the
 * toolbar popup does when the new tab takes the focus; on a busy machine that can happen before the
 * input has finished (the key's release, the click's last step), and a popup closed by what the
 * input did is the expected end, not a failure of the input.
 */
export async function inputThatClosesPopup(popup: Page, input: Promise<void>): Promise<void> {
  try {
    await input;
  } catch (error) {
    if (!popup.isClosed()) throw error;
  }
}

/** Opens popup.html as a tab and waits for its first paint from storage. */
export async function openPopup(browser: ExtensionBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(POPUP_SIZE);
  await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
  await page.locator('main:not([aria-busy])').waitFor();
  // The rest of the list's first page, a frame after the rows on screen.
  await page.locator('.mentions__kept').waitFor({ state: 'detached' });
  return page;
}

export interface PopupTimes {
  /** From navigation start to the frame that first shows a mention row (ms, the page's clock). */
  firstRowMs: number;
  /** To the frame that first shows "Show N more": the whole store has been read. Null if never. */
  wholeStoreMs: number | null;
}

/**
 * Opens the popup like openPopup and times it on the page's own clock (performance.now() counts from
 * navigation start): an init script notes the first frame with a mention row, and the first with
 * "Show N more" (only the whole store has more than a page). Waits for the first row.
 */
export async function openPopupTimed(
  browser: ExtensionBrowser,
): Promise<{ page: Page; times: () => Promise<PopupTimes> }> {
  const page = await browser.context.newPage();
  await page.setViewportSize(POPUP_SIZE);
  await page.addInitScript(() => {
    const times: Record<string, number> = {};
    (window as unknown as { __popupTimes: typeof times }).__popupTimes = times;
    const seen = new Set<string>();
    const note = (key: string, selector: string) => {
      if (seen.has(key) || !document.querySelector(selector)) return;
      seen.add(key);
      requestAnimationFrame(() => (times[key] = performance.now()));
    };
    new MutationObserver(() => {
      note('firstRowMs', '[data-mention-list] li');
      note('wholeStoreMs', '.show-more');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
  await page.locator('[data-mention-list] li').first().waitFor();
  const times = async (): Promise<PopupTimes> => {
    // A frame later, so the frame that showed the last thing awaited has been noted.
    const noted = await page.evaluate(
      () =>
        new Promise<Record<string, number>>((resolve) =>
          requestAnimationFrame(() =>
            resolve((window as unknown as { __popupTimes: Record<string, number> }).__popupTimes),
          ),
        ),
    );
    const at = (ms: number | undefined) => (ms === undefined ? null : Math.round(ms));
    return { firstRowMs: at(noted.firstRowMs) ?? NaN, wholeStoreMs: at(noted.wholeStoreMs) };
  };
  return { page, times };
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
 * The preview the background writes with the store (lib/mentions/preview.ts), by the extension's
 * own previewOf. That module defines a WXT storage item, and defining one reads storage at once: in
 * Node, WXT's fake browser stands in for the extension's (nothing is stored through it).
 */
/**
 * The storage.local entries the background writes for a store: its split keys and the popup's
 * preview (lib/mentions/shards.ts, preview.ts).
 */
export async function storageOfStore(
  store: ReturnType<typeof storedMentions>,
): Promise<Record<string, unknown>> {
  const global = globalThis as { chrome?: unknown };
  global.chrome ??= fakeBrowser;
  const { storedPreviewOf } = await import('../../../lib/mentions/preview');
  const { shardsOf } = await import('../../unit/support/mention-factory');
  const typed = store as unknown as Parameters<typeof shardsOf>[0];
  return { ...shardsOf(typed), mentionPreview: storedPreviewOf(typed) };
}

/**
 * `count` mentions in the stored shape (lib/mentions/store.ts), spread over the projects, each
 * project's list newest first: written straight to storage (with storageOfStore, as the background
 * writes it) to measure the popup with a full store.
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
  return { byProject, syncedProjects: projectIds, floors: {}, utcOffsetMinutes: 0 };
}
