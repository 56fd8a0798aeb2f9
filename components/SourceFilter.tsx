// Filter by source (only the sources the stored mentions come from).
import { t } from '@/lib/i18n';
import { sourceName } from '@/lib/popup/sources';

export interface SourceFilterProps {
  sources: readonly string[];
  value: string | null;
  onChange(source: string | null): void;
}

export function SourceFilter(props: SourceFilterProps) {
  return (
    <label class="field">
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
        {props.sources.map((source) => (
          <option key={source} value={source}>
            {sourceName(source)}
          </option>
        ))}
      </select>
    </label>
  );
}
