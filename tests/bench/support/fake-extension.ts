// The extension's modules find the browser API once, when WXT's `browser` module first loads
// (`globalThis.chrome`): the benches that run them in Node get WXT's fake browser as that API, set
// here before any bench module is loaded (run-all.ts imports this first).
import { fakeBrowser } from 'wxt/testing/fake-browser';

(globalThis as { chrome?: unknown }).chrome ??= fakeBrowser;
