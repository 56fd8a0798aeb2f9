// A ranking as horizontal bars: a name (text, however long: it wraps or is cut by CSS), a bar of
// its share of the largest, and the number. Plain elements rather than a canvas: a ranking is read
// by its names, which the layout shows whole at any width; colours come from charts.css.
import { uiLanguage } from '@/lib/i18n';

interface BarListProps {
  label: string;
  describedBy?: string;
  bars: readonly { name: string; value: number }[];
}

export function BarList({ label, describedBy, bars }: BarListProps) {
  const format = new Intl.NumberFormat(uiLanguage());
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  // An image with a name, like the canvas charts: its parts are drawing, the table holds the data.
  return (
    <div class="bar-list" role="img" aria-label={label} aria-describedby={describedBy}>
      {bars.map((bar, index) => (
        <div class="bar-list__row" key={`${index}-${bar.name}`}>
          <span class="bar-list__name" title={bar.name}>
            {bar.name}
          </span>
          <span class="bar-list__track">
            <span
              class="bar-list__bar"
              style={{ width: `${max === 0 ? 0 : (bar.value / max) * 100}%` }}
            />
          </span>
          <span class="bar-list__value">{format.format(bar.value)}</span>
        </div>
      ))}
    </div>
  );
}
