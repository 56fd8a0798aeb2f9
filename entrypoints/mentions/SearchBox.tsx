// The search box: results follow every keystroke. The hint says what the box understands
// (lib/search/query.ts): every word, "exact phrases" and -exclusions.
import { t } from '@/lib/i18n';

interface SearchBoxProps {
  value: string;
  onInput(value: string): void;
}

export function SearchBox({ value, onInput }: SearchBoxProps) {
  return (
    <div class="search" role="search">
      <input
        id="search"
        type="search"
        class="search__input"
        aria-label={t('mentionsPageSearchLabel')}
        aria-describedby="search-hint"
        placeholder={t('mentionsPageSearchPlaceholder')}
        value={value}
        spellcheck={false}
        autocomplete="off"
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <p id="search-hint" class="search__hint">
        {t('mentionsPageSearchHint')}
      </p>
    </div>
  );
}
