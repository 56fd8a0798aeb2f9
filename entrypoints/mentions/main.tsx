// First, before the components are even evaluated: storage answers while the page starts.
import '@/entrypoints/mentions/prefetch';
import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { App } from '@/entrypoints/mentions/App';
import '@/components/theme.css';
import '@/components/controls.css';
import '@/entrypoints/mentions/style.css';

localizeDocument('mentionsPageDocumentTitle');
render(<App />, document.getElementById('app')!);
