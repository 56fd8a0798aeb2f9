// Filter by source (only the sources the stored mentions come from); each option carries its
// unread count.
import { t, uiLanguage } from '@/lib/i18n';
import { sourceName } from '@/lib/projects/types';
import type { SourceOption } from '@/lib/mention-view/view-model';

interface SourceFilterProps {
  sources: readonly SourceOption[];
  value: string | null;
  onChange(source: string | null): void;
}

export function SourceFilter(props: SourceFilterProps) {
  const format = new Intl.NumberFormat(uiLanguage());
  return (
    <label class="field field--source">
      <span class="field__label">{t('popupSourceFilter')}</span>
      <select
        class="field__select"
        value={props.value ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          props.onChange(value === '' ? null : value);
        }}
      >
        <option value="">{t('popupAllSources')}</option>
        {props.sources.map(({ source, unread }) => (
          <option key={source} value={source}>
            {t('popupSourceOption', [sourceName(source), format.format(unread)])}
          </option>
        ))}
      </select>
    </label>
  );
}
