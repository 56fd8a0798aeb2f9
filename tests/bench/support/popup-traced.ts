// The traced runs of the popup benchmark: where the first paint's time goes (where-time-goes.ts),
// for the popup, its first-screen floor and the empty page; and the popup's first second by the
// CPU time of its tasks (task-cpu.ts).
import { BLANK_PAGE } from './bench-build';
import { FIRST_SCREEN_FLOOR_PAGE } from './floor-pages';
import { POPUP_PAGE, ROW, type PopupBench } from './popup-bench';
import { summarize } from './stats';
import { formatNumber } from './table';
import { tracedTasks } from './task-cpu';
import type { Figure } from './types';
import { describeBreakdown, whereTimeGoes } from './where-time-goes';

const count = (n: number) => n.toLocaleString('en-US');

export async function tracedFigures(
  bench: PopupBench,
  size: number,
  runs: number,
): Promise<Figure[]> {
  const traced = async (label: string, path: string, selector: string): Promise<Figure> => {
    const times = await whereTimeGoes(bench, path, selector, runs);
    const { median: value, spread } = summarize(times.totals);
    const note = `main thread, medians: ${describeBreakdown(times.breakdown)}`;
    return { label, unit: 'ms', value, spread, note };
  };
  const tasks = await tracedTasks(bench, POPUP_PAGE, ROW, runs);
  const longest = tasks.map((run) => run.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a)));
  const { median: value, spread } = summarize(longest.map((t) => t.cpuMs));
  const over = tasks.flat().filter((t) => t.cpuMs > 50).length;
  return [
    await traced(`traced: popup, ${count(size)} stored, first row`, POPUP_PAGE, ROW),
    await traced('traced: first-screen floor, first row', FIRST_SCREEN_FLOOR_PAGE, ROW),
    await traced('traced: empty page, first frame', BLANK_PAGE, 'body'),
    {
      label: `traced: popup, ${count(size)} stored: longest task of the first second, CPU time`,
      unit: 'ms',
      value,
      spread,
      budget: 50,
      note:
        `the main thread's own time in its longest task per run (trace tdur): ` +
        longest
          .map(
            (t) =>
              `${formatNumber(t.cpuMs)} at ${formatNumber(t.at)} ms (wall ${formatNumber(t.wallMs)})`,
          )
          .join('; ') +
        `; tasks over 50 ms of CPU in all ${runs} runs: ${over}`,
    },
  ];
}
