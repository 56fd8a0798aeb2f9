// What a press of "Refresh" achieved, in words the header can show. pollNow only says whether a
// poll ran; the status and the store the background wrote say how it went.

import type { MentionStore } from '@/lib/mentions/store';
import type { CommandResult } from '@/lib/messaging/protocol';
import type { SyncStatus } from '@/lib/sync/status';

export type RefreshOutcome =
  /** The poll ran: `added` mentions are new since it started; `partial` when some projects failed. */
  | { kind: 'done'; added: number; partial: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'key-rejected' }
  | { kind: 'permission-missing' }
  | { kind: 'not-set-up' }
  /** No poll ran and nothing says why (offline, or another check held the lease). */
  | { kind: 'skipped' };

interface RefreshFacts {
  /** What pollNow answered (a message that got no answer is a failure in the browser's words). */
  result: CommandResult<{ polled: boolean }>;
  /** Epoch ms when the popup asked. */
  startedAt: number;
  configured: boolean;
  /** Read after pollNow resolved. */
  status: SyncStatus;
  store: MentionStore;
}

export function refreshOutcome(facts: RefreshFacts): RefreshOutcome {
  const { result, status, startedAt } = facts;
  if (!result.ok) return { kind: 'failed', message: result.error.message };
  if (!facts.configured) return { kind: 'not-set-up' };
  if (status.permissionMissing) return { kind: 'permission-missing' };
  if (status.keyRejected) return { kind: 'key-rejected' };
  if (status.lastError && status.lastError.at >= startedAt) {
    return { kind: 'failed', message: status.lastError.message };
  }
  if (!result.value.polled) return { kind: 'skipped' };
  let added = 0;
  for (const list of Object.values(facts.store.byProject)) {
    for (const m of list) if (m.firstSeen >= startedAt) added += 1;
  }
  const partial = Object.values(status.projectErrors).some((e) => e.at >= startedAt);
  return { kind: 'done', added, partial };
}
