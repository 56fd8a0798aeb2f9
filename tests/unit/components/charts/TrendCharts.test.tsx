// @vitest-environment happy-dom
// The Trends charts as the page renders them. happy-dom has no canvas, so the uPlot drawings stay
// empty boxes here (StackedBars.test.tsx checks the wiring with uPlot stood in; the drawing itself
// is checked in the built extension); these tests check what every reader gets: the figures, their
// names, the tables, and that they follow the results once they stop changing (a keystroke in the
// page's search box renders none of them).
import { act, cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartFigure } from '@/components/charts/ChartFigure';
import { TrendCharts, type TrendChartsProps } from '@/components/charts/TrendCharts';
import { sendMessage } from '@/lib/messaging/messenger';
import { stored } from '../../support/mention-factory';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));
// Counted: how often the charts render.
vi.mock('@/components/charts/ChartFigure', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/components/charts/ChartFigure')>();
  return { ...actual, ChartFigure: vi.fn(actual.ChartFigure) };
});

/** The pause after which the charts take the newest results (components/charts/use-settled.ts). */
const SETTLE_MS = 250;

const HOUR = 3_600_000;
const NOW = new Date(2024, 5, 15, 12, 0).getTime();

const mentions = [
  stored({
    id: 1,
    addedAt: NOW - HOUR,
    source: 'reddit',
    sentiment: -2,
    author: 'Ann',
    url: 'https://blog.acme.co.uk/1',
  }),
  stored({
    id: 2,
    addedAt: NOW - 2 * HOUR,
    source: 'reddit',
    sentiment: 1,
    author: 'Ann',
    url: 'https://www.acme.co.uk/2',
  }),
  stored({
    id: 3,
    addedAt: NOW - 2 * HOUR,
    source: 'web',
    sentiment: 0,
    author: 'Bob',
    url: 'https://news.example.com/3',
  }),
];

function props(overrides: Partial<TrendChartsProps> = {}): TrendChartsProps {
  return {
    mentions,
    now: NOW,
    projectName: (id) => `Project ${id}`,
    projectId: null,
    ...overrides,
  };
}

const stats = vi.mocked(sendMessage);

/** The table behind "Table: <name>", as rows of cell texts (headings included). */
function tableOf(name: string): string[][] {
  const summary = screen.getByText(`Table: ${name}`, { selector: 'summary' });
  const table = within(summary.closest('details') as HTMLElement).getByRole('table');
  return [...table.querySelectorAll('tr')].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
  );
}

/** Time passes (the page's idle moments come as timers here: happy-dom has no idle callback). */
async function wait(ms: number) {
  await act(async () => void vi.advanceTimersByTime(ms));
}

/** Preact runs effects after the next frame: the pause starts there. */
const FRAME = 20;

/** Rendered, and its first figures taken (the first wait only for an idle moment). */
async function renderCharts(p: TrendChartsProps) {
  const view = render(<TrendCharts {...p} />);
  await wait(FRAME);
  return view;
}

/** New results as the page renders them (a keystroke), up to their frame. */
async function change(view: ReturnType<typeof render>, p: TrendChartsProps) {
  view.rerender(<TrendCharts {...p} />);
  await wait(FRAME);
}

/** New results, and the pause after them (and its idle moment). */
async function follow(view: ReturnType<typeof render>, p: TrendChartsProps) {
  await change(view, p);
  await wait(SETTLE_MS + 1);
}

