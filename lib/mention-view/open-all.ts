// "Open all" in the popup: which of the rows shown open (those with a web link, in list order), and
// when to ask first (more tabs than a glance can check).
import type { StoredMention } from '@/lib/mentions/store';
import { safeHttpUrl } from '@/lib/safe-url';

/** Above this many tabs, "Open all" asks before opening them. */
export const OPEN_ALL_ASK_ABOVE = 10;

export interface OpenTarget {
  mention: StoredMention;
  /** The mention's link, normalized: only http(s) ever opens (lib/safe-url.ts). */
  url: string;
}

/** What "Open all" opens of these rows, in their order: every one with a safe web link. */
export function openTargets(shown: readonly StoredMention[]): OpenTarget[] {
  const targets: OpenTarget[] = [];
  for (const mention of shown) {
    const url = safeHttpUrl(mention.url);
    if (url) targets.push({ mention, url });
  }
  return targets;
}

/** Whether opening this many tabs asks first. */
export function asksFirst(count: number): boolean {
  return count > OPEN_ALL_ASK_ABOVE;
}
