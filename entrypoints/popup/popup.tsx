// The popup's mount script. The first read of storage starts before the first render, so storage
// answers while Preact makes the first frame (lib/mention-view/first-read.ts).
import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { startPopupFirstRead } from '@/lib/mention-view/first-read';
import { PopupApp } from '@/entrypoints/popup/PopupApp';
import '@/components/theme.css';
import '@/components/controls.css';
import '@/components/rows.css';
import '@/entrypoints/popup/popup.css';

const firstRead = startPopupFirstRead();
localizeDocument('extName');
render(<PopupApp firstRead={firstRead} />, document.getElementById('app')!);
