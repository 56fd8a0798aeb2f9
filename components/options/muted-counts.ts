// How many stored mentions each mute rule hides, for the options page's "Muted" list. The rules'
// reading is lib/triage/mute.ts's (rulesMatching); this only counts. A mention two rules match
// counts for both: each count is what that rule matches, whatever the other rules do.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { followMentionStore } from '@/lib/mentions/mention-storage';
import type { MentionStore } from '@/lib/mentions/store';
import { rulesMatching } from '@/lib/triage/mute';
import type { MuteRule } from '@/lib/triage/triage-state';

/** Stored mentions matched, by rule id (every rule present, 0 when it hides none). */
function hiddenCounts(rules: readonly MuteRule[], store: MentionStore): Map<string, number> {
  const counts = new Map<string, number>(rules.map((rule) => [rule.id, 0]));
  if (rules.length === 0) return counts;
  for (const mentions of Object.values(store.byProject)) {
    for (const mention of mentions) {
      for (const rule of rulesMatching(rules, mention)) {
        counts.set(rule.id, (counts.get(rule.id) ?? 0) + 1);
      }
    }
  }
  return counts;
}

/**
 * The counts of account `account`'s rules over its store, kept current as the store changes;
 * undefined until the store is read. The store (up to a few megabytes) is read only while there
 * are rules to count for.
 */
export function useHiddenCounts(
  rules: readonly MuteRule[],
  account: string,
): Map<string, number> | undefined {
  const [store, setStore] = useState<MentionStore | undefined>(undefined);
  const any = rules.length > 0;
  useEffect(() => {
    setStore(undefined);
    if (!any) return;
    return followMentionStore(account, setStore);
  }, [any, account]);
  return useMemo(() => (store ? hiddenCounts(rules, store) : undefined), [rules, store]);
}
