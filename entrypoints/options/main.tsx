import { render } from 'preact';
import { t, uiLanguage } from '@/lib/i18n';
import { App } from '@/entrypoints/options/App';
import '@/entrypoints/options/style.css';

document.documentElement.lang = uiLanguage();
document.title = t('optionsPageTitle');

render(<App />, document.getElementById('app')!);
