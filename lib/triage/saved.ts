// Mentions saved for later: a copy of each record, so a saved mention outlives the store's caps,
// its pruning and "Mark all read". Bounded in count and in bytes (one storage key holds them all);
// past either bound the oldest saved goes first. Written only by the background
// (lib/background/triage-commands.ts); pages read savedMentionsItem.
import { keptList, lazySchema, z } from '@/lib/zod';
import { keyOf, keyString } from '@/lib/mentions/store';
import { jsonBytes } from '@/lib/storage/quota-bytes';
import { storedRecord, type StoredRecord } from '@/lib/mentions/mention-record';

const savedMentionSchema = lazySchema(() =>
  z.object({
    /** A copy: survives the store's caps and pruning. */
    record: storedRecord(),
    savedAt: z.number(),
  }),
);

export type SavedMention = z.output<ReturnType<typeof savedMentionSchema>>;

export interface SavedMentions {
  /** Newest saved first. */
  items: SavedMention[];
}

/**
 * 1,000 saved, and 1.5 MB as storage counts them (about 2,000 typical records): with the store's
 * own worst case (44% of the quota) the two stay well inside storage.local's 10 MB.
 */
export const SAVED_LIMITS = { count: 1_000, bytes: 1_500_000 };

const NO_SAVED: SavedMentions = { items: [] };

const savedKey = (item: SavedMention) => keyString(keyOf(item.record));

const savedSchema = lazySchema(() =>
  z.catch(
    z.object({
      items: z.pipe(
        z.array(z.unknown()),
        keptList(savedMentionSchema(), { idOf: savedKey, most: SAVED_LIMITS.count }),
      ),
    }),
    NO_SAVED,
  ),
);

/** Whatever storage holds: well-formed items, each mention once, within the count. Never throws. */
export const parseSaved = (raw: unknown): SavedMentions => savedSchema().parse(raw);

export function savedKeys(saved: SavedMentions): Set<string> {
  return new Set(saved.items.map(savedKey));
}

/** What one saved item costs of the byte bound (its JSON, as storage counts it, and a comma). */
export function savedItemBytes(item: SavedMention): number {
  return jsonBytes(item) + 1;
}

/**
 * `record` saved at `now`, first in the list; the oldest saved dropped while over a bound. The
 * same object when it was saved already (nothing to write).
 */
export function withSaved(
  saved: SavedMentions,
  record: StoredRecord,
  now: number,
  limits = SAVED_LIMITS,
): SavedMentions {
  const item = { record, savedAt: now };
  if (savedKeys(saved).has(savedKey(item))) return saved;
  const items = [item];
  let bytes = savedItemBytes(item);
  for (const kept of saved.items) {
    bytes += savedItemBytes(kept);
    if (items.length === limits.count || bytes > limits.bytes) break;
    items.push(kept);
  }
  return { items };
}
