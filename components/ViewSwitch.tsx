// "New" (unread, the default), "All recent" or "Saved": three toggle buttons, New and Saved with
// their counts in the current project and source filter.
import { t, uiLanguage } from '@/lib/i18n';
import type { PopupView } from '@/lib/mention-view/view-model';

interface ViewSwitchProps {
  view: PopupView;
  /** Unread in the current project and source filter, shown on "New". */
  unread: number;
  /** Saved in the current project and source filter, shown on "Saved"; null until known. */
  saved: number | null;
  onChange(view: PopupView): void;
}

export function ViewSwitch({ view, unread, saved, onChange }: ViewSwitchProps) {
  const format = new Intl.NumberFormat(uiLanguage());
  const item = (value: PopupView, label: string, count: number | null) => (
    <button
      type="button"
      class="segmented__item"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
    >
      {label}
      {count !== null && count > 0 && <span class="count"> {format.format(count)}</span>}
    </button>
  );
  return (
    <div class="segmented" role="group" aria-label={t('popupViewLabel')}>
      {item('new', t('popupViewNew'), unread)}
      {item('all', t('popupViewAll'), null)}
      {item('saved', t('popupViewSaved'), saved)}
    </div>
  );
}
