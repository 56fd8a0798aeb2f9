// "New" (unread, the default) or "All recent": two toggle buttons.
import { t, uiLanguage } from '@/lib/i18n';
import type { PopupView } from '@/lib/mention-view/view-model';

export interface ViewSwitchProps {
  view: PopupView;
  /** Unread in the current project and source filter, shown on "New". */
  unread: number;
  onChange(view: PopupView): void;
}

export function ViewSwitch({ view, unread, onChange }: ViewSwitchProps) {
  const count = new Intl.NumberFormat(uiLanguage()).format(unread);
  return (
    <div class="segmented" role="group" aria-label={t('popupViewLabel')}>
      <button
        type="button"
        class="segmented__item"
        aria-pressed={view === 'new'}
        onClick={() => onChange('new')}
      >
        {t('popupViewNew')}
        {unread > 0 && <span class="count"> {count}</span>}
      </button>
      <button
        type="button"
        class="segmented__item"
        aria-pressed={view === 'all'}
        onClick={() => onChange('all')}
      >
        {t('popupViewAll')}
      </button>
    </div>
  );
}
