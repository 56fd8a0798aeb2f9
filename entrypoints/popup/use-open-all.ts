// "Open all": every mention the list shows (as filtered and revealed, the rows "Mark all read"
// marks) opens in a background tab, in list order, and the opened ones are marked read in one
// command. Above OPEN_ALL_ASK_ABOVE tabs it asks first; focus comes back to the button after. What
// opens and when to ask are the pure rules of lib/mention-view/actions.ts.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { type Report, asksFirst, openTargets, type OpenTarget } from '@/lib/mention-view/actions';
import { t, tn } from '@/lib/i18n';
import type { StoredMention } from '@/lib/mentions/store';
import type { MentionFilter } from '@/entrypoints/popup/use-mention-filter';

export interface OpenAll {
  /** The mentions it would open now; while rows are being read, "New"'s unread count, else null. */
  count: number | null;
  /** There is something to open (or, while rows are being read, there may be). */
  canOpen: boolean;
  /** Waiting for the rows to be read, or opening the tabs: a second press does nothing. */
  busy: boolean;
  /** The question asked above OPEN_ALL_ASK_ABOVE: how many would open. Null when not asking. */
  asking: number | null;
  /** The "Open all" button, where focus returns after the question. */
  button: { current: HTMLButtonElement | null };
  openAll(): void;
  confirm(): void;
  cancel(): void;
}

export function useOpenAll(
  list: Pick<MentionFilter, 'visible' | 'filterKey' | 'keepVisible' | 'filter' | 'scopeUnread'>,
  markRead: (mentions: readonly StoredMention[]) => Promise<boolean>,
  report: (report: Report) => void,
): OpenAll {
  const { visible, filterKey } = list;
  const targets = useMemo(() => openTargets(visible.shown), [visible.shown]);
  // Pressed while the rows of its filter were still being read (its filter key), as markAllRead.
  const [queued, setQueued] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [asking, setAsking] = useState<OpenTarget[] | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const wasAsking = useRef(false);

  async function open(chosen: readonly OpenTarget[]) {
    setOpening(true);
    const opened: OpenTarget[] = [];
    let failed = false;
    // One after another, each awaited: the tabs line up in the order of the list.
    for (const target of chosen) {
      try {
        await browser.tabs.create({ url: target.url, active: false });
      } catch {
        report({ text: t('popupOpenFailed'), tone: 'error' });
        failed = true;
        break;
      }
      opened.push(target);
    }
    // What opened is read now; its rows stay in view, as after opening one in the background.
    const unread = opened.map((o) => o.mention).filter((m) => !m.read);
    for (const mention of unread) list.keepVisible(mention);
    const marked = unread.length === 0 || (await markRead(unread));
    if (!failed && marked) report({ text: tn('popupOpenedAll', opened.length), tone: 'info' });
    setOpening(false);
  }

  function start() {
    if (targets.length === 0) return;
    if (asksFirst(targets.length)) setAsking(targets);
    else void open(targets);
  }

  function openAll() {
    if (opening || queued !== null || asking !== null) return;
    // Some rows of this filter are still being read: open them all once they are (below).
    if (visible.pending) setQueued(filterKey);
    else start();
  }

  useEffect(() => {
    if (queued === null || visible.pending) return;
    setQueued(null);
    if (queued === filterKey) start();
  }, [queued, visible.pending, filterKey]);

  // The question closed (either answer): focus goes back to the button that asked it.
  useEffect(() => {
    if (asking !== null) wasAsking.current = true;
    else if (wasAsking.current) {
      wasAsking.current = false;
      button.current?.focus();
    }
  }, [asking]);

  return {
    // While the store is being read, "New" counts what its count of unread says (once the store
    // is in, those without a web link drop out): the button's name stays as it is in the usual
    // case, where every mention has one, instead of changing a moment after the first paint.
    count: visible.pending
      ? list.filter.view === 'new'
        ? list.scopeUnread
        : null
      : targets.length,
    canOpen: targets.length > 0 || visible.pending,
    busy: opening || queued !== null,
    asking: asking?.length ?? null,
    button,
    openAll,
    confirm: () => {
      const chosen = asking ?? [];
      setAsking(null);
      void open(chosen);
    },
    cancel: () => setAsking(null),
  };
}
