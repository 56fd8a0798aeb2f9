import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { App } from '@/entrypoints/welcome/App';
// The connection form is the options page's own component: it keeps the options page's look
// (light and dark) by sharing its stylesheet; the welcome page's layout comes after it.
import '@/entrypoints/options/style.css';
import '@/entrypoints/welcome/style.css';

localizeDocument('welcomePageTitle');

render(<App />, document.getElementById('app')!);
