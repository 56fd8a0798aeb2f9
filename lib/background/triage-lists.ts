// The two lists of the triage, mute rules and saved mentions, as the triage commands change them:
// one item or many at once. The single commands (mute, unmute, saveMention, unsaveMention) are the
// many ones with one item, so doubling, limits, ids and order follow the same rules for both; the
// mentions page's bulk actions (muteMany, saveMentions...) write each selection in one storage write.
import { t, type MessageKey } from '@/lib/i18n';
import { recordOf } from '@/lib/mentions/mention-record';
import {
  keyOf,
  keyString,
  type MentionKey,
  type MentionStore,
  findMention,
} from '@/lib/mentions/store';
import { ServiceError } from '@/lib/service/errors';
import { normalizeMuteValue } from '@/lib/triage/mute';
import {
  SAVED_LIMITS,
  savedItemBytes,
  savedKeys,
  type SavedMention,
  type SavedMentions,
} from '@/lib/triage/saved';
import {
  MAX_MUTE_RULES,
  type MuteKind,
  type MuteRule,
  type TriageState,
} from '@/lib/triage/triage-state';

/** A rule as a page asks for it: no id or time yet, the value as typed or clicked. */
export type RuleRequest = Omit<MuteRule, 'id' | 'createdAt'>;

const INVALID: Record<MuteKind, MessageKey> = {
  author: 'bgMuteAuthorInvalid',
  site: 'bgMuteSiteInvalid',
  phrase: 'bgMutePhraseInvalid',
};

/** A refusal the page shows in these words. */
export const invalid = (key: MessageKey, substitutions?: string) =>
  new ServiceError('invalid-input', t(key, substitutions));

/** Two rules that hide the same mentions (matching ignores case). */
const sameRule = (a: RuleRequest, b: RuleRequest) =>
  a.kind === b.kind &&
  a.projectId === b.projectId &&
  a.value.toLowerCase() === b.value.toLowerCase();

/** Each request in its rule's normal form (lib/triage/mute.ts); the first that cannot be refused in words. */
export function normalRequests(requests: readonly RuleRequest[]): RuleRequest[] {
  return requests.map(({ kind, value, projectId }) => {
    const normal = normalizeMuteValue(kind, value);
    if (normal === null) throw invalid(INVALID[kind]);
    return { kind, value: normal, projectId };
  });
}

const newRuleId = (createdAt: number) =>
  `r${createdAt.toString(36)}${Math.random().toString(36).slice(2, 8)}`;

interface RulesAdded {
  /** The same object when every rule was there already (nothing to write). */
  triage: TriageState;
  /** One per request, in its order: the rule made, or the one already there. */
  rules: MuteRule[];
  /** Only the rules made (what an undo removes). */
  added: MuteRule[];
}

/**
 * The state with a rule for each request (in normal form) that has none yet, the new ones first
 * (newest first), in the order asked. Refused in words, changing nothing, when the list would
 * pass MAX_MUTE_RULES: "full already" when it is, else "these would pass it".
 */
export function withRules(
  triage: TriageState,
  requests: readonly RuleRequest[],
  createdAt: number,
): RulesAdded {
  const added: MuteRule[] = [];
  const ids = new Set(triage.muteRules.map((rule) => rule.id));
  const rules = requests.map((request) => {
    const same = [...added, ...triage.muteRules].find((r) => sameRule(request, r));
    if (same) return same;
    let id = newRuleId(createdAt);
    while (ids.has(id)) id = newRuleId(createdAt);
    ids.add(id);
    const made: MuteRule = { id, ...request, createdAt };
    added.push(made);
    return made;
  });
  if (added.length === 0) return { triage, rules, added };
  if (triage.muteRules.length + added.length > MAX_MUTE_RULES) {
    throw triage.muteRules.length >= MAX_MUTE_RULES
      ? invalid('bgMuteTooMany')
      : invalid('bulkMuteTooMany', String(MAX_MUTE_RULES));
  }
  return { triage: { ...triage, muteRules: [...added, ...triage.muteRules] }, rules, added };
}

