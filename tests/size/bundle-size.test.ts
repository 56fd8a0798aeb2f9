// The size check in `npm test` (project `size` in vitest.config.ts): fails when an entry's JS, gzipped, is over
// its budget. Sizes are deterministic for a given build, unlike timings, so this can be a test.
// It reads the Chrome build (.output/chrome-mv3): run after `npx wxt build`.
import { describe, expect, it } from 'vitest';
import { GZIP_BUDGETS } from './budgets';
import { measureBuild } from './bundle-sizes';

const sizes = measureBuild();

describe('bundle size budgets (gzip)', () => {
  for (const [name, budget] of Object.entries(GZIP_BUDGETS)) {
    it(`${name} JS is at most ${budget / 1000} KB gzipped`, () => {
      const entry = sizes.entries.find((e) => e.name === name);
      expect(entry, `the manifest names no ${name}`).toBeDefined();
      const { gzip, scripts } = entry!;
      // Shown only on failure: the entry, its size, its budget, and the files that make it up.
      const files = scripts.map((f) => `${f.path} ${f.gzip}`).join(', ');
      const message = `${name} JS is ${gzip} bytes gzipped, ${gzip - budget!} over its budget of ${budget} (${files})`;
      expect(gzip, message).toBeLessThanOrEqual(budget!);
    });
  }
});
