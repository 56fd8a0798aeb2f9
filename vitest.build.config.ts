import { defineConfig } from 'vitest/config';

// Checks of the production builds in .output/ (run after `npm run build` and `build:firefox`).
export default defineConfig({
  test: { include: ['tests/build/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
});
