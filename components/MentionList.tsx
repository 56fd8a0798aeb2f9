// The list of mentions, a page at a time: the first paint renders one page whatever the store's
// size (the popup's first frame the rows on screen, the rest later in the room kept for them), more
// pages follow on scroll or "Show more"; pages far from view keep only their height (long-list.tsx).
// The keyboard moves between rows (roving tabindex: Tab enters the list once, arrows and j/k move
// inside it). A row's menu (RowMenu, loaded when first opened) floats over the list, outside its
// pages, whose containment would clip it.
import type { RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import { PREVIEW_UNREAD } from '@/lib/mentions/preview';
import type { StoredMention } from '@/lib/mentions/store';
import { pageKey } from '@/lib/mention-view/account-mentions';
import type { OpenMode } from '@/lib/navigation/pages';
import { lazy } from '@/components/lazy';
import { ListLoading } from '@/components/ListStates';
import { MentionPage } from '@/components/MentionPage';
import { FIRST_SCREEN, useFarPages, useRevealedRows } from '@/components/long-list';
import { menuButtonId, type RowActions } from '@/components/MentionRow';
import type { RowMenuProps } from '@/components/RowMenu';

const RowMenu = lazy<RowMenuProps>(() =>
  import('@/components/triage-ui').then((module) => module.triageUi.RowMenu),
);

/** A page of rows: the first one is in the preview the popup paints from (lib/mentions/preview.ts). */
export const PAGE_SIZE = PREVIEW_UNREAD;
/** From this many, the rows after a short preview's arrive a few a frame (see `revealed`). */
const LARGE_LIST = 1_000;

type ListMove = 'next' | 'previous' | 'first' | 'last';
/** What the keyboard does to the current row (lib/mention-view/keyboard.ts's commands). */
type RowCommand = 'open' | 'toggle-read' | 'toggle-save' | 'menu';

/** What the popup's keyboard handler can ask of the list. */
export interface ListControl {
  /** Moves to a row and focuses it; from outside the list, focuses the current row. */
  move(direction: ListMove, fromInside: boolean): void;
  /**
   * On the current row: open it as a plain click would, toggle its read state, save or unsave it,
   * or open its menu (focus on the first mute).
   */
  act(command: RowCommand): void;
}

interface MentionListProps {
  mentions: readonly StoredMention[];
  projectName(projectId: number, account: string): string;
  /** With several accounts: the name each account goes by (each row shows its own). */
  accountName?(account: string): string;
  now: number;
  /** The user's preference: a plain click opens behind too (settings.openInBackground). */
  openInBackground?: boolean;
  /** Keys (pageKey) of the saved mentions. */
  saved: ReadonlySet<string>;
  onOpen(mention: StoredMention, mode: OpenMode): void;
  actions: RowActions;
  control: RefObject<ListControl | null>;
  pageSize?: number;
  /** More rows are on their way (the store is still being read): said after the last one. */
  pending?: boolean;
  /**
   * The whole list's length when it is known before its rows are (the counts of a preview): each
   * row says its place in it, and the rows on screen need not change when the rest arrives.
   */
  setSize?: number;
  /**
   * The popup's first frame: the first FIRST_SCREEN rows only, the room of the others kept empty at
   * the height they take until first rendered (popup.css), so that what is on screen, the scrollbar
   * and what follows the rows are as they will be once they arrive (when this turns false).
   */
  firstScreen?: boolean;
}

/** The whole list's length: its rows, or more when a preview's count says so. */
function setSizeOf(props: MentionListProps): number {
  return Math.max(props.mentions.length, props.setSize ?? 0);
}

export function MentionList(props: MentionListProps) {
  const { mentions } = props;
  const pageSize = props.pageSize ?? PAGE_SIZE;
  const [limit, setLimit] = useState(pageSize);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ key: string; atMute: boolean } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const far = useFarPages(listRef);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef<string | null>(null);

  const keys = useMemo(() => mentions.map(pageKey), [mentions]);
  const found = activeKey === null ? -1 : keys.indexOf(activeKey);
  const activeIndex = found === -1 ? 0 : found;
  const target = Math.min(mentions.length, limit);
  // An appended page arrives a few rows a frame (long-list.tsx). So does the rest of the first page
  // after a preview shorter than a page, which would share its frame with a large store's render.
  const [revealed, setRevealed] = useState(() =>
    (props.setSize ?? 0) < LARGE_LIST ? limit : mentions.length,
  );
  const { shown, revealing } = useRevealedRows(target, revealed, setRevealed);
  const activeRowKey = keys[activeIndex] ?? null;
  // While the store is being read, a preview's count (setSize) says how many rows follow those it
  // holds: "Show more" is offered from it, and the first page keeps the room of its rows not in
  // yet (a preview of one of several accounts holds its share: lib/mentions/preview.ts), so the
  // store coming in changes nothing after the rows. Asked for more, the list says it is loading.
  const firstPage = limit === pageSize;
  const pageRoom = firstPage ? Math.min(limit, props.pending ? setSizeOf(props) : target) : 0;
  const total =
    props.pending && (mentions.length >= limit || firstPage) ? setSizeOf(props) : mentions.length;
  const remaining = total - Math.min(limit, total);
  // Nothing is offered after the rows until they are all there or their room is kept: "Show more"
  // would move, and its observer would load a page nobody scrolled to.
  const complete = !revealing || pageRoom >= target;

  function focusRow(key: string, scroll = true): boolean {
    const row = listRef.current?.querySelector<HTMLElement>(`[data-key="${key}"] [data-primary]`);
    if (!row) return false;
    if (!scroll) {
      row.focus({ preventScroll: true });
      return true;
    }
    row.focus();
    row.scrollIntoView?.({ block: 'nearest' });
    return true;
  }

  // A row that moves to another page (rows arrived or went above it) is a new element there: the
  // focus it had falls to the body, and goes back to it once it is rendered.
  const focusedBefore = listRef.current?.contains(document.activeElement)
    ? (document.activeElement?.closest<HTMLElement>('[data-key]')?.dataset.key ?? null)
    : null;

  /** The focused row is the current one, even if its focus event has not re-rendered yet. */
  function currentIndex(): number {
    const focused = document.activeElement?.closest<HTMLElement>('[data-key]')?.dataset.key;
    const index = focused === undefined ? -1 : keys.indexOf(focused);
    return index === -1 ? activeIndex : index;
  }

  // The open menu's row; a row that left the list (muted, filtered out) takes its menu with it.
  const menuIndex = menu === null ? -1 : keys.indexOf(menu.key);
  const menuButton = menu === null ? null : document.getElementById(menuButtonId(menu.key));
  const onMenu = useCallback(
    (key: string) => setMenu((open) => (open?.key === key ? null : { key, atMute: false })),
    [],
  );
  useEffect(() => {
    if (menu !== null && menuIndex === -1) setMenu(null);
  }, [menu, menuIndex]);
  function closeMenu(refocus: boolean) {
    if (refocus && menu) document.getElementById(menuButtonId(menu.key))?.focus();
    setMenu(null);
  }

  const mine = useRef<ListControl | null>(null);
  mine.current = props.control.current = {
    move(direction, fromInside) {
      if (keys.length === 0) return;
      const current = fromInside ? currentIndex() : activeIndex;
      let index = current;
      if (fromInside) {
        if (direction === 'next') index = Math.min(keys.length - 1, current + 1);
        if (direction === 'previous') index = Math.max(0, current - 1);
        if (direction === 'first') index = 0;
        if (direction === 'last') index = Math.min(keys.length - 1, limit - 1);
      }
      const key = keys[index];
      setActiveKey(key);
      // A row on a far page is not in the document: its page renders first, the focus follows.
      far.bringNear(index - (index % pageSize));
      if (index >= limit) {
        // The row is on the next page: render it first, focus it after.
        setLimit((current) => Math.max(current + pageSize, index + 1));
        focusPending.current = key;
      } else if (!focusRow(key)) {
        focusPending.current = key;
      }
    },
    act(command) {
      const mention = mentions[currentIndex()] as StoredMention | undefined;
      if (!mention) return;
      const { actions } = props;
      if (command === 'menu') setMenu({ key: pageKey(mention), atMute: true });
      else if (command === 'toggle-read') actions.toggleRead(mention);
      else if (command === 'toggle-save') actions.toggleSave(mention);
      else props.onOpen(mention, props.openInBackground ? 'background' : 'foreground');
    },
  };

  // A list that is gone has nothing to move or toggle (unless a newer list took over already).
  const control = props.control;
  useEffect(
    () => () => {
      if (control.current === mine.current) control.current = null;
    },
    [control],
  );

  // Where the rows were at the last render: a focused row that left the list (muted, saved away)
  // hands the focus to the row now in its place.
  const lastKeys = useRef(keys);
  useLayoutEffect(() => {
    const key = focusPending.current;
    if (key !== null && focusRow(key)) focusPending.current = null;
    const focused = document.activeElement;
    const lost = focused === null || focused === document.body || !focused.isConnected;
    if (key === null && focusedBefore !== null && lost && !focusRow(focusedBefore, false)) {
      const at = lastKeys.current.indexOf(focusedBefore);
      const next = at === -1 ? undefined : keys[Math.min(at, keys.length - 1)];
      if (next !== undefined && focusRow(next, false)) setActiveKey(next);
    }
    lastKeys.current = keys;
  });

  // More rows as the end comes into view. Re-observed after each page, so a short page that
  // leaves the end still visible loads the next one too.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setLimit((current) => current + pageSize);
        }
      },
      { root: sentinel.closest('.scroller'), rootMargin: '0px 0px 300px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [limit, complete && remaining > 0, pageSize]);

  const setSize = setSizeOf(props);
  const rendered = props.firstScreen ? Math.min(shown, FIRST_SCREEN) : shown;
  const kept = Math.max(shown, pageRoom) - rendered;
  const pages = [];
  for (let start = 0; start < rendered; start += pageSize) {
    const end = Math.min(start + pageSize, rendered);
    pages.push(
      <MentionPage
        key={start}
        mentions={mentions}
        keys={keys}
        setSize={setSize}
        start={start}
        end={end}
        farHeight={far.heights.get(start) ?? null}
        activeKey={activeIndex >= start && activeIndex < end ? activeRowKey : null}
        menuKey={menuIndex >= start && menuIndex < end ? menu!.key : null}
        saved={props.saved}
        projectName={props.projectName}
        accountName={props.accountName}
        now={props.now}
        openInBackground={props.openInBackground ?? false}
        onOpen={props.onOpen}
        actions={props.actions}
        onActivate={setActiveKey}
        onMenu={onMenu}
      />,
    );
  }

  // A list of pages, each a wrapper of its rows (MentionPage): the list is the element with the
  // role, the rows its items.
  return (
    <>
      <div
        class="mentions"
        role="list"
        ref={listRef}
        aria-label={t('popupListLabel')}
        data-mention-list=""
      >
        {pages}
      </div>
      {kept > 0 && <div class="mentions__kept" aria-hidden="true" style={{ '--kept': kept }} />}
      {menuIndex !== -1 && menuButton && (
        <RowMenu
          mention={mentions[menuIndex]}
          saved={props.saved.has(menu!.key)}
          button={menuButton}
          atMute={menu!.atMute}
          actions={props.actions}
          onClose={closeMenu}
          onUnavailable={() => closeMenu(true)}
        />
      )}
      {complete && remaining === 0 && props.pending && <ListLoading />}
      {complete && remaining > 0 && (
        <div class="show-more" ref={sentinelRef}>
          <button
            type="button"
            class="button button--quiet"
            onClick={() => setLimit((current) => current + pageSize)}
          >
            {tn('popupShowMore', Math.min(pageSize, remaining))}
          </button>
        </div>
      )}
    </>
  );
}
