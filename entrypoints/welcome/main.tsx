import { render } from 'preact';
import { t, uiLanguage } from '@/lib/i18n';
import { App } from '@/entrypoints/welcome/App';
// The connection form is the options page's own component: it keeps the options page's look
// (light and dark) by sharing its stylesheet; the welcome page's layout comes after it.
import '@/entrypoints/options/style.css';
import '@/entrypoints/welcome/style.css';

document.documentElement.lang = uiLanguage();
document.title = t('welcomePageTitle');

render(<App />, document.getElementById('app')!);
