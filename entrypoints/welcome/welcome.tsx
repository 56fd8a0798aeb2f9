import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { WelcomeApp } from '@/entrypoints/welcome/WelcomeApp';
// The connection form is the options page's own component: it keeps the options page's look
// (light and dark) by sharing its stylesheet; the welcome page's layout comes after it.
import '@/entrypoints/options/options.css';
import '@/entrypoints/welcome/welcome.css';

localizeDocument('welcomePageTitle');

render(<WelcomeApp />, document.getElementById('app')!);
