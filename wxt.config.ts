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

export default defineConfig({
  // `browser` from 'wxt/browser' is webextension-polyfill's in every page and in the worker: one
  // promise-based API in both browsers, whatever Chrome's own APIs return.
  modules: ['@wxt-dev/webextension-polyfill'],
  // The Firefox sources zip is what a store reviewer builds from: no local reports in it.
  zip: { excludeSources: ['bench-report.json', 'test-results/**'] },
  vite: ({ mode }) => ({
    plugins: [preact()],
    define: { __MM_DEMO_CONNECTION__: demoConnection(mode) },
  }),
  hooks: {
    // Each page in a build of its own, so a page loads only the code it runs. Built together, the
    // modules two pages share go into a chunk holding whatever either page uses of them, and the
    // popup would load the options page's forms and checks. Shared code is then in each page's
    // bundle: a little more on disk, nothing more to load.
    'entrypoints:grouped': (_wxt, groups) => {
      const alone = groups.flatMap((group): typeof groups =>
        Array.isArray(group) ? group.map((entry) => [entry]) : [group],
      );
      groups.splice(0, groups.length, ...alone);
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
    // page whose layout follows the width (entrypoints/mentions/mentions.css).
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
    // What the extension needs is older (the side panel 114, the pages' :has() and container
    // queries 105, storage.session 102; the polyfill gives callback-only APIs their promises), but
    // 123 is the oldest Chrome it is declared for: an older one would need testing first.
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: '123' }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'mention-monitor@mention-monitor.app',
              // data_collection_permissions exists from Firefox 140 (142 on Android).
              strict_min_version: '140.0',
              // What leaves the browser for the user's own service, in AMO's categories (why each
              // one, and why none is optional: docs/firefox.md, 'Data collection').
              data_collection_permissions: {
                required: [
                  'authenticationInfo',
                  'searchTerms',
                  'browsingActivity',
                  'websiteContent',
                ],
              },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
