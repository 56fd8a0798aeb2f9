// What a list shows in place of its rows: nothing to list yet (EmptyState), or more still being
// read (ListLoading). Both popup views and the mentions page show the same two states.
import type { ComponentChildren } from 'preact';
import { Icon, type IconName } from '@/components/Icon';
import { t } from '@/lib/i18n';

interface EmptyStateProps {
  icon: IconName;
  title: string;
  children: ComponentChildren;
  action?: { label: string; onClick(): void };
  /** A second way out, quieter, after the action (the popup's "Open settings" beside "Set up"). */
  secondary?: { label: string; onClick(): void };
}

/** A state with nothing to list: what is going on, and the one action that helps. */
export function EmptyState({ icon, title, children, action, secondary }: EmptyStateProps) {
  return (
    <section class="empty" aria-labelledby="empty-title">
      <span class="empty__icon" aria-hidden="true">
        <Icon name={icon} />
      </span>
      <h2 class="empty__title" id="empty-title">
        {title}
      </h2>
      <div class="empty__text">{children}</div>
      {action && (
        <button type="button" class="button button--primary" onClick={action.onClick}>
          {action.label}
        </button>
      )}
      {secondary && (
        <button type="button" class="button button--quiet" onClick={secondary.onClick}>
          {secondary.label}
        </button>
      )}
    </section>
  );
}

/**
 * A row where the list goes on: the rest of the stored mentions are still being read (a moment,
 * right after the popup opens). Inline, never a page spinner.
 */
export function ListLoading() {
  return (
    <p class="list-loading" role="status">
      {t('popupLoadingMore')}
    </p>
  );
}