/**
 * A backup's rules: those that share no id with a rule here and hide what none here hides, first,
 * within MAX_MUTE_RULES (an import adds what it can, it is not refused). `added`: how many were new.
 */
export function withImportedRules(
  triage: TriageState,
  rules: readonly MuteRule[],
): { muteRules: MuteRule[]; added: number } {
  const fresh = rules.filter(
    (rule) => !triage.muteRules.some((r) => r.id === rule.id || sameRule(rule, r)),
  );
  const muteRules = [...fresh, ...triage.muteRules].slice(0, MAX_MUTE_RULES);
  return { muteRules, added: fresh.length };
}

/** The state without the rules of these ids; the same object when it had none of them. */
export function withoutRules(triage: TriageState, ruleIds: readonly string[]): TriageState {
  const gone = new Set(ruleIds);
  const muteRules = triage.muteRules.filter((rule) => !gone.has(rule.id));
  return muteRules.length === triage.muteRules.length ? triage : { ...triage, muteRules };
}

interface SavedAdded {
  /** The same object when nothing was saved anew (nothing to write). */
  saved: SavedMentions;
  /** The keys saved now, in the order asked (already saved ones are not). */
  added: MentionKey[];
  /** Keys neither saved nor stored: there is no record to copy. */
  missing: MentionKey[];
}

export interface SaveOptions {
  /**
   * What happens past SAVED_LIMITS. 'drop-oldest' (one save, an import) lets the oldest saved go, as
   * lib/triage/saved.ts says; 'refuse' (a bulk save) refuses in words instead, changing nothing:
   * a selection must not silently push out what was saved before, which its undo could not bring back.
   */
  overflow: 'drop-oldest' | 'refuse';
  limits?: typeof SAVED_LIMITS;
}

/**
 * Copies of the stored mentions of `keys` saved at `now`, first in the list in the order asked (the
 * first key on top); within the bounds the oldest saved go first, or the whole save is refused.
 * One pass over the list for any number of keys (withSaved's per-item pass, repeated, would
 * stringify every saved item once per key).
 */
export function withSavedKeys(
  saved: SavedMentions,
  store: MentionStore,
  keys: readonly MentionKey[],
  now: number,
  { overflow, limits = SAVED_LIMITS }: SaveOptions,
): SavedAdded {
  const known = savedKeys(saved);
  const fresh: SavedMention[] = [];
  const added: MentionKey[] = [];
  const missing: MentionKey[] = [];
  for (const key of keys) {
    const id = keyString(key);
    if (known.has(id)) continue;
    const mention = findMention(store, key);
    if (!mention) {
      missing.push(key);
      continue;
    }
    known.add(id);
    fresh.push({ record: recordOf(mention), savedAt: now });
    added.push(keyOf(mention));
  }
  if (fresh.length === 0) return { saved, added, missing };
  const all = [...fresh, ...saved.items];
  // The first is always kept, as withSaved keeps the one just saved.
  let kept = 1;
  let bytes = savedItemBytes(all[0]);
  while (kept < all.length && kept < limits.count) {
    bytes += savedItemBytes(all[kept]);
    if (bytes > limits.bytes) break;
    kept += 1;
  }
  if (kept < all.length && overflow === 'refuse') {
    throw invalid('bulkSaveFull', String(limits.count));
  }
  return { saved: { items: all.slice(0, kept) }, added, missing };
}

/** A backup's saved id, 'projectId:id' (its form checked by command-schemas.ts), as a key. */
export function keyOfSavedId(id: string): MentionKey {
  const [projectId, mentionId] = id.split(':').map(Number);
  return { projectId, id: mentionId };
}

/** Without the mentions of these keys; the same object when none of them was saved. */
export function withoutSavedKeys(saved: SavedMentions, keys: readonly MentionKey[]): SavedMentions {
  const gone = new Set(keys.map(keyString));
  const items = saved.items.filter((item) => !gone.has(keyString(keyOf(item.record))));
  return items.length === saved.items.length ? saved : { items };
}
