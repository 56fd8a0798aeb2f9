import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { OptionsApp } from '@/entrypoints/options/OptionsApp';
import '@/entrypoints/options/options.css';

localizeDocument('optionsPageTitle');

render(<OptionsApp />, document.getElementById('app')!);
