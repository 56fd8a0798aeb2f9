// First, before the components are even evaluated: storage answers while the page starts.
import '@/entrypoints/popup/prefetch';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { t, uiLanguage } from '@/lib/i18n';
import { App } from '@/entrypoints/popup/App';
import '@/components/theme.css';
import '@/components/controls.css';
import '@/components/rows.css';
import '@/entrypoints/popup/style.css';
document.documentElement.lang = uiLanguage();
// Right-to-left interface languages lay the whole popup out from the right.
const direction = browser.i18n.getMessage('@@bidi_dir');
if (direction === 'rtl' || direction === 'ltr') document.documentElement.dir = direction;
document.title = t('extName');
render(<App />, document.getElementById('app')!);
