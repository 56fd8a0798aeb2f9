// `npm run bench`: runs every benchmark module in tests/bench/ (each file here other than this
// one exports `name` and `run()`), prints one table and writes bench-report.json. Benchmarks report
// figures and mark budgets; they never fail the run on a figure (timings are not deterministic; the
// deterministic size budget is enforced by tests/size instead).
//
// `npm run bench -- merge fleet` runs only the modules whose name or file contains one of the words.
import './support/fake-extension';
import { readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeMachine } from './support/machine';
import { renderParameters, renderTable } from './support/table';
import type { BenchModule, Figures } from './support/types';

const here = dirname(fileURLToPath(import.meta.url));
const REPORT = join(here, '..', '..', 'bench-report.json');

function isBenchModule(value: unknown): value is BenchModule {
  const m = value as Partial<BenchModule>;
  return typeof m?.name === 'string' && typeof m.run === 'function';
}

async function loadModules(filters: string[]): Promise<BenchModule[]> {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.ts') && f !== basename(fileURLToPath(import.meta.url)))
    .sort();
  const modules: BenchModule[] = [];
  for (const file of files) {
    // The URL is a file of this directory, never remote input.
    // eslint-disable-next-line no-unsanitized/method
    const loaded: unknown = await import(pathToFileURL(join(here, file)).href);
    if (!isBenchModule(loaded)) throw new Error(`${file} does not export name and run()`);
    const wanted = filters.length === 0 || filters.some((w) => (file + loaded.name).includes(w));
    if (wanted) modules.push(loaded);
  }
  return modules;
}

async function main(): Promise<void> {
  const machine = describeMachine();
  const modules = await loadModules(process.argv.slice(2));
  const results: Record<string, Figures> = {};
  const startedAt = new Date().toISOString();
  for (const module of modules) {
    console.log(`── ${module.name}`);
    const began = performance.now();
    results[module.name] = await module.run();
    console.log(`   done in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
  const report = { startedAt, machine, results };
  writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${renderTable(results, machine)}\n`);
  for (const [name, r] of Object.entries(results)) {
    const text = renderParameters(name, r.parameters);
    if (text) console.log(`${text}\n`);
  }
  console.log(`Report written to ${REPORT}`);
}

await main();
