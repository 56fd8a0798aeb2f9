// A row where the list goes on: the rest of the stored mentions are still being read (a moment,
// right after the popup opens). Inline, never a page spinner.
import { t } from '@/lib/i18n';

export function ListLoading() {
  return (
    <p class="list-loading" role="status">
      {t('popupLoadingMore')}
    </p>
  );
}
