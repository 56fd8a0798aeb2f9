// The records of a reply the merge would leave as they are, found without validating them. A
// project's whole history comes back on every poll (service-notes.md, "reply sizes"): 3,000
// records of which a few are new, and validating every one (lib/service/mention.ts) was most of a
// poll's CPU, and holding every reply until the merge its memory. A record is settled when the
// merge (merge.ts) would not act on it whatever it holds:
//   - stored, and every member reads as what is stored (the merge's sameContent), or
//   - not stored, and its id and date put it where the project's floor admits nothing (floors.ts).
// Only plain forms are read here (a number, or digits as text; text as stored); anything else is
// kept for the full decode, so this can only skip work, never read a record differently.
import { atOrBelow } from '@/lib/mentions/floors';
import { rebaseServiceTimes } from '@/lib/mentions/rebase';
import { parseServiceDate } from '@/lib/mentions/service-date';
import type { MentionStore, ProjectFloor, StoredMention } from '@/lib/mentions/store';
import { CONTENT_FIELDS, storedDate } from '@/lib/mentions/stored-mention';
import { isRecord, opaqueNumberish } from '@/lib/service/values';

const DIGITS = /^\d{1,15}$/;

/** An id in a plain form (what idValue reads it as), or undefined for any other form. */
function plainId(value: unknown): number | undefined {
  if (typeof value === 'string') return DIGITS.test(value) ? Number(value) : undefined;
  return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;
}

/** What opaqueNumber reads, when it reads a number at all (else NaN, which no stored value is). */
function opaque(raw: unknown): number {
  const n = opaqueNumberish(raw);
  return typeof n === 'number' && Number.isFinite(n) ? n : NaN;
}

/**
 * Whether the decode would read every member of `raw` as exactly what is stored (the merge's
 * sameContent): a number as opaqueNumber reads it; text as it is (stored text is already cut and
 * trimmed, so an equal raw one stays as it is), or missing where missing reads as the stored ''
 * (null, for a summary). The owner is checked before (ownedBy), the id is the key it was found by.
 */
function unchanged(raw: Record<string, unknown>, stored: StoredMention): boolean {
  return CONTENT_FIELDS.every((field) => {
    const was = stored[field];
    const sent = raw[field];
    if (field === 'project_id') return true;
    if (typeof was === 'number') return Object.is(opaque(sent), was);
    return sent === was || (sent == null && was === (field === 'text_summary' ? null : ''));
  });
}

/**
 * What of a reply a poll holds until its merge, read against the store as it was when the poll
 * began (`before`, at the offset of that moment), so that a poll holds one whole reply at a time,
 * not all of them. What is settled there stays settled whatever the store goes through until the
 * merge (the poll's other merges and their caps, a quota prune, a new offset): a record stored
 * unchanged is still stored unchanged, or was pruned under the floor it raised; a floor only
 * rises, and moves with the offset as the dates compared to it do (a date with its own zone is
 * compared to the zoned key alone, which does not move). Every record must have a plain id of its
 * own: a reply with a duplicate, or an id in another form, is kept whole for the merge to read.
 */
export function recordsToKeep(
  before: MentionStore,
  projectId: number,
  records: readonly unknown[],
  utcOffsetMinutes?: number,
): unknown[] {
  const ids = records.map((raw) =>
    isRecord(raw) && ownedBy(raw, projectId) ? plainId(raw.id) : undefined,
  );
  const unique = !ids.includes(undefined) && new Set(ids).size === ids.length;
  if (!unique || !before.syncedProjects.includes(projectId)) return [...records];
  const store = rebaseServiceTimes(before, utcOffsetMinutes ?? before.utcOffsetMinutes);
  const stored = new Map((store.byProject[projectId] ?? []).map((m) => [m.id, m]));
  const floor = store.floors[projectId];
  return records.filter((raw, i) => {
    const record = raw as Record<string, unknown>;
    const id = ids[i] as number;
    const known = stored.get(id);
    if (known) return !unchanged(record, known);
    const date = record.date_added;
    return !(floor && typeof date === 'string' && underForGood(floor, id, storedDate(date)));
  });

  function underForGood(floor: ProjectFloor, id: number, date: string): boolean {
    const offset = store.utcOffsetMinutes;
    const addedAt = parseServiceDate(date, offset);
    // Unreadable: never admitted while the project has a floor, and it keeps one.
    if (addedAt === undefined) return true;
    const zoned = addedAt === parseServiceDate(date, offset === 0 ? 60 : 0);
    const bound = zoned ? floor.zonedKey : floor.key;
    return bound != null && atOrBelow({ addedAt, id }, bound);
  }
}

function ownedBy(raw: Record<string, unknown>, projectId: number): boolean {
  const owner = raw.project_id;
  return owner == null || owner === '' || plainId(owner) === projectId;
}
