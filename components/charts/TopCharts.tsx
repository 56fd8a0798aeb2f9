// The sites and the authors with the most mentions among the results, as ranked bars.
import { BarList } from '@/components/charts/BarList';
import { ChartFigure } from '@/components/charts/ChartFigure';
import { t, uiLanguage } from '@/lib/i18n';
import type { Ranked } from '@/lib/charts/top';
import type { MessageKey } from '@/lib/i18n';

interface Words {
  name: MessageKey;
  note: MessageKey;
  caption: MessageKey;
  column: MessageKey;
  empty: MessageKey;
}

export const TOP_SITES: Words = {
  name: 'chartTopSites',
  note: 'chartTopSitesNote',
  caption: 'chartTopSitesCaption',
  column: 'chartSite',
  empty: 'chartNoSites',
};

export const TOP_AUTHORS: Words = {
  name: 'chartTopAuthors',
  note: 'chartTopAuthorsNote',
  caption: 'chartTopAuthorsCaption',
  column: 'chartAuthor',
  empty: 'chartNoAuthors',
};

export function TopChart({ words, ranked }: { words: Words; ranked: readonly Ranked[] }) {
  const name = t(words.name);
  const number = new Intl.NumberFormat(uiLanguage());
  return (
    <ChartFigure
      name={name}
      note={t(words.note)}
      empty={ranked.length === 0 ? t(words.empty) : null}
      table={{
        caption: t(words.caption),
        head: [t(words.column), t('chartMentionsColumn')],
        rows: ranked.map((r) => ({ key: r.name, name: r.name, cells: [number.format(r.count)] })),
      }}
    >
      {(noteId) => (
        <BarList
          label={name}
          describedBy={noteId}
          bars={ranked.map((r) => ({ name: r.name, value: r.count }))}
        />
      )}
    </ChartFigure>
  );
}
