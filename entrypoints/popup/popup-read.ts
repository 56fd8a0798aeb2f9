// The popup's first read, started as this module is evaluated: popup.tsx imports it before
// anything else, so storage answers while the rest of the script is evaluated and Preact makes the
// first frame (lib/mention-view/first-read.ts says why). popup.tsx hands it to PopupApp.
import { startPopupFirstRead } from '@/lib/mention-view/first-read';

export const popupRead = startPopupFirstRead();
