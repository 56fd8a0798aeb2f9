// What the reader's triage changes in the popup's lists: muted mentions leave every view and every
// count, and the Saved view lists the mentions saved for later. Pure, with table and property tests
// (tests/unit/mention-view/triage-view.test.ts).
import { keyOf, keyString, type MentionStore, type StoredMention } from '@/lib/mentions/store';
import type { MuteMatcher } from '@/lib/triage/mute';
import type { SavedMention } from '@/lib/triage/saved';
import type { ListedMentions } from '@/lib/mention-view/first-paint';
import { inScope, type PopupFilter } from '@/lib/mention-view/view-model';

/**
 * The store without its muted mentions: the popup's lists and counts read this one, so a muted
 * mention is neither listed nor counted anywhere. The same object when nothing is muted.
 */
export function withoutMuted(store: MentionStore, isMuted: MuteMatcher): MentionStore {
  let changed = false;
  const byProject: Record<number, StoredMention[]> = {};
  for (const [id, list] of Object.entries(store.byProject)) {
    const kept = list.filter((m) => !isMuted(m));
    changed ||= kept.length !== list.length;
    byProject[Number(id)] = kept;
  }
  return changed ? { ...store, byProject } : store;
}

/**
 * The Saved view's rows, newest saved first. Each is the store's mention (its read state as it is)
 * while the store still holds it, else the saved copy, shown as read: saved mentions outlive the
 * store's caps and pruning. `kept`: mentions unsaved in this popup, listed in their place until
 * the view changes (a row does not vanish under the pointer). Muted mentions are left out.
 */
export function savedRows(
  saved: readonly SavedMention[],
  kept: readonly SavedMention[],
  store: MentionStore | null,
  isMuted: MuteMatcher,
): StoredMention[] {
  const stored = new Map<string, StoredMention>();
  for (const list of Object.values(store?.byProject ?? {})) {
    for (const mention of list) stored.set(keyString(keyOf(mention)), mention);
  }
  // A kept row keeps its place, even when saved again meanwhile (that copy is newer).
  const keptKeys = new Set(kept.map((item) => keyString(keyOf(item.record))));
  const all =
    kept.length === 0
      ? saved
      : [...saved.filter((item) => !keptKeys.has(keyString(keyOf(item.record)))), ...kept].sort(
          (a, b) => b.savedAt - a.savedAt,
        );
  const seen = new Set<string>();
  const rows: StoredMention[] = [];
  for (const { record } of all) {
    const key = keyString(keyOf(record));
    if (seen.has(key)) continue;
    seen.add(key);
    const mention = stored.get(key) ?? { ...record, read: true };
    if (!isMuted(mention)) rows.push(mention);
  }
  return rows;
}

/** The Saved view's list in the filter's project, source and site; pending until they are read. */
export function listedSaved(
  rows: readonly StoredMention[] | null,
  filter: PopupFilter,
): ListedMentions {
  if (rows === null) return { shown: [], held: 0, pending: true };
  return { shown: rows.filter((m) => inScope(m, filter)), held: 0, pending: false };
}
