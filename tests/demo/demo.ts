// `npm run demo`: the extension against the bundled fake service, with sample data, in one command.
// It starts the fake service in demo mode (new mentions every half minute), builds a demo build
// preset to it, and opens Chromium with the extension loaded, the options page and a sample site.
// With no display (or --headless) it walks the main screens and saves screenshots instead.
//
//   npm run demo                      a browser window; Ctrl-C stops everything
//   npm run demo -- --headless        screenshots only, into a folder it prints
//   npm run demo -- --out DIR         screenshots into DIR
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchWithExtension, type ExtensionBrowser } from '../e2e/support/chromium';
import { startFakeService } from '../fake-service/server';
import { buildDemo, DEMO_BUILD_DIR } from './demo-build';
import { walkThrough } from './walk-through';

const args = process.argv.slice(2);
const headless = args.includes('--headless') || !process.env.DISPLAY;
const outIndex = args.indexOf('--out');
const outDir = resolve(
  outIndex >= 0 ? args[outIndex + 1] : mkdtempSync(join(tmpdir(), 'mention-monitor-demo-')),
);
const DEMO_EVERY_MS = 30_000;

const service = await startFakeService({ port: 0, demoEveryMs: DEMO_EVERY_MS });
console.log(`Fake service: ${service.url} (demo key ${service.apiKey}; new mentions every 30 s)`);

// Set once the browser runs; Ctrl-C may come before that.
const running: { browser?: ExtensionBrowser } = {};
async function stop(code = 0): Promise<never> {
  await running.browser?.close().catch(() => undefined);
  await service.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

if (!buildDemo(service)) {
  console.error('The demo build failed.');
  await stop(1);
}

const browser = await launchWithExtension({ extensionDir: DEMO_BUILD_DIR, headless });
running.browser = browser;
// Served by the fake service: Chromium maps *.test to 127.0.0.1.
const sampleSite = `http://acme.test:${new URL(service.url).port}/`;

if (headless) {
  mkdirSync(outDir, { recursive: true });
  try {
    const shots = await walkThrough({ browser, sampleSite, outDir });
    console.log(`\nScreenshots (${shots.length}) in ${outDir}:`);
    for (const shot of shots) console.log(`  ${shot}`);
    await stop(0);
  } catch (error) {
    console.error('The demo walk-through failed:', error);
    await stop(1);
  }
} else {
  await browser.openPage('options.html');
  const site = await browser.context.newPage();
  await site.goto(sampleSite);
  console.log('\nChromium is open with Mention Monitor connected to the fake service.');
  console.log(`Try the toolbar button on ${sampleSite}. Ctrl-C stops everything.`);
  browser.context.on('close', () => void stop(0));
}
