// Benchmark: the built extension's JS per entry point, gzipped (each file on its own, level 9).
// The same measurement backs the size check in `npm test` (tests/size), which fails over budget;
// here the figures are only reported. Builds the Chrome extension first: a build left over from
// older sources would report their sizes.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GZIP_BUDGETS } from '../size/budgets';
import { CHROME_BUILD, measureBuild, type BuiltFile } from '../size/bundle-sizes';
import type { Figure, Figures } from './support/types';

export const name = 'bundle size';

const kb = (bytes: number) => bytes / 1000;
const listFiles = (files: BuiltFile[]) =>
  files
    .map((f) => `${f.path} ${kb(f.gzip).toFixed(1)} KB (raw ${kb(f.raw).toFixed(1)})`)
    .join(', ');

export async function run(): Promise<Figures> {
  console.log('   building: npx wxt build');
  const built = spawnSync('npx', ['wxt', 'build'], { stdio: 'ignore' });
  if (built.status !== 0 || !existsSync(join(CHROME_BUILD, 'manifest.json'))) {
    throw new Error('npx wxt build failed');
  }
  const sizes = measureBuild(CHROME_BUILD);
  const figures: Figure[] = [];
  for (const entry of sizes.entries) {
    const budget = GZIP_BUDGETS[entry.name];
    figures.push({
      label: `${entry.name} JS (entry + chunks it loads)`,
      unit: 'KB gzip',
      value: kb(entry.gzip),
      ...(budget === undefined ? {} : { budget: kb(budget) }),
      note: listFiles(entry.scripts),
    });
    if (entry.styles.length > 0) {
      figures.push({
        label: `${entry.name} CSS`,
        unit: 'KB gzip',
        value: kb(entry.styles.reduce((sum, f) => sum + f.gzip, 0)),
      });
    }
  }
  for (const file of sizes.shared) {
    figures.push({ label: `shared chunk ${file.path}`, unit: 'KB gzip', value: kb(file.gzip) });
  }
  return {
    figures,
    parameters: {
      build: CHROME_BUILD,
      // The build is reused when present: it may predate the latest source changes.
      'built at': statSync(join(CHROME_BUILD, 'manifest.json')).mtime.toISOString(),
      gzip: 'zlib level 9, each file on its own; KB = 1,000 bytes',
    },
  };
}
