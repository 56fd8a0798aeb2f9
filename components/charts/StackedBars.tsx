// Bars per local day, stacked, drawn by uPlot on a canvas. The drawing is an image with a name
// (the figure's table holds the numbers); labels on it are canvas text, never markup. It follows
// its container's width (a side panel or a full tab). It is built when its series or the colour
// scheme change; new figures for the same series go to the drawing it has (uPlot's setData), which
// keeps its canvas, axes and listeners instead of making them again on every filter change.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { canDraw, cssColor, useDarkScheme } from '@/components/charts/chart-theme';
import { uiLanguage } from '@/lib/i18n';
import { axisTop, stacked } from '@/lib/charts/daily';

export interface StackLayer {
  name: string;
  values: readonly number[];
  /** The custom property holding its colour (`--chart-1`). */
  color: string;
}

interface StackedBarsProps {
  /** The drawing's accessible name (the chart's name). */
  label: string;
  /** The id of the text that says what it shows, for aria-describedby. */
  describedBy?: string;
  /** Epoch ms of each day's start. */
  days: readonly number[];
  /** Bottom first. */
  layers: readonly StackLayer[];
  /** Values are shares in percent (the axis runs 0 to 100 %). */
  percent?: boolean;
}

const HEIGHT = 180;
const FONT = '11px system-ui, sans-serif';
const COUNT_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000];

/** The value axis's width at least, and its room besides the labels (the ticks and a gap). */
const VALUE_AXIS_MIN = 44;
const VALUE_AXIS_ROOM = 20;

let measure: CanvasRenderingContext2D | null | undefined;

/** A label's width in the axis font (about 7 px a character where there is no canvas to ask). */
function textWidth(text: string): number {
  measure ??= document.createElement('canvas').getContext('2d');
  if (!measure) return text.length * 7;
  measure.font = FONT;
  return measure.measureText(text).width;
}

/** Wide enough for the widest label: German's "100 %" is wider than "100%", and was cut. */
function valueAxisSize(_u: uPlot, values: string[] | null): number {
  const widest = Math.max(0, ...(values ?? []).map(textWidth));
  return Math.max(VALUE_AXIS_MIN, Math.ceil(widest) + VALUE_AXIS_ROOM);
}

/** The top of the value axis for these figures: 100 % for shares, else above the highest stack. */
function axisMax(props: StackedBarsProps): number {
  if (props.percent) return 100;
  // The top of the stack, not the largest layer: the bars stand on each other.
  const sums = stacked(props.layers.map((layer) => layer.values));
  return axisTop(Math.max(0, ...(sums[sums.length - 1] ?? [])));
}

/** What the drawing is built for: the series (names and colours, in order) and the scale kind. */
function shapeOf(props: StackedBarsProps): string {
  return JSON.stringify([props.percent ?? false, props.layers.map((l) => [l.name, l.color])]);
}

/** `top` holds the axis's top; the range reads it on every redraw, so setData can move it. */
function options(el: HTMLElement, props: StackedBarsProps, top: { value: number }): uPlot.Options {
  const locale = uiLanguage();
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const count = new Intl.NumberFormat(locale);
  const share = new Intl.NumberFormat(locale, { style: 'percent' });
  const text = cssColor(el, '--chart-text', '#575f6e');
  const grid = cssColor(el, '--chart-grid', '#d8dce3');
  const axis = {
    stroke: text,
    font: FONT,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid },
  };
  const bars = uPlot.paths.bars?.({ size: [0.7, 28], gap: 1 });
  return {
    width: Math.max(1, el.clientWidth),
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      // Half a day on each side, so the first and last bars are whole.
      x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
      y: { range: () => [0, top.value] },
    },
    axes: [
      { ...axis, values: (_u, splits) => splits.map((s) => day.format(s * 1000)) },
      {
        ...axis,
        size: valueAxisSize,
        // uPlot takes the first step that leaves room between labels: in percent, quarters or halves.
        incrs: props.percent ? [25, 50, 100] : COUNT_STEPS,
        values: (_u, splits) =>
          splits.map((s) => (props.percent ? share.format(s / 100) : count.format(s))),
      },
    ],
    // The highest running sum first: each lower layer is drawn over the bottom of the one above.
    series: [
      {},
      ...[...props.layers].reverse().map((layer) => {
        const color = cssColor(el, layer.color, '#888');
        return {
          label: layer.name,
          fill: color,
          stroke: color,
          width: 0,
          paths: bars,
          points: { show: false },
        };
      }),
    ],
  };
}

function data(props: StackedBarsProps): uPlot.AlignedData {
  const sums = stacked(props.layers.map((layer) => layer.values));
  return [props.days.map((ms) => ms / 1000), ...sums.reverse()];
}

interface Drawing {
  plot: uPlot;
  top: { value: number };
  /** The figures it shows. */
  days: StackedBarsProps['days'];
  layers: StackedBarsProps['layers'];
}

export function StackedBars(props: StackedBarsProps) {
  const box = useRef<HTMLDivElement>(null);
  const drawing = useRef<Drawing | null>(null);
  const dark = useDarkScheme();
  const shape = shapeOf(props);

  // Built for a shape and a scheme (colours are read from CSS when building).
  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    const top = { value: axisMax(props) };
    const plot = new uPlot(options(el, props, top), data(props), el);
    drawing.current = { plot, top, days: props.days, layers: props.layers };
    let width = el.clientWidth;
    // Only a change of width matters; the height is fixed, so drawing cannot feed back into it.
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (el.clientWidth === width || el.clientWidth === 0) return;
            width = el.clientWidth;
            plot.setSize({ width, height: HEIGHT });
          })
        : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot.destroy();
      drawing.current = null;
    };
    // The figures are read once here; later ones go through setData below.
  }, [shape, dark]);

  // New figures for the drawing as it is (one just built has them): the axis top first, as
  // setData rescales through it.
  useEffect(() => {
    const current = drawing.current;
    if (!current || (current.days === props.days && current.layers === props.layers)) return;
    current.days = props.days;
    current.layers = props.layers;
    current.top.value = axisMax(props);
    current.plot.setData(data(props));
  }, [props.days, props.layers]);

  return (
    <div
      ref={box}
      class="chart__drawing"
      role="img"
      aria-label={props.label}
      aria-describedby={props.describedBy}
    />
  );
}
