// The readable side of the report: one row per figure, aligned columns, budgets marked.
import type { Machine } from './machine';
import type { Figure, Figures } from './types';

/** Three significant digits, without exponent notation for the sizes we print. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  return value.toPrecision(3);
}

function budgetCell(figure: Figure): string {
  if (figure.budget === undefined) return '';
  const within = figure.value <= figure.budget;
  return `≤ ${formatNumber(figure.budget)} ${within ? 'ok' : 'OVER'}`;
}

function rowOf(bench: string, figure: Figure): string[] {
  const s = figure.spread;
  return [
    bench,
    figure.label,
    `${formatNumber(figure.value)} ${figure.unit}`,
    s ? `${formatNumber(s.p10)}–${formatNumber(s.p90)}` : '',
    s ? `${formatNumber(s.min)}–${formatNumber(s.max)}` : '',
    s ? String(s.runs) : '',
    budgetCell(figure),
  ];
}

export function renderTable(results: Record<string, Figures>, machine: Machine): string {
  const header = ['benchmark', 'figure', 'median / value', 'p10–p90', 'min–max', 'runs', 'budget'];
  const rows = Object.entries(results).flatMap(([bench, r]) =>
    r.figures.map((f) => rowOf(bench, f)),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const notes = Object.entries(results).flatMap(([bench, r]) =>
    r.figures.filter((f) => f.note).map((f) => `  ${bench} / ${f.label}: ${f.note}`),
  );
  return [
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ` +
      `Node ${machine.node}, ${machine.os}, load ${machine.loadAverage}`,
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    ...(notes.length > 0 ? ['', 'Notes:', ...notes] : []),
  ].join('\n');
}

export function renderParameters(name: string, parameters: Figures['parameters']): string {
  if (!parameters) return '';
  const entries = Object.entries(parameters).map(([k, v]) => `  ${k}: ${v}`);
  return [`Parameters of ${name}:`, ...entries].join('\n');
}
