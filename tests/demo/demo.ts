// `npm run demo`: the extension against the bundled fake service, with sample data, in one command.
// It builds a demo build (preset to the fake service), starts the fake service in demo mode (new
// mentions every half minute), and opens Chromium with the extension loaded, the options page and a
// sample site. With no display (or --headless) it walks the main screens and saves screenshots.
//
//   npm run demo                      a browser window; Ctrl-C stops everything
//   npm run demo -- --headless        screenshots only, printed folder
//   npm run demo -- --out DIR         screenshots into DIR
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { startFakeService } from '../fake-service/server';
import { walkThrough } from './walk-through';

const args = process.argv.slice(2);
const headless = args.includes('--headless') || !process.env.DISPLAY;
const outIndex = args.indexOf('--out');
const outDir = resolve(
  outIndex >= 0 ? args[outIndex + 1] : mkdtempSync(join(tmpdir(), 'mention-monitor-demo-')),
);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO_EVERY_MS = 30_000;

const service = await startFakeService({ port: 0, demoEveryMs: DEMO_EVERY_MS });
const port = new URL(service.url).port;
console.log(`Fake service: ${service.url} (demo key ${service.apiKey}; new mentions every 30 s)`);

const build = spawnSync('npx', ['wxt', 'build', '--mode', 'demo'], {
  stdio: 'inherit',
  env: { ...process.env, MM_DEMO_SERVICE_URL: service.url, MM_DEMO_API_KEY: service.apiKey },
});
if (build.status !== 0) {
  await service.close();
  throw new Error('The demo build failed');
}
const extensionDir = resolve('.output/chrome-mv3-demo');
const profile = mkdtempSync(join(tmpdir(), 'mention-monitor-profile-'));

// Set once the browser runs; Ctrl-C may come before that.
const running: { context?: BrowserContext } = {};
async function stop(code = 0): Promise<never> {
  await running.context?.close().catch(() => undefined);
  await service.close();
  rmSync(profile, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromePath,
  headless,
  viewport: headless ? { width: 1000, height: 800 } : null,
  args: [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // Sample sites such as http://acme.test:PORT/ are served by the fake service.
    '--host-resolver-rules=MAP *.test 127.0.0.1',
  ],
});
running.context = context;
const worker =
  context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
const extensionId = new URL(worker.url()).host;
const sampleSite = `http://acme.test:${port}/`;

if (headless) {
  mkdirSync(outDir, { recursive: true });
  const shots = await walkThrough({ context, extensionId, sampleSite, outDir }).catch(
    async (error: unknown) => {
      console.error('The demo walk-through failed:', error);
      return stop(1);
    },
  );
  console.log(`\nScreenshots (${shots.length}) in ${outDir}:`);
  for (const shot of shots) console.log(`  ${shot}`);
  await stop(0);
} else {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  const site = await context.newPage();
  await site.goto(sampleSite);
  console.log(`\nChromium is open with Mention Monitor connected to the fake service.`);
  console.log(`Try the toolbar button on ${sampleSite}. Ctrl-C stops everything.`);
  context.on('close', () => void stop(0));
}
