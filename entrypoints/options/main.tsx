import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { App } from '@/entrypoints/options/App';
import '@/entrypoints/options/style.css';

localizeDocument('optionsPageTitle');

render(<App />, document.getElementById('app')!);
