// Merging one project's fetched mentions into the store, and telling ahead which records of a
// reply the merge would leave as they are (so a poll need not validate or hold them).

import { DEFAULT_LIMITS, enforceCaps, type MentionLimits } from '@/lib/mentions/caps';
import type { Mention } from '@/lib/service/values';
import {
  floorSort,
  noteSeen,
  raiseFloor,
  sameFloor,
  settlement,
  type Dropped,
} from '@/lib/mentions/floors';
import {
  compareNewestFirst,
  mentionCount,
  rebaseServiceTimes,
  type MentionStore,
  type StoredMention,
} from '@/lib/mentions/store';
import { parseServiceDate } from '@/lib/time/service-date';
import {
  CONTENT_FIELDS,
  sameContent,
  storedDate,
  toStoredContent,
} from '@/lib/mentions/mention-record';
import { isRecord, opaqueNumberish } from '@/lib/service/values';

/** On a project's first sync, mentions older than this arrive read: a new user sees the recent week. */
const FIRST_SYNC_UNREAD_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

interface MergeOptions {
  /** Defaults to "the store has not recorded a sync of this project yet". */
  firstSync?: boolean;
  limits?: MentionLimits;
  /**
   * The service's UTC offset in minutes (east positive) to read `date_added` with. A store whose
   * times were read at another offset is rebased first (rebaseServiceTimes). Default: the store's
   * own (0 until it is rebased). An offset outside UTC−12..UTC+14 or not whole minutes is ignored.
   */
  utcOffsetMinutes?: number;
}

interface MergeResult {
  /** The very same object as the input when `changed` is false, so the caller writes nothing. */
  store: MentionStore;
  changed: boolean;
  /** Mentions stored for the first time by this merge (and not dropped at once), newest first. */
  added: StoredMention[];
  /** Records that do not belong to this project or have no usable id. */
  skipped: number;
  /**
   * Records refused without proof that they were seen: by the date floor alone, in a project whose
   * ids do not grow (or whose floor does not know its ids yet). Refusals of what was provably seen
   * (an id the project's growing ids have passed, an excluded id) are not counted: a reply holding
   * the whole history refuses the dropped part of it on every poll.
   */
  refused: number;
  /** New records stored whose date could not be read (they carry the time first seen). */
  undated: number;
}

/** A fetched mention the store does not hold and may admit, before its content is built. */
interface Candidate {
  mention: Mention;
  read: boolean;
  addedAt: number;
  id: number;
  project_id: number;
  date: string;
}

function maxId(list: readonly { id: number }[]): number {
  let max = -Infinity;
  for (const m of list) if (m.id > max) max = m.id;
  return max;
}

/**
 * Keyed by (project_id, id): a re-fetched mention is updated in place and keeps its read state and
 * firstSeen; a new one is admitted unless the project's floor proves it seen (floors.ts,
 * floorJudge), and is unread, except on the first sync when it is older than 7 days. Every reply
 * checks that the project's ids grow (a disorder marks it for good: floorJudge). The caps are
 * applied before returning, raising the floors of what they drop.
 *
 * Linear in store + fetched (Map/Set lookups), plus sorting the one project's list. A reply far
 * larger than the caps (a project's whole history) costs one date parse per record it does not
 * hold: records the floor refuses are left, and of the rest only as many as the caps can keep are
 * built (the others would be dropped at once: they raise the floor instead).
 */
