// The extension the browser benchmarks load: `wxt build --mode e2e` (the fake service's loopback
// origins are required host permissions, so nothing waits on a permission prompt), built in a
// private copy of the sources and used from there:
//   - others rebuild .output/ at any moment, and the e2e suites load .output/chrome-mv3-e2e: the
//     benchmark neither reads a build that may change under it nor replaces the one they test;
//   - it builds with NODE_ENV=production. A plain `--mode e2e` build is not a production build to
//     Vite (mode is not "production"), so @preact/preset-vite compiles development JSX (source
//     locations on every element) and the devtools hooks: 27% more popup JS that users never run.
//     With NODE_ENV=production the chunks are byte for byte the production build's; only the
//     manifest differs. MM_BENCH_DEV_JSX=1 measures the plain e2e build instead.
// The sources are the working tree (tracked and new files, tests/ left out). When it does not
// build (someone is half-way through a change), the last commit is built instead and the report
// says so; MM_BENCH_BUILD=head builds the last commit in any case.
//
// MM_BENCH_DIR=<a built chrome-mv3-e2e directory> measures that build instead of building one
// (e.g. a candidate fix built in a copy of the sources, compared without touching the tree); the
// extra pages below are written into it. MM_BENCH_BASELINE=<another such directory> adds that
// build's popup as bench-baseline-popup.html, which the popup benchmark measures beside this
// build's in the same runs: a before and after on the same machine at the same moment. It reads
// the storage this build's background writes, so both must store the same way.
//
// The build gets extra pages: bench-blank.html, an empty extension page of the same build, the
// floor the popup's first paint is compared with, and the storage floors of floor-pages.ts. Built
// once per `npm run bench` and shared.
import { execSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeFloorPages } from './floor-pages';

export const BLANK_PAGE = 'bench-blank.html';
/** Another build's popup (MM_BENCH_BASELINE), in this build. */
export const BASELINE_POPUP_PAGE = 'bench-baseline-popup.html';

const OUTPUT = join('.output', 'chrome-mv3-e2e');
const BLANK_HTML =
  '<!DOCTYPE html>\n<html lang="en">\n<title>Blank</title>\n<body></body>\n</html>\n';

export interface BenchBuild {
  /** The built extension, with bench-blank.html and the floor pages. */
  dir: string;
  /** What was built and how (for the report). */
  source: string;
  /** Where BASELINE_POPUP_PAGE comes from, when the build has one. */
  baseline: string | null;
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const devJsx = () => process.env.MM_BENCH_DEV_JSX === '1';

/** Builds the sources in `root`; false (and the first error line) when they do not build. */
function wxtBuild(root: string): boolean {
  const env = devJsx() ? { ...process.env } : { ...process.env, NODE_ENV: 'production' };
  const built = spawnSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (built.status !== 0) {
    const lines = built.stderr.split('\n').filter((line) => line.trim() !== '');
    const first = lines.find((line) => /error/i.test(line)) ?? lines.at(-1) ?? '';
    console.log(`   wxt build failed: ${first.trim()}`);
  }
  return built.status === 0;
}

/** A directory holding the working tree's sources (what git would see), tests/ left out. */
function copyWorkingTree(): string {
  const root = tempDir('mm-bench-src-');
  const files = execSync('git ls-files -z --cached --others --exclude-standard', {
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && !file.startsWith('tests/') && existsSync(file));
  for (const file of files) cpSync(file, join(root, file), { recursive: false });
  return root;
}

/** A directory holding the last commit's sources. */
function copyHead(): string {
  const root = tempDir('mm-bench-src-');
  execSync(`git archive HEAD | tar -x -C "${root}"`);
  return root;
}

function buildIn(root: string): string | null {
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  return wxtBuild(root) ? join(root, OUTPUT) : null;
}

/**
 * Copies the popup of the build in `baseline` into `dir` as BASELINE_POPUP_PAGE, with the scripts
 * and styles it loads (every chunk and asset of that build). Their names carry a hash of their
 * content, so a file both builds have is the same file.
 */
function addBaselinePopup(dir: string, baseline: string): string {
  if (!existsSync(join(baseline, 'popup.html'))) {
    throw new Error(`MM_BENCH_BASELINE: no popup.html in ${baseline}`);
  }
  for (const folder of ['chunks', 'assets']) {
    for (const file of readdirSync(join(baseline, folder))) {
      const from = join(baseline, folder, file);
      const to = join(dir, folder, file);
      if (!existsSync(to)) cpSync(from, to);
      else if (!readFileSync(from).equals(readFileSync(to))) {
        throw new Error(`MM_BENCH_BASELINE: ${folder}/${file} differs between the two builds`);
      }
    }
  }
  cpSync(join(baseline, 'popup.html'), join(dir, BASELINE_POPUP_PAGE));
  return `the popup of the build in ${baseline} (MM_BENCH_BASELINE)`;
}

/** The pages every bench build gets: the empty page, the floors, the baseline popup if asked. */
function addPages(dir: string): string | null {
  writeFileSync(join(dir, BLANK_PAGE), BLANK_HTML);
  writeFloorPages(dir);
  const baseline = process.env.MM_BENCH_BASELINE;
  return baseline ? addBaselinePopup(dir, baseline) : null;
}

/** A build made elsewhere (MM_BENCH_DIR), with the extra pages added. */
function given(dir: string): BenchBuild {
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`MM_BENCH_DIR: no build in ${dir}`);
  const baseline = addPages(dir);
  return { dir: resolve(dir), source: `the build in ${dir} (MM_BENCH_DIR)`, baseline };
}

function build(): BenchBuild {
  const flavour = devJsx() ? 'plain --mode e2e (development JSX)' : 'NODE_ENV=production';
  const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  let dir: string | null = null;
  let source = '';
  if (process.env.MM_BENCH_BUILD !== 'head') {
    console.log(`   building the working tree (wxt build --mode e2e, ${flavour})`);
    dir = buildIn(copyWorkingTree());
    source = `working tree (on ${commit})`;
  }
  if (!dir) {
    console.log(`   building the last commit ${commit}`);
    dir = buildIn(copyHead());
    if (!dir) throw new Error(`the last commit ${commit} does not build either`);
    source =
      process.env.MM_BENCH_BUILD === 'head'
        ? `last commit ${commit} (MM_BENCH_BUILD=head)`
        : `last commit ${commit} (the working tree did not build)`;
  }
  const baseline = addPages(dir);
  return { dir, source: `${source}, ${flavour}`, baseline };
}

let shared: BenchBuild | undefined;

/** The bench build, made on first use. */
export function benchBuild(): BenchBuild {
  const dir = process.env.MM_BENCH_DIR;
  shared ??= dir ? given(dir) : build();
  return shared;
}
