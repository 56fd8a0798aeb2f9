import { defineConfig } from 'vitest/config';

// The bundle size check: reads the built extension (.output/chrome-mv3), so it runs after
// `npx wxt build`, apart from the unit suites (which must not depend on a build).
export default defineConfig({
  test: {
    include: ['tests/size/**/*.test.ts'],
  },
});
