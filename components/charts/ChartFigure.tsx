// One chart as the page shows it: a figure with its name as a heading, a line saying what it
// shows, the drawing, and the same numbers as a table behind "Table: <name>" for anyone who
// cannot see or read the drawing. Every cell is text.
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { t } from '@/lib/i18n';

interface ChartTable {
  caption: string;
  /** Column headings; the first heads the row names. */
  head: readonly string[];
  /** One row per entry: its name, then its cells. */
  rows: readonly { key: string; name: ComponentChildren; cells: readonly string[] }[];
}

interface ChartFigureProps {
  name: string;
  /** What the drawing shows, in a sentence (its accessible description). */
  note: string;
  /** Shown instead of the drawing when there is nothing to draw. */
  empty?: string | null;
  table: ChartTable;
  /** The drawing, given the id of the note for aria-describedby. */
  children(noteId: string): ComponentChildren;
  /** Under the drawing, outside the image (a legend). */
  after?: ComponentChildren;
  /** 3 on the page's Trends section; 4 inside a section of charts of its own. */
  level?: 3 | 4;
}

export function ChartFigure(props: ChartFigureProps) {
  const noteId = useId();
  const Heading = props.level === 4 ? 'h4' : 'h3';
  return (
    <figure class="chart">
      <figcaption class="chart__caption">
        <Heading class="chart__title">{props.name}</Heading>
        <p class="chart__note" id={noteId}>
          {props.note}
        </p>
      </figcaption>
      {props.empty ? <p class="chart__empty">{props.empty}</p> : props.children(noteId)}
      {!props.empty && props.after}
      <details class="chart__table">
        <summary>{t('chartTable', props.name)}</summary>
        <div class="chart__scroll">
          <table>
            <caption>{props.table.caption}</caption>
            <thead>
              <tr>
                {props.table.head.map((heading, index) => (
                  <th scope="col" key={index}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.table.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.name}</th>
                  {row.cells.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
