import { beforeEach } from 'vitest';
import { installFakeI18n } from './i18n';

// findBy… and waitFor give up after 1 s by default. Rows that arrive a few per animation frame
// took longer than that on a loaded CI machine (unit suites share it with browsers): wait up to
// 10 s, still well inside each test's own timeout. A wait that is met returns at once. Only suites
// with a DOM (happy-dom) render and wait; the others do not load testing-library at all.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/preact');
  configure({ asyncUtilTimeout: 10_000 });
}

installFakeI18n();
beforeEach(() => {
  installFakeI18n();
});
