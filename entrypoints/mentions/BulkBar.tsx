// What can be done to many mentions at once: select every row the filters match, then mark them
// read or unread, save, mute their authors or sites, or open them. Each action offers its undo
// (use-bulk.ts). Shown above the list; the actions appear once something is selected.
import type { Ref } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import type { BulkAction } from '@/lib/mentions-page/bulk-actions';

interface BulkBarProps {
  selected: number;
  /** Rows the filters match; null while the store is still being read. */
  shown: number | null;
  busy: boolean;
  onSelectAll(): void;
  onClear(): void;
  onAction(action: BulkAction): void;
  /** "Open in new tabs", where the focus goes back after its question. */
  openButton?: Ref<HTMLButtonElement>;
}

const ACTIONS = [
  ['markRead', 'mentionsPageBulkMarkRead'],
  ['markUnread', 'mentionsPageBulkMarkUnread'],
  ['save', 'mentionsPageBulkSave'],
  ['unsave', 'mentionsPageBulkUnsave'],
  ['muteAuthors', 'mentionsPageBulkMuteAuthors'],
  ['muteSites', 'mentionsPageBulkMuteSites'],
  ['open', 'mentionsPageBulkOpen'],
] as const satisfies readonly (readonly [BulkAction, string])[];

export function BulkBar(props: BulkBarProps) {
  const { selected, shown, busy, onSelectAll, onClear, onAction, openButton } = props;
  const allBox = useRef<HTMLInputElement>(null);
  const all = shown !== null && shown > 0 && selected === shown;
  useEffect(() => {
    // "Some selected" has no attribute: it is the checkbox's indeterminate property.
    if (allBox.current) allBox.current.indeterminate = selected > 0 && !all;
  }, [selected, all]);

  return (
    <div class="bulk" role="group" aria-label={t('mentionsPageBulkLabel')}>
      <label class="check">
        <input
          ref={allBox}
          type="checkbox"
          checked={all}
          disabled={!shown}
          onChange={() => (all ? onClear() : onSelectAll())}
        />
        {shown === null ? t('mentionsPageSelectAllPending') : tn('mentionsPageSelectAll', shown)}
      </label>
      {selected > 0 && (
        <>
          <span class="bulk__count" role="status">
            {tn('mentionsPageSelected', selected)}
          </span>
          {ACTIONS.map(([action, label]) => (
            <button
              key={action}
              ref={action === 'open' ? openButton : undefined}
              type="button"
              class="button"
              // Not disabled: a disabled button would drop the focus while its action runs.
              aria-disabled={busy ? 'true' : undefined}
              onClick={() => onAction(action)}
            >
              {t(label)}
            </button>
          ))}
          <button type="button" class="button button--quiet" onClick={onClear}>
            {t('mentionsPageClearSelection')}
          </button>
        </>
      )}
    </div>
  );
}
