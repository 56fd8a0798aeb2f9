// The demo build: the extension preset to a running fake service (wxt.config.ts, `--mode demo`),
// into .output/chrome-mv3-demo. `npm run demo` and the store material (store-material.ts) use it.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const DEMO_BUILD_DIR = resolve('.output/chrome-mv3-demo');

/** Builds the demo build for `service`; false when the build failed (its output is shown). */
export function buildDemo(service: { url: string; apiKey: string }): boolean {
  const build = spawnSync('npx', ['wxt', 'build', '--mode', 'demo'], {
    stdio: 'inherit',
    env: { ...process.env, MM_DEMO_SERVICE_URL: service.url, MM_DEMO_API_KEY: service.apiKey },
  });
  return build.status === 0;
}
