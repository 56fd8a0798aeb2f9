// The popup's mount script. Its first import starts the first read of storage (popup-read.ts).
import { popupRead } from '@/entrypoints/popup/popup-read';
import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { PopupApp } from '@/entrypoints/popup/PopupApp';
import '@/components/theme.css';
import '@/components/controls.css';
import '@/components/rows.css';
import '@/entrypoints/popup/popup.css';

localizeDocument('extName');
render(<PopupApp firstRead={popupRead} />, document.getElementById('app')!);
