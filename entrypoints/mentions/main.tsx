// First, before the components are even evaluated: storage answers while the page starts.
import '@/entrypoints/mentions/prefetch';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { t, uiLanguage } from '@/lib/i18n';
import { App } from '@/entrypoints/mentions/App';
import '@/components/theme.css';
import '@/components/controls.css';
import '@/entrypoints/mentions/style.css';

document.documentElement.lang = uiLanguage();
const direction = browser.i18n.getMessage('@@bidi_dir');
if (direction === 'rtl' || direction === 'ltr') document.documentElement.dir = direction;
document.title = t('mentionsPageDocumentTitle');
render(<App />, document.getElementById('app')!);
