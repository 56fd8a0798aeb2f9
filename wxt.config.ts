import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// Chrome and Firefox both build as MV3. The manifest is kept deliberately narrow:
// the service origin is an optional host permission requested when the user saves it.
//
// `--mode e2e` makes the build the end-to-end suites load (.output/chrome-mv3-e2e): permission
// prompts cannot be answered in a headless browser, so that build alone lists the loopback origins
// of the fake service as required host permissions. Production builds never do.
//
// `--mode demo` (npm run demo) is the same plus a preset connection to the bundled fake service,
// read from MM_DEMO_SERVICE_URL and MM_DEMO_API_KEY at build time. Every other build compiles the
// preset to `null` (tests/build checks the production bundles hold no demo key).
const LOOPBACK_ORIGINS = ['http://127.0.0.1/*', 'http://localhost/*'];
const TEST_MODES = ['e2e', 'demo'];

function demoConnection(mode: string): string {
  if (mode !== 'demo') return 'null';
  const serviceUrl = process.env.MM_DEMO_SERVICE_URL;
  const apiKey = process.env.MM_DEMO_API_KEY;
  if (!serviceUrl || !apiKey)
    throw new Error('A demo build needs MM_DEMO_SERVICE_URL and MM_DEMO_API_KEY');
  return JSON.stringify({ serviceUrl, apiKey });
}
const TERSER_COMPRESS = { passes: 2, pure_funcs: ['console.warn'] };

export default defineConfig({
  // No webextension-polyfill: `wxt/browser` is WXT's own (`browser` in Firefox, `chrome` in
  // Chrome), whose MV3 APIs all return promises. The polyfill cost 2.7 KB gzip in the worker and as
  // much in the pages, and only wrapped what Chrome already does natively since the version below.
  // The Firefox sources zip is what a store reviewer builds from: no local reports in it.
  zip: { excludeSources: ['bench-report.json', 'test-results/**'] },
  vite: ({ mode }) => ({
    plugins: [preact()],
    // Terser, two passes: the worker and the popup about 0.4 KB gzip smaller each than Vite's own
    // minifier makes them (the 30 KB budgets of tests/size, and issue 19's lower ones). No code of
    // ours calls console.warn; WXT's wrapper of the worker does, to tell a developer that main()
    // returned a promise (ours is synchronous: entrypoints/background.ts), and that sentence was
    // 58 B of the worker's gzip. Marked pure, the unused call and its test go.
    build: {
      minify: 'terser',
      terserOptions: { compress: TERSER_COMPRESS },
    },
    define: { __MM_DEMO_CONNECTION__: demoConnection(mode) },
  }),
  hooks: {
    // Each page in a build of its own. Built together, every module two pages share went into a
    // shared chunk holding whatever either page used of it, so the popup loaded the options page's
    // code (the project field table, the service clock, the backup checks): 31.7 KB gzip against
    // its 30 KB budget. Built alone, a page keeps only what it runs (the popup 29.3 KB). Shared
    // code is then in each page's bundle: a little more on disk, nothing more to load.
    'entrypoints:grouped': (_wxt, groups) => {
      const alone = groups.flatMap((group): typeof groups =>
        Array.isArray(group) ? group.map((entry) => [entry]) : [group],
      );
      groups.splice(0, groups.length, ...alone);
    },
    // The worker's build (each entry is built alone, above) compresses harder: four passes (more
    // gain nothing), and only simple functions inlined (inline: 1; terser's default also inlines
    // those taking arguments, copying their bodies). 76 B less of its gzip; the pages would grow
    // with the same options.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (!entrypoints.some((entry) => entry.type === 'background')) return;
      config.build = {
        ...config.build,
        terserOptions: { compress: { ...TERSER_COMPRESS, passes: 4, inline: 1 } },
      };
    },
    // WXT names the toolbar button after the popup's <title>; the name comes from the catalogue.
    'build:manifestGenerated': (_wxt, manifest) => {
      if (manifest.action) manifest.action.default_title = '__MSG_extName__';
    },
  },
  manifest: ({ browser, mode }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // `sidePanel` (Chromium only) lets the mentions page be the browser's side panel; Firefox's
    // sidebar needs no permission.
    permissions: [
      'storage',
      'alarms',
      'notifications',
      'activeTab',
      'contextMenus',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    optional_host_permissions: ['https://*/*', ...LOOPBACK_ORIGINS],
    // A shortcut that opens the popup (no permission needed). The key is only a suggestion: the
    // browser owns the binding, and the options page shows it and links to where it is changed
    // (lib/navigation/shortcut-settings.ts). Chrome and Firefox MV3 both take `_execute_action`.
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+M' },
        description: '__MSG_commandOpenPopup__',
      },
    },
    ...(TEST_MODES.includes(mode) ? { host_permissions: LOOPBACK_ORIGINS } : {}),
    // The mentions page is also the browser's side panel (Chromium) or sidebar (Firefox): one
    // page whose layout follows the width (entrypoints/mentions/style.css).
    ...(browser === 'firefox'
      ? {
          sidebar_action: {
            default_panel: 'mentions.html',
            default_title: '__MSG_mentionsPageTitle__',
            default_icon: { 16: 'icon/16.png', 32: 'icon/32.png' },
            open_at_install: false,
          },
        }
      : { side_panel: { default_path: 'mentions.html' } }),
    // The oldest Chrome whose every API we call returns a promise by itself (contextMenus.removeAll
    // since 123, notifications since 116); storage.session already needed 102.
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: '123' }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'mention-monitor@mention-monitor.app',
              // data_collection_permissions exists from Firefox 140 (142 on Android).
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
