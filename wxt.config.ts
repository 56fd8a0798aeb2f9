import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// Chrome and Firefox both build as MV3. The manifest is kept deliberately narrow:
// the service origin is an optional host permission requested when the user saves it.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser }) => ({
    name: 'Mention Monitor',
    description: 'New mentions of your brand, competitors and topics, right in the toolbar.',
    permissions: ['storage', 'alarms', 'notifications', 'activeTab'],
    optional_host_permissions: ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*'],
    action: { default_title: 'Mention Monitor' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'mention-monitor@mention-monitor.app',
              strict_min_version: '128.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
