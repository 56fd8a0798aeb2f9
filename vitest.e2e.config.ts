import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end suites drive the built extension (.output/) in a real browser. They run one file at
// a time: each launches its own browser, and these machines have two cores.
export default defineConfig({
  // The product's modules import each other as `@/lib/...` (the alias WXT gives the build).
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
