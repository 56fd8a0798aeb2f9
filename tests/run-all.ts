// `npm test`: every check and suite in one run, ending with the one line CI reads:
// `N passed, N failed`. Each step counts its own tests (vitest suites report per test; the
// typecheck, lint, format check and builds count as one check each).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
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
const started = performance.now();

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status ?? 1;
}

function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

function checked(name: string, code: number, seconds: number): StepResult {
  return { name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds };
}

/** A command that passes or fails as a whole. */
function check(name: string, command: string, args: string[]): void {
  console.log(`\n── ${name}: ${command} ${args.join(' ')}`);
  const start = performance.now();
  const code = run(command, args);
  results.push(checked(name, code, secondsSince(start)));
}

/**
 * Commands that pass or fail as a whole, side by side: the typecheck keeps one core busy, and the
 * lint and the format check fit beside it. Each one's output is shown whole once all have ended.
 */
async function checksSideBySide(checks: [name: string, command: string, args: string[]][]) {
  const ended = await Promise.all(
    checks.map(
      ([name, command, args]) =>
        new Promise<{ step: StepResult; shown: string }>((resolve) => {
          const start = performance.now();
          let shown = `\n── ${name}: ${command} ${args.join(' ')}\n`;
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk: Buffer) => (shown += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (shown += chunk.toString()));
          const end = (code: number) =>
            resolve({ step: checked(name, code, secondsSince(start)), shown });
          child.on('error', (error) => {
            shown += `${error.message}\n`;
            end(1);
          });
          child.on('close', (code) => end(code ?? 1));
        }),
    ),
  );
  for (const { step, shown } of ended) {
    process.stdout.write(shown);
    results.push(step);
  }
}

/**
 * Vitest projects (vitest.config.ts), counted test by test from their JSON report. `env` is added
 * to the environment.
 */
function vitestSuite(name: string, projects: string[], env: NodeJS.ProcessEnv = {}): void {
  const report = join(mkdtempSync(join(tmpdir(), 'mm-test-')), 'report.json');
  const which = projects.flatMap((project) => ['--project', project]);
  const shownEnv = Object.entries(env).map(([key, value]) => `${key}=${value} `);
  console.log(`\n── ${name}: ${shownEnv.join('')}vitest run ${which.join(' ')}`);
  const start = performance.now();
  const code = run(
    'npx',
    [
      'vitest',
      'run',
      ...which,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
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

await checksSideBySide([
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
]);
// The unit suite runs once. The suites that depend on the local zone run once per zone in processes
// of their own (tests/unit/support/zones.ts); the rest cannot tell one zone from another and run
// under a zone behind UTC with daylight saving time.
vitestSuite('unit', ['unit'], { TZ: 'America/New_York' });
vitestSuite('zones', ['zone-*']);
check('build chrome', 'npx', ['wxt', 'build']);
// Reads the production Chrome build just made: each entry's JS, gzipped, against its budget.
vitestSuite('size', ['size']);
check('build firefox', 'npx', ['wxt', 'build', '-b', 'firefox', '--mv3']);
vitestSuite('store readiness', ['build']);
check('build e2e', 'npx', ['wxt', 'build', '--mode', 'e2e']);
vitestSuite('e2e chromium', ['e2e']);
check('build firefox e2e', 'npx', ['wxt', 'build', '-b', 'firefox', '--mv3', '--mode', 'e2e']);
vitestSuite('e2e firefox', ['firefox']);

console.log('\n── summary');
for (const r of results) {
  const time = `${r.seconds.toFixed(0).padStart(4)} s`;
  console.log(`${r.name.padEnd(20)} ${time}  ${r.passed} passed, ${r.failed} failed`);
  for (const failure of r.failures ?? []) console.log(`  ✗ ${failure}`);
}
// Less than the sum of the steps: the first three run side by side.
console.log(`${'all steps'.padEnd(20)} ${secondsSince(started).toFixed(0).padStart(4)} s`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
