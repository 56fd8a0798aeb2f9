// First, before the components are even evaluated: storage answers while the page starts.
import '@/entrypoints/popup/prefetch';
import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { App } from '@/entrypoints/popup/App';
import '@/components/theme.css';
import '@/components/controls.css';
import '@/components/rows.css';
import '@/entrypoints/popup/style.css';
localizeDocument('extName');
render(<App />, document.getElementById('app')!);
