// `npm test`: every check and suite in one run, ending with the one line CI reads:
// `N passed, N failed`. Each step counts its own tests (vitest suites report per test; the
// typecheck, lint, format check and builds count as one check each).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface StepResult {
  name: string;
  passed: number;
  failed: number;
  /** Wall time, so the summary shows where a run's minutes go. */
  seconds: number;
  /** The names of the tests that failed, repeated in the summary (CI keeps only its tail). */
  failures?: string[];
}

const results: StepResult[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status ?? 1;
}

function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

/** A command that passes or fails as a whole. */
function check(name: string, command: string, args: string[]): void {
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  const start = performance.now();
  const code = run(command, args);
  const seconds = secondsSince(start);
  results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds });
}

/**
 * A vitest suite: counted test by test from its JSON report. `env` is added to the environment
 * (TZ for the time-zone runs).
 */
function vitestSuite(
  name: string,
  configFile: string,
  options: { env?: NodeJS.ProcessEnv; related?: string[] } = {},
): void {
  const report = join(mkdtempSync(join(tmpdir(), 'mm-test-')), 'report.json');
  const env = Object.entries(options.env ?? {}).map(([key, value]) => `${key}=${value} `);
  const related = options.related ?? [];
  const which = related.length > 0 ? ['related', '--run', ...related] : ['run'];
  console.log(`\n── ${name}: ${env.join('')}vitest ${which.join(' ')} --config ${configFile}`);
  const start = performance.now();
  const code = run(
    'npx',
    [
      'vitest',
      ...which,
      '--config',
      configFile,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    options.env,
  );
  const seconds = secondsSince(start);
  if (!existsSync(report)) {
    results.push({ name, passed: 0, failed: 1, seconds });
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults?: {
      name: string;
      assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
    }[];
  };
  const failures = (json.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const firstLine = (test.failureMessages?.[0] ?? '').split('\n')[0]!.slice(0, 300);
        return `${file.name.replace(process.cwd() + '/', '')} › ${test.fullName}: ${firstLine}`;
      }),
  );
  // A suite file that fails to load reports no tests but a non-zero exit: count it as a failure.
  const failed = json.numFailedTests + (code !== 0 && json.numFailedTests === 0 ? 1 : 0);
  results.push({ name, passed: json.numPassedTests, failed, seconds, failures });
}

/**
 * The product files that read the local zone: Date's local getters and setters, a Date made of
 * calendar parts, Date.parse, toLocale…String, Intl.DateTimeFormat. Found by reading the sources,
 * so a new one is never left out.
 */
function productFilesReadingTheLocalZone(): string[] {
  const readsZone =
    /\.(get|set)(Hours|Date|Day|Month|FullYear|Minutes|Seconds)\(|getTimezoneOffset\(|\.toLocale\w*String\(|\.to(Date|Time)String\(|new Date\([^)]*,|Date\.parse\(|Intl\.DateTimeFormat/;
  return ['lib', 'components', 'entrypoints']
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)),
    )
    .filter((file) => /\.tsx?$/.test(file) && readsZone.test(readFileSync(file, 'utf8')));
}

check('typecheck', 'npx', ['tsc', '--noEmit']);
check('lint', 'npx', ['eslint', '.']);
check('format', 'npx', ['prettier', '--check', '.']);
// The service writes its own wall time and the browser has its own zone: no test may depend on the
// zone it runs in. The whole suite runs under a zone behind UTC with daylight saving time, and every
// test that reaches a product file reading the local zone again under one ahead of UTC; the rest
// cannot tell one zone from another. A developer's own `npm run test:unit` covers their zone.
vitestSuite('unit TZ=America/New_York', 'vitest.config.ts', { env: { TZ: 'America/New_York' } });
vitestSuite('unit TZ=Asia/Tokyo', 'vitest.config.ts', {
  env: { TZ: 'Asia/Tokyo' },
  related: productFilesReadingTheLocalZone(),
});
check('build chrome', 'npx', ['wxt', 'build']);
// Reads the production Chrome build just made: each entry's JS, gzipped, against its budget.
vitestSuite('size', 'vitest.size.config.ts');
check('build firefox', 'npx', ['wxt', 'build', '-b', 'firefox', '--mv3']);
vitestSuite('store readiness', 'vitest.build.config.ts');
check('build e2e', 'npx', ['wxt', 'build', '--mode', 'e2e']);
vitestSuite('e2e chromium', 'vitest.e2e.config.ts');
check('build firefox e2e', 'npx', ['wxt', 'build', '-b', 'firefox', '--mv3', '--mode', 'e2e']);
vitestSuite('e2e firefox', 'vitest.firefox.config.ts');

console.log('\n── summary');
for (const r of results) {
  const time = `${r.seconds.toFixed(0).padStart(4)} s`;
  console.log(`${r.name.padEnd(26)} ${time}  ${r.passed} passed, ${r.failed} failed`);
  for (const failure of r.failures ?? []) console.log(`  ✗ ${failure}`);
}
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`${'all steps'.padEnd(26)} ${total.toFixed(0).padStart(4)} s`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
