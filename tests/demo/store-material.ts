// The store material, from the demo (`npm run zip` runs it after the zips): screenshots at
// 1280x800 of the popup, the options page, "Monitor this site" and the mentions page, in English
// and German (store/screenshots/<lang>/), and the catalogue's part of each listing
// (store/listing/<lang>.md). It starts the fake service, makes the demo build preset to it, and
// starts Chromium once per language.
//
//   npx tsx tests/demo/store-material.ts            everything into store/
//   npx tsx tests/demo/store-material.ts --out DIR  the screenshots into DIR/<lang>/ instead
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { catalogue } from '../e2e/support/catalogue';
import { launchWithExtension } from '../e2e/support/chromium';
import { startFakeService } from '../fake-service/server';
import { buildDemo, DEMO_BUILD_DIR } from './demo-build';
import { writeListings } from './store-listing';
import { SCREENSHOT_DIR, SCREENSHOT_LOCALES } from './store-layout';
import { storeShots } from './store-shots';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outRoot = resolve(outIndex >= 0 ? args[outIndex + 1]! : SCREENSHOT_DIR);

// No scheduled mentions: both languages see the same data.
const service = await startFakeService({ port: 0 });
let failed = false;
try {
  if (!buildDemo(service)) throw new Error('The demo build failed.');
  for (const lang of SCREENSHOT_LOCALES) {
    const outDir = join(outRoot, lang);
    mkdirSync(outDir, { recursive: true });
    const browser = await launchWithExtension({ extensionDir: DEMO_BUILD_DIR, language: lang });
    try {
      const written = await storeShots({
        browser,
        serviceUrl: service.url,
        outDir,
        messages: catalogue(lang),
      });
      console.log(`Store screenshots (${lang}):\n${written.map((f) => `  ${f}`).join('\n')}`);
    } finally {
      await browser.close();
    }
  }
  console.log(
    `Store listings:\n${writeListings()
      .map((f) => `  ${f}`)
      .join('\n')}`,
  );
} catch (error) {
  console.error('The store material failed:', error);
  failed = true;
} finally {
  await service.close();
}
process.exit(failed ? 1 : 0);