beforeEach(() => {
  stats.mockReset();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TrendCharts', () => {
  it('shows the four charts, each a named figure with a named drawing and a table', async () => {
    await renderCharts(props());
    const names = ['Mentions per day', 'Sentiment over time', 'Top sites', 'Top authors'];
    expect(screen.getAllByRole('figure').map((f) => f.querySelector('h3')?.textContent)).toEqual(
      names,
    );
    for (const name of names) {
      expect(screen.getByRole('heading', { name, level: 3 })).toBeTruthy();
      const drawing = screen.getByRole('img', { name });
      // Described by the sentence under the heading.
      const note = document.getElementById(drawing.getAttribute('aria-describedby') ?? '');
      expect(note?.textContent).not.toBe('');
      const summary = screen.getByText(`Table: ${name}`, { selector: 'summary' });
      expect(summary.closest('details')?.querySelector('caption')?.textContent).not.toBe('');
    }
    // The service's statistics need a project.
    expect(stats).not.toHaveBeenCalled();
  });

  it('tables the last 30 days by source, today last, with the day total', async () => {
    await renderCharts(props());
    const rows = tableOf('Mentions per day');
    expect(rows[0]).toEqual(['Day', 'Reddit', 'Web', 'Total']);
    expect(rows).toHaveLength(31);
    expect(rows[30].slice(1)).toEqual(['2', '1', '3']);
    expect(rows[1].slice(1)).toEqual(['0', '0', '0']);
    const today = screen
      .getAllByRole('rowheader')
      .find((th) => th.querySelector('time[datetime="2024-06-15"]'));
    expect(today).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Legend: Mentions per day' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(expect.arrayContaining(['Reddit', 'Web']));
  });

  it('tables each sign with its share of the day', async () => {
    await renderCharts(props());
    const rows = tableOf('Sentiment over time');
    expect(rows[0]).toEqual(['Day', 'Negative', 'Neutral', 'Positive', 'Total']);
    expect(rows[30].slice(1)).toEqual(['1 (33%)', '1 (33%)', '1 (33%)', '3']);
    expect(rows[29].slice(1)).toEqual(['0', '0', '0', '0']);
  });

  it('ranks sites by registrable domain and authors by name', async () => {
    await renderCharts(props());
    expect(tableOf('Top sites')).toEqual([
      ['Site', 'Mentions'],
      ['acme.co.uk', '2'],
      ['example.com', '1'],
    ]);
    expect(tableOf('Top authors')).toEqual([
      ['Author', 'Mentions'],
      ['Ann', '2'],
      ['Bob', '1'],
    ]);
    const bars = screen.getByRole('img', { name: 'Top authors' });
    expect(bars.textContent).toContain('Ann');
  });

  it('follows the results: new props redraw every chart and table', async () => {
    const view = await renderCharts(props());
    await follow(view, props({ mentions: mentions.slice(2) }));
    expect(tableOf('Mentions per day')[0]).toEqual(['Day', 'Web', 'Total']);
    expect(tableOf('Mentions per day')[30].slice(1)).toEqual(['1', '1']);
    expect(tableOf('Top authors').slice(1)).toEqual([['Bob', '1']]);
    await follow(view, props({ mentions: [] }));
    expect(screen.getAllByText('No mentions in the last 30 days.')).toHaveLength(2);
    expect(screen.getByText('No sites to rank.')).toBeTruthy();
    expect(screen.getByText('No authors to rank.')).toBeTruthy();
    // The tables stay, empty or zero, for a reader who looks for them.
    expect(tableOf('Top sites')).toEqual([['Site', 'Mentions']]);
  });

  it('moves the window with the local day', async () => {
    const view = await renderCharts(props());
    view.rerender(<TrendCharts {...props({ now: NOW + 24 * HOUR })} />);
    const rows = tableOf('Mentions per day');
    expect(rows[30].slice(1)).toEqual(['0', '0', '0']);
    expect(rows[29].slice(1)).toEqual(['2', '1', '3']);
  });

  it('shows remote names as text, never as markup', async () => {
    const hostile = '<img src=x onerror="alert(1)">';
    await renderCharts(props({ mentions: [stored({ id: 9, addedAt: NOW, author: hostile })] }));
    expect(document.querySelector('img')).toBeNull();
    expect(tableOf('Top authors')[1]).toEqual([hostile, '1']);
  });

  it('keeps the last figures while the results keep changing, and follows once they pause', async () => {
    const view = await renderCharts(props());
    const figures = vi.mocked(ChartFigure);
    const drawn = figures.mock.calls.length;
    // Keystrokes 200 ms apart, each with new results and a new projectName arrow, as the page
    // renders them: the charts render none of them.
    await change(view, props({ mentions: mentions.slice(2) }));
    await wait(SETTLE_MS - 50);
    await change(view, props({ mentions: mentions.slice(1) }));
    await wait(SETTLE_MS - 50);
    expect(figures.mock.calls.length).toBe(drawn);
    expect(tableOf('Top authors').slice(1)).toEqual([
      ['Ann', '2'],
      ['Bob', '1'],
    ]);
    // The pause after the last results: their figures, drawn once.
    await wait(51);
    expect(tableOf('Top authors').slice(1)).toEqual([
      ['Ann', '1'],
      ['Bob', '1'],
    ]);
    expect(figures.mock.calls.length).toBe(drawn + 4);
  });

  it('results changed and changed back before the pause draw nothing', async () => {
    const view = await renderCharts(props());
    const drawn = vi.mocked(ChartFigure).mock.calls.length;
    await change(view, props({ mentions: [] }));
    await wait(100);
    await change(view, props());
    await wait(SETTLE_MS * 2);
    expect(vi.mocked(ChartFigure).mock.calls.length).toBe(drawn);
  });
});
