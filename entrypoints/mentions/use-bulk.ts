// Bulk triage on the page: one action at a time on the selected rows (lib/mentions-page/
// bulk-actions.ts runs it through the background), its result said with an Undo. Opening more
// tabs than a glance can check asks first, as the popup's "Open all" does.
import { useState } from 'preact/hooks';
import { type Report, asksFirst, openTargets } from '@/lib/mention-view/actions';
import type { Undo } from '@/components/use-undo';
import { runBulk, type BulkAction } from '@/lib/mentions-page/bulk-actions';
import type { StoredMention } from '@/lib/mentions/store';

interface Bulk {
  busy: boolean;
  /** How many tabs "Open in new tabs" waits to be allowed to open; null when not asking. */
  asking: number | null;
  run(action: BulkAction, mentions: readonly StoredMention[]): void;
  confirmOpen(): void;
  cancelOpen(): void;
}

export function useBulk(report: (report: Report) => void, offerUndo: Undo['offerUndo']): Bulk {
  const [busy, setBusy] = useState(false);
  const [pendingOpen, setPendingOpen] = useState<readonly StoredMention[] | null>(null);

  async function perform(action: BulkAction, mentions: readonly StoredMention[]) {
    setBusy(true);
    try {
      const outcome = await runBulk(action, mentions, report);
      if (outcome) offerUndo(outcome.message, () => outcome.undo());
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    asking: pendingOpen && openTargets(pendingOpen).length,
    run(action, mentions) {
      if (busy || mentions.length === 0) return;
      if (action === 'open' && asksFirst(openTargets(mentions).length)) {
        setPendingOpen(mentions);
        return;
      }
      void perform(action, mentions);
    },
    confirmOpen() {
      const mentions = pendingOpen;
      setPendingOpen(null);
      if (mentions) void perform('open', mentions);
    },
    cancelOpen: () => setPendingOpen(null),
  };
}
