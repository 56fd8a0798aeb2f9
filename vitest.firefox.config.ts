import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The Firefox end-to-end suites drive the Firefox build (.output/firefox-mv3-e2e, from
// `wxt build -b firefox --mv3 --mode e2e`) in Firefox ESR through WebDriver BiDi. One file at a
// time: each launches its own browser, and these machines have two cores.
export default defineConfig({
  // The product's modules import each other as `@/lib/...` (the alias WXT gives the build).
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['tests/e2e-firefox/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
