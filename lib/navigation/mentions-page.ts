// Where the mentions page is, and the way every other place opens it (the popup, the options page,
// a notification that stands for several mentions): in a tab, at a view its URL describes
// (lib/mentions-page/page-filter.ts).
import { browser } from 'wxt/browser';
import { linkSearch, type PageLink } from '@/lib/mentions-page/page-filter';

export const MENTIONS_PAGE_PATH = '/mentions.html';

export function mentionsPageUrl(view: PageLink = {}): string {
  return browser.runtime.getURL(MENTIONS_PAGE_PATH) + linkSearch(view);
}

export async function openMentionsPage(view: PageLink = {}): Promise<void> {
  await browser.tabs.create({ url: mentionsPageUrl(view) });
}
