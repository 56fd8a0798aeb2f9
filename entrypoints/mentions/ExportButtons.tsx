// Export what is shown, or the selection when there is one, as CSV (for spreadsheets) or JSON.
// The line under the buttons says which, so nobody hands a colleague the wrong list.
import { t, tn } from '@/lib/i18n';

export type ExportFormat = 'csv' | 'json';

interface ExportButtonsProps {
  /** How many rows an export writes; null while the store is still being read. */
  count: number | null;
  /** True when the export is the selection, not every row shown. */
  selection: boolean;
  onExport(format: ExportFormat): void;
}

export function ExportButtons({ count, selection, onExport }: ExportButtonsProps) {
  return (
    <div class="export" role="group" aria-label={t('mentionsPageExportLabel')}>
      <button
        type="button"
        class="button"
        disabled={!count}
        aria-describedby="export-what"
        onClick={() => onExport('csv')}
      >
        {t('mentionsPageExportCsv')}
      </button>
      <button
        type="button"
        class="button"
        disabled={!count}
        aria-describedby="export-what"
        onClick={() => onExport('json')}
      >
        {t('mentionsPageExportJson')}
      </button>
      <span id="export-what" class="export__what">
        {count !== null &&
          tn(selection ? 'mentionsPageExportSelected' : 'mentionsPageExportShown', count)}
      </span>
    </div>
  );
}
