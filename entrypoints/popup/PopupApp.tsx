// The popup's page: one session (popup-context.ts) given to its parts, which each take what they
// use. Until the first read of storage answers, the frame and the header only, no spinner.
import type { PopupFirstRead } from '@/lib/mention-view/first-read';
import { ListArea } from '@/entrypoints/popup/ListArea';
import { Overlays } from '@/entrypoints/popup/Overlays';
import { PopupContext, usePopupSession } from '@/entrypoints/popup/popup-context';
import { PopupTop } from '@/entrypoints/popup/PopupTop';
import { Toolbar } from '@/entrypoints/popup/Toolbar';

export function PopupApp({ firstRead }: { firstRead: PopupFirstRead }) {
  const popup = usePopupSession(firstRead);
  const { mentions } = popup.list;
  const ready = popup.data !== null && mentions !== null;
  return (
    <PopupContext.Provider value={popup}>
      <main class="popup" aria-busy={ready ? undefined : 'true'}>
        <PopupTop />
        {ready && popup.configured && mentions.total > 0 && <Toolbar />}
        {ready && <ListArea />}
        {ready && <Overlays />}
      </main>
    </PopupContext.Provider>
  );
}
