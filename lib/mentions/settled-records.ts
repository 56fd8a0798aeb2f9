// The records of a reply the merge would leave as they are, found without validating them. A
// project's whole history comes back on every poll (service-notes.md, "reply sizes"): 3,000
// records of which a few are new, and validating every one (lib/service/mention.ts) was most of a
// poll's CPU. A record is settled when the merge (merge.ts) would not act on it whatever it holds:
//   - stored, and every member reads as what is stored (the merge's sameContent), or
//   - not stored, and its id and date put it where the project's floor admits nothing (floors.ts).
// Only plain forms are read here (a number, or digits as text; text as stored); anything else goes
// through the full decode, so this can only skip work, never read a record differently.
import { admits, excludedIds } from '@/lib/mentions/floors';
import { rebaseServiceTimes } from '@/lib/mentions/rebase';
import { parseServiceDate } from '@/lib/mentions/service-date';
import type { MentionStore, StoredMention } from '@/lib/mentions/store';
import { storedDate, type StoredContent } from '@/lib/mentions/stored-mention';
import { isRecord } from '@/lib/service/envelope';
import type { Mention } from '@/lib/service/mention';
import { decodeMention } from '@/lib/service/schemas';
import { numberish } from '@/lib/service/values';

const DIGITS = /^\d{1,15}$/;

/** An id in a plain form (what idValue reads it as), or undefined for any other form. */
function plainId(value: unknown): number | undefined {
  if (typeof value === 'string') return DIGITS.test(value) ? Number(value) : undefined;
  return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;
}

type Field = Exclude<keyof StoredContent, 'id' | 'project_id'>;

// How each stored member is told unchanged from a raw one: the raw value must be one the decode
// would turn into exactly the stored value (values.ts), or the record is decoded in full.
const text = (raw: unknown, stored: unknown) => raw === stored || (raw == null && stored === '');
const SAME: { readonly [F in Field]: (raw: unknown, stored: StoredContent[F]) => boolean } = {
  type: text,
  reddit_type: text,
  source: text,
  relevance_score: (raw, stored) => Object.is(opaque(raw), stored),
  sentiment: (raw, stored) => Object.is(opaque(raw), stored),
  title: text,
  text_summary: (raw, stored) => raw === stored || (raw == null && stored === null),
  snippet: text,
  url: text,
  keywords: text,
  excluded_keywords: text,
  status: (raw, stored) => Object.is(opaque(raw), stored),
  favorites: (raw, stored) => Object.is(opaque(raw), stored),
  author: text,
  // Stored dates are trimmed: a raw one equal to one is read as it.
  created: text,
  date_added: text,
};
const FIELDS = Object.keys(SAME) as Field[];

/** What opaqueNumber reads, when it reads a number at all (else NaN, which no stored value is). */
function opaque(raw: unknown): number {
  if (raw == null || raw === '') return 0;
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  const n = numberish(raw);
  return typeof n === 'number' && Number.isFinite(n) ? n : NaN;
}

function unchanged(raw: Record<string, unknown>, stored: StoredMention): boolean {
  return FIELDS.every((field) =>
    (SAME[field] as (r: unknown, s: unknown) => boolean)(raw[field], stored[field]),
  );
}

/**
 * The mentions of `records` (a getMentions reply of `projectId`) the merge must see: every record
 * decoded, less those it would leave as they are in `store` at `utcOffsetMinutes` (the merge's own
 * arguments). Merging what this gives changes the store exactly as merging every record would.
 */
export function unsettledMentions(
  input: MentionStore,
  projectId: number,
  records: readonly unknown[],
  utcOffsetMinutes?: number,
): Mention[] {
  const decodeAll = () => decode(records, projectId);
  // The merge reads the store at its offset (rebaseServiceTimes), and a first sync reads all.
  const store = rebaseServiceTimes(input, utcOffsetMinutes ?? input.utcOffsetMinutes);
  if (!store.syncedProjects.includes(projectId)) return decodeAll();
  const list = store.byProject[projectId] ?? [];
  const stored = new Map(list.map((m) => [m.id, m]));
  const floor = store.floors[projectId];
  const excluded = excludedIds(floor);

  const settled = new Set<number>();
  const rest: unknown[] = [];
  for (const raw of records) {
    const id = isRecord(raw) && ownedBy(raw, projectId) ? plainId(raw.id) : undefined;
    if (id !== undefined && isSettled(raw as Record<string, unknown>, id)) settled.add(id);
    else rest.push(raw);
  }

  function isSettled(raw: Record<string, unknown>, id: number): boolean {
    const known = stored.get(id);
    if (known) return unchanged(raw, known);
    const date = raw.date_added;
    if (typeof date !== 'string') return false;
    return !admits(floor, excluded, id, parseServiceDate(storedDate(date), store.utcOffsetMinutes));
  }

  const mentions = decode(rest, projectId);
  // A reply listing an id twice (the merge keeps the later copy), or in another form than the
  // settled copy's ("+7", "7.0"): when a settled id is read too, every record is read.
  return mentions.some((m) => settled.has(m.id)) ? decodeAll() : mentions;
}

function ownedBy(raw: Record<string, unknown>, projectId: number): boolean {
  const owner = raw.project_id;
  return owner == null || owner === '' || plainId(owner) === projectId;
}

function decode(records: readonly unknown[], projectId: number): Mention[] {
  const mentions: Mention[] = [];
  for (const raw of records) {
    const mention = decodeMention(raw, projectId);
    if (mention) mentions.push(mention);
  }
  return mentions;
}
