import { render } from 'preact';
import { z } from 'zod';
import { t, uiLanguage } from '@/lib/i18n';
import { App } from './App';
import './style.css';

// The extension CSP forbids the `new Function` zod probes for (toolchain.md).
z.config({ jitless: true });
document.documentElement.lang = uiLanguage();
document.title = t('optionsPageTitle');

render(<App />, document.getElementById('app')!);
