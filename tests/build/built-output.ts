// Reading the production builds in .output/ (made by `npm run build` and `npm run build:firefox`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const BUILDS = {
  chrome: '.output/chrome-mv3',
  firefox: '.output/firefox-mv3',
} as const;
export type BuildName = keyof typeof BUILDS;

export function manifestOf(build: BuildName): Record<string, unknown> {
  const path = join(BUILDS[build], 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build it first (npm run build)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** Every file of a build with the given ending, as [path relative to the build, text]. */
export function filesOf(build: BuildName, ending: string): [string, string][] {
  const root = BUILDS[build];
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(ending)) out.push([relative(root, path), readFileSync(path, 'utf8')]);
    }
  };
  walk(root);
  return out;
}
