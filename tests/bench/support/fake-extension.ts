// The extension's modules find the browser API once, when WXT's `browser` module first loads
// (`globalThis.chrome`): the benches that run them in Node get WXT's fake browser as that API, set
// here before any bench module is loaded (run-all.ts imports this first). It speaks English, as the
// unit tests' does, so words the benches compute (the badge's) match the built extension's.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installFakeI18n } from '../../unit/support/i18n';

(globalThis as { chrome?: unknown }).chrome ??= fakeBrowser;
installFakeI18n();