export function mergeMentions(
  input: MentionStore,
  projectId: number,
  fetched: readonly Mention[],
  now: Date,
  options: MergeOptions = {},
): MergeResult {
  const store = rebaseServiceTimes(input, options.utcOffsetMinutes ?? input.utcOffsetMinutes);
  // An offset the store does not take (rebaseServiceTimes) leaves it at its own.
  const offset = store.utcOffsetMinutes;
  const rebased = store !== input;
  const nowMs = now.getTime();
  const limits = options.limits ?? DEFAULT_LIMITS;
  const alreadySynced = store.syncedProjects.includes(projectId);
  const firstSync = options.firstSync ?? !alreadySynced;
  const readBefore = nowMs - FIRST_SYNC_UNREAD_WINDOW_MS;

  const list = (store.byProject[projectId] ?? []).slice();
  const indexById = new Map(list.map((m, i) => [m.id, i]));
  const floor = store.floors[projectId];
  const storedMaxId = maxId(list);
  const sort = floorSort<Candidate>(floor, storedMaxId);
  let updated = false;
  let skipped = 0;

  // A reply listing an id twice counts once, the later copy winning: processing both would flip
  // the stored record between them and report a change on every identical poll.
  const latestById = new Map<number, Mention>();
  for (const mention of fetched) {
    if (mention.project_id !== projectId || !Number.isFinite(mention.id)) skipped += 1;
    else latestById.set(mention.id, mention);
  }

  let replyMaxId = -Infinity;
  for (const mention of latestById.values()) {
    if (mention.id > replyMaxId) replyMaxId = mention.id;
    const at = indexById.get(mention.id);
    if (at === undefined) {
      const date = storedDate(mention.date_added);
      const parsed = parseServiceDate(date, offset);
      sort.add(mention.id, parsed, () => {
        // An unreadable date counts as "seen now": the best estimate of its age we have.
        const addedAt = parsed ?? nowMs;
        const read = firstSync && addedAt < readBefore;
        return { mention, read, addedAt, id: mention.id, project_id: projectId, date };
      });
    } else {
      const existing = list[at];
      const content = toStoredContent(mention);
      if (sameContent(existing, content)) continue;
      list[at] = {
        ...content,
        read: existing.read,
        firstSeen: existing.firstSeen,
        addedAt: parseServiceDate(content.date_added, offset) ?? existing.firstSeen,
      };
      updated = true;
    }
  }

  const { admitted, refused, disorder } = sort.sorted();
  let candidates = admitted;
  // More candidates than the caps can keep: those the caps would drop first go now, unbuilt.
  // Exact: a project only ever loses its oldest (caps.ts), so a candidate with `room` newer ones
  // in its project is dropped by the caps whatever else the store holds.
  const room = Math.max(0, Math.min(limits.perProject, limits.total));
  let droppedAtOnce: Dropped[] = [];
  if (candidates.length > room) {
    candidates.sort((a, b) => compareNewestFirst(b, a));
    const cut = candidates.length - room;
    droppedAtOnce = candidates.slice(0, cut).map((c) => ({ id: c.id, date_added: c.date }));
    candidates = candidates.slice(cut);
  }
  const insertedIds = new Set<number>();
  for (const c of candidates) {
    insertedIds.add(c.id);
    list.push({
      ...toStoredContent(c.mention),
      read: c.read,
      firstSeen: nowMs,
      addedAt: c.addedAt,
    });
  }
  const raised = raiseFloor(floor, droppedAtOnce, offset, Math.max(storedMaxId, replyMaxId));
  const noted = raised && noteSeen(raised, sort.seenUpTo, replyMaxId, disorder);
  const floors = noted === floor || !noted ? store.floors : { ...store.floors, [projectId]: noted };

  if (!updated && insertedIds.size === 0 && alreadySynced && floors === store.floors) {
    const counts = { added: [], skipped, refused, undated: 0 };
    return rebased
      ? { store, changed: true, ...counts }
      : { store: input, changed: false, ...counts };
  }

  list.sort(compareNewestFirst);
  const capped = enforceCaps(
    {
      ...store,
      byProject: { ...store.byProject, [projectId]: list },
      syncedProjects: alreadySynced ? store.syncedProjects : [...store.syncedProjects, projectId],
      floors,
    },
    limits,
  );

  const added = (capped.byProject[projectId] ?? []).filter((m) => insertedIds.has(m.id));
  // Everything that went in and did not come out again is an existing mention the caps displaced
  // (their floors moved with them).
  const prunedExisting = mentionCount(store) + added.length - mentionCount(capped);
  // New arrivals the caps dropped at once move the floor: written, so the next poll does not
  // admit them again.
  const floorMoved = !sameFloor(store.floors[projectId], capped.floors[projectId]);
  const changed =
    rebased || updated || !alreadySynced || added.length > 0 || prunedExisting > 0 || floorMoved;
  const undated = added.filter((m) => parseServiceDate(m.date_added, offset) === undefined).length;
  return changed
    ? { store: capped, changed: true, added, skipped, refused, undated }
    : { store: input, changed: false, added: [], skipped, refused, undated: 0 };
}

// The records of a reply the merge would leave as they are, found without validating them. A
// project's whole history comes back on every poll (docs/service/notes.md, "Reply sizes"): 3,000
// records of which a few are new, and validating every one (lib/service/values.ts) would be most
// of a poll's CPU, and holding every reply until the merge its memory. A record is settled when
// the merge would not act on it whatever it holds:
//   - stored, and every member reads as what is stored (the merge's sameContent), or
//   - not stored, in a project whose ids grow, with an id the project has passed and a date that
//     is unreadable or at or below the floor: what the merge refuses as seen (floors.ts). Records
//     the merge would admit, or refuse and count (a project on its date floor), are kept.
// Only plain forms are read here (a number, or digits as text; text as stored); anything else is
// kept for the full decode, so this can only skip work, never read a record differently.

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
 * compared to the zoned key alone, which does not move); seenId only rises, and only the project's
 * own merge can tell that its ids do not grow. Every record must have a plain id of its own: a
 * reply with a duplicate, or an id in another form, is kept whole for the merge to read.
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
  const settle = settlement(store.floors[projectId], store.utcOffsetMinutes);
  let disorder = false;
  const keep = records.map((raw, i) => {
    const record = raw as Record<string, unknown>;
    const known = stored.get(ids[i] as number);
    if (known) return !unchanged(record, known);
    // Text as stored; a number or nothing reads as no date; a list might read as one.
    const date = record.date_added;
    const text = typeof date === 'string' ? storedDate(date) : Array.isArray(date) ? undefined : '';
    const verdict = settle(ids[i] as number, text);
    if (verdict === 'disorder') disorder = true;
    return verdict !== 'seen';
  });
  return records.filter((_, i) => keep[i] || (disorder && !stored.has(ids[i] as number)));
}

function ownedBy(raw: Record<string, unknown>, projectId: number): boolean {
  const owner = raw.project_id;
  return owner == null || owner === '' || plainId(owner) === projectId;
}
