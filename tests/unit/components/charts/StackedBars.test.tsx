// @vitest-environment happy-dom
// The uPlot wiring of the daily charts, with uPlot stood in (happy-dom cannot draw): what it is
// given, when it is rebuilt or given new figures, resized and destroyed, and that without a canvas the page keeps an
// empty, named drawing box instead of failing.
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StackedBars, type StackLayer } from '@/components/charts/StackedBars';

const { plots } = vi.hoisted(() => ({ plots: [] as FakePlot[] }));

interface FakePlot {
  options: {
    height: number;
    scales: { y: { range: () => number[] } };
    series: { label?: string; fill?: string }[];
  };
  data: number[][];
  target: HTMLElement;
  setSize: ReturnType<typeof vi.fn>;
  setData: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
}

vi.mock('uplot', () => {
  class Plot {
    static paths = { bars: () => () => null };
    setSize = vi.fn();
    setData = vi.fn();
    destroy = vi.fn();
    constructor(
      public options: FakePlot['options'],
      public data: number[][],
      public target: HTMLElement,
    ) {
      plots.push(this as unknown as FakePlot);
    }
  }
  return { default: Plot };
});

const DAY = 86_400_000;
const days = [0, DAY, 2 * DAY].map((ms) => Date.UTC(2024, 5, 13) + ms);
const layers: StackLayer[] = [
  { name: 'Reddit', values: [3, 0, 2], color: '--chart-5' },
  { name: 'Web', values: [4, 1, 0], color: '--chart-6' },
];

let width = 400;
let resized: (() => void) | null = null;
let schemeChanged: (() => void) | null = null;
let dark = false;
const colors: Record<string, string> = {};

beforeEach(() => {
  plots.length = 0;
  width = 400;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as never);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resized = callback;
      }
      observe() {}
      disconnect() {
        resized = null;
      }
    },
  );
  vi.stubGlobal('matchMedia', () => ({
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => (schemeChanged = listener),
    removeEventListener: () => (schemeChanged = null),
  }));
  // happy-dom does not cascade custom properties; the browser does (charts.css on .trend-charts).
  vi.spyOn(window, 'getComputedStyle').mockImplementation(
    () => ({ getPropertyValue: (name: string) => colors[name] ?? '' }) as CSSStyleDeclaration,
  );
  colors['--chart-5'] = '#aa0000';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dark = false;
});

describe('StackedBars', () => {
  it('gives uPlot the days in seconds and the running sums, the highest drawn first', () => {
    render(<StackedBars label="Mentions per day" days={days} layers={layers} />);
    expect(plots).toHaveLength(1);
    const [plot] = plots;
    expect(plot.target).toBe(screen.getByRole('img', { name: 'Mentions per day' }));
    expect(plot.data).toEqual([days.map((ms) => ms / 1000), [7, 1, 2], [3, 0, 2]]);
    expect(plot.options.series.map((s) => s.label)).toEqual([undefined, 'Web', 'Reddit']);
    // The colour comes from the custom property.
    expect(plot.options.series[2].fill).toBe('#aa0000');
    // A round top above the busiest day's stack (7), not just its largest layer (4).
    expect(plot.options.scales.y.range()).toEqual([0, 10]);
  });

  it('runs a share chart from 0 to 100 %', () => {
    render(<StackedBars label="Sentiment" days={days} layers={layers} percent />);
    expect(plots[0].options.scales.y.range()).toEqual([0, 100]);
  });

  it('rebuilds for other series only, destroying the old drawing', () => {
    const view = render(<StackedBars label="Mentions per day" days={days} layers={layers} />);
    view.rerender(<StackedBars label="Mentions per day" days={days} layers={layers} />);
    expect(plots).toHaveLength(1);
    expect(plots[0].setData).not.toHaveBeenCalled();
    const next = [{ ...layers[0], values: [9, 9, 9] }];
    view.rerender(<StackedBars label="Mentions per day" days={days} layers={next} />);
    expect(plots).toHaveLength(2);
    expect(plots[0].destroy).toHaveBeenCalledTimes(1);
    expect(plots[1].data[1]).toEqual([9, 9, 9]);
    expect(plots[1].options.scales.y.range()).toEqual([0, 10]);
    expect(plots[1].setData).not.toHaveBeenCalled();
  });

  it('gives new figures of the same series to the drawing it has, its axis top with them', () => {
    const view = render(<StackedBars label="Mentions per day" days={days} layers={layers} />);
    const later = days.map((ms) => ms + DAY);
    const next = [
      { ...layers[0], values: [30, 0, 1] },
      { ...layers[1], values: [12, 0, 0] },
    ];
    view.rerender(<StackedBars label="Mentions per day" days={later} layers={next} />);
    expect(plots).toHaveLength(1);
    expect(plots[0].destroy).not.toHaveBeenCalled();
    expect(plots[0].setData).toHaveBeenCalledWith([
      later.map((ms) => ms / 1000),
      [42, 0, 1],
      [30, 0, 1],
    ]);
    // uPlot reads the range again as it rescales for the new figures.
    expect(plots[0].options.scales.y.range()).toEqual([0, 50]);
  });

  it('follows the width of its box, and only the width', () => {
    render(<StackedBars label="Mentions per day" days={days} layers={layers} />);
    resized?.();
    expect(plots[0].setSize).not.toHaveBeenCalled();
    width = 320;
    resized?.();
    expect(plots[0].setSize).toHaveBeenCalledWith({ width: 320, height: plots[0].options.height });
  });

  it('redraws in the new colours when the colour scheme changes', () => {
    render(<StackedBars label="Mentions per day" days={days} layers={layers} />);
    colors['--chart-5'] = '#ff8888';
    dark = true;
    schemeChanged?.();
    return vi.waitFor(() => {
      expect(plots).toHaveLength(2);
      expect(plots[1].options.series[2].fill).toBe('#ff8888');
    });
  });

  it('lets go of the drawing and the observer when removed', () => {
    const view = render(<StackedBars label="Mentions per day" days={days} layers={layers} />);
    // Inside act, as a page unmounts it: Preact runs the effects' clean-ups there.
    act(() => void view.unmount());
    expect(plots[0].destroy).toHaveBeenCalledTimes(1);
    expect(resized).toBeNull();
  });

  it('without a canvas keeps the named box and draws nothing', () => {
    vi.mocked(HTMLCanvasElement.prototype.getContext).mockReturnValue(null);
    render(<StackedBars label="Mentions per day" days={days} layers={layers} />);
    expect(screen.getByRole('img', { name: 'Mentions per day' })).toBeTruthy();
    expect(plots).toHaveLength(0);
  });
});
