import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { ZONES, ZONE_SUITES, zoneProject } from './tests/unit/support/zones.js';

// Every suite, as one project each: `npx vitest run --project <name>`. Only `unit` and the
// `zone-*` projects run without a build; the others read .output/ (see tests/run-all.ts for the
// order).

const unitTest = {
  setupFiles: ['tests/unit/support/setup.ts'],
  restoreMocks: true,
  testTimeout: 20_000,
};

// The product's modules import each other as `@/lib/...` (the alias WXT gives the build).
const alias = { '@': fileURLToPath(new URL('.', import.meta.url)) };

// End-to-end suites drive the built extension in a real browser, one file at a time: each launches
// its own browser, and these machines have two cores.
const browserTest = { fileParallelism: false, testTimeout: 60_000, hookTimeout: 60_000 };

const projects: TestProjectInlineConfiguration[] = [
  {
    plugins: [WxtVitest()],
    test: {
      ...unitTest,
      name: 'unit',
      include: ['tests/unit/**/*.test.{ts,tsx}'],
      exclude: ZONE_SUITES,
      // Worker threads start a test file faster than forked processes; each file still gets its
      // own module graph (isolation stays on: files set up mocks and fake browsers of their own).
      pool: 'threads',
    },
  },
  // The time-dependent suites, once per zone (tests/unit/support/zones.ts). Forked processes:
  // a worker thread cannot change its zone.
  ...ZONES.map((zone): TestProjectInlineConfiguration => ({
    plugins: [WxtVitest()],
    test: {
      ...unitTest,
      name: zoneProject(zone),
      include: ZONE_SUITES,
      pool: 'forks',
      env: { TZ: zone },
    },
  })),
  // Reads the production Chrome build: each entry's JS, gzipped, against its budget.
  { test: { name: 'size', include: ['tests/size/**/*.test.ts'] } },
  // Store readiness of the production builds (Chrome and Firefox).
  {
    test: {
      name: 'build',
      include: ['tests/build/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  },
  // Chromium, on the e2e build (`wxt build --mode e2e`).
  {
    resolve: { alias },
    test: { ...browserTest, name: 'e2e', include: ['tests/e2e/**/*.test.ts'] },
  },
  // Firefox ESR through WebDriver BiDi, on `wxt build -b firefox --mv3 --mode e2e`.
  {
    resolve: { alias },
    test: { ...browserTest, name: 'firefox', include: ['tests/e2e-firefox/**/*.test.ts'] },
  },
];

export default defineConfig({
  test: {
    projects,
    // vitest's default for a run is one worker fewer than the cores: one worker on a 2-core CI
    // machine, while the main process mostly waits on it. A worker per core runs the unit suite
    // about a third faster there; the browser suites stay one file at a time (fileParallelism).
    maxWorkers: availableParallelism(),
  },
});
