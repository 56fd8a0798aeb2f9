// Bulk triage on the page: one action at a time on the selected rows (lib/mentions-page/
// bulk-actions.ts runs it through the background), its result said with an Undo.
import { useState } from 'preact/hooks';
import type { Report } from '@/components/StatusToast';
import type { Undo } from '@/components/use-undo';
import { runBulk, type BulkAction } from '@/lib/mentions-page/bulk-actions';
import type { StoredMention } from '@/lib/mentions/store';

export interface Bulk {
  busy: boolean;
  run(action: BulkAction, mentions: readonly StoredMention[]): Promise<boolean>;
}

export function useBulk(report: (report: Report) => void, offerUndo: Undo['offerUndo']): Bulk {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async run(action, mentions) {
      if (busy || mentions.length === 0) return false;
      setBusy(true);
      try {
        const outcome = await runBulk(action, mentions, report);
        if (!outcome) return false;
        offerUndo(outcome.message, () => outcome.undo());
        return true;
      } finally {
        setBusy(false);
      }
    },
  };
}
