// Read state from the popup: opening a mention (which reads it), the row's read/unread toggle, and
// "Mark all read" with its undo (use-undo.ts). Every change is a command to the background, which writes it;
// the popup sees it come back through storage.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { type Report, sendPerAccount } from '@/lib/mention-view/actions';
import { t, tn } from '@/lib/i18n';
import type { StoredMention } from '@/lib/mentions/store';
import type { OpenMode } from '@/lib/navigation/pages';
import { safeHttpUrl } from '@/lib/safe-url';
import { useStableCallback } from '@/components/long-list';
import type { MentionFilter } from '@/entrypoints/popup/use-mention-filter';
import type { Undo } from '@/components/use-undo';

/** How long a plain click waits for "mark read" to be delivered before the popup closes. */
const CLOSE_WAIT_MS = 1_000;

interface ReadActions {
  /** "Mark all read" waits for the rows of its filter to be read. */
  markAllQueued: boolean;
  /** The same functions every render: the rows compare them to skip rendering again. */
  onOpen(mention: StoredMention, mode: OpenMode): void;
  onToggleRead(mention: StoredMention): void;
  markAllRead(): Promise<void>;
  /** Marks these read, one command per account (no undo); false, and reported, when it failed. */
  markRead(mentions: readonly StoredMention[]): Promise<boolean>;
}

export function useReadActions(
  list: Pick<MentionFilter, 'visible' | 'filterKey' | 'keepVisible' | 'forgetKept'>,
  report: (report: Report) => void,
  offerUndo: Undo['offerUndo'],
): ReadActions {
  const { visible, filterKey, keepVisible } = list;
  // "Mark all read" pressed while the rows of its filter were still being read (its filter key).
  const [markAllQueued, setMarkAllQueued] = useState<string | null>(null);

  /** True once the background has the change; a failure is reported in the browser's words. */
  function send(type: 'markRead' | 'markUnread', mentions: readonly StoredMention[]) {
    return sendPerAccount(type, mentions, report);
  }

  async function openMention(mention: StoredMention, mode: OpenMode) {
    const url = safeHttpUrl(mention.url);
    if (!url) return;
    let marking: Promise<unknown> = Promise.resolve();
    if (!mention.read) {
      keepVisible(mention);
      // Sent before the tab opens: a popup closes as soon as the new tab takes the focus.
      marking = send('markRead', [mention]);
    }
    try {
      await browser.tabs.create({ url, active: mode === 'foreground' });
    } catch {
      report({ text: t('popupOpenFailed'), tone: 'error' });
      return;
    }
    if (mode === 'foreground') {
      await Promise.race([marking, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS))]);
      window.close();
    }
  }

  function toggleRead(mention: StoredMention) {
    if (mention.read) {
      void send('markUnread', [mention]);
    } else {
      keepVisible(mention);
      void send('markRead', [mention]);
    }
  }

  const onOpen = useStableCallback((mention: StoredMention, mode: OpenMode) => {
    void openMention(mention, mode);
  });
  const onToggleRead = useStableCallback(toggleRead);

  async function markAllRead() {
    if (visible.pending) {
      // Some rows of this filter are still being read: mark them all once they are (below).
      setMarkAllQueued(filterKey);
      return;
    }
    // What is shown, of whichever accounts it is: each account marks its own.
    const unread = visible.shown.filter((mention) => !mention.read);
    if (unread.length === 0) return;
    if (await send('markRead', unread)) {
      list.forgetKept();
      offerUndo(tn('popupMarkedRead', unread.length), () => send('markUnread', unread));
    }
  }

  useEffect(() => {
    if (markAllQueued === null || visible.pending) return;
    setMarkAllQueued(null);
    if (markAllQueued === filterKey) void markAllRead();
  }, [markAllQueued, visible.pending, filterKey]);

  return {
    markAllQueued: markAllQueued !== null,
    onOpen,
    onToggleRead,
    markAllRead,
    markRead: (mentions) => send('markRead', mentions),
  };
}
