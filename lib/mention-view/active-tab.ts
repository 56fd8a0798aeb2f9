// The tab the popup was opened over, asked for as the popup starts (prefetch.ts), beside its first
// storage read: the answer usually comes before the first frame, so the header's site line is in
// that frame instead of filling in a frame or two later.
import { browser } from 'wxt/browser';
import type { ActiveTabInfo } from '@/lib/site/site-status';

/**
 * The tab the popup was opened over. Its address and title are visible under `activeTab`, which the
 * click on the toolbar button grants (no `tabs` permission). Null when there is none or the browser
 * refuses.
 */
export async function readActiveTab(): Promise<ActiveTabInfo | null> {
  try {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    return tab ?? null;
  } catch {
    return null;
  }
}

let early: Promise<ActiveTabInfo | null> | null = null;

/** Starts the question now (the popup's entry point calls it first). */
export function prefetchActiveTab(): void {
  early ??= readActiveTab();
}

/** The prefetched answer, once; a fresh question for every later mount. */
export function takeActiveTab(): Promise<ActiveTabInfo | null> {
  const answer = early ?? readActiveTab();
  early = null;
  return answer;
}
