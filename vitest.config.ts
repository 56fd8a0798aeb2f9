import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/unit/support/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
    // Worker threads start a test file faster than forked processes; each file still gets its own
    // module graph (isolation stays on: files set up mocks and fake browsers of their own).
    pool: 'threads',
  },
});
