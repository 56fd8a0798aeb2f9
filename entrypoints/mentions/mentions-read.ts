// The mentions page's first read, started as this module is evaluated: the mount script imports it
// before anything else, so storage answers while the rest of the script is evaluated and Preact
// makes the first frame (lib/mention-view/first-read.ts says why). The mount script hands it to the
// page.
import { startMentionsFirstRead } from '@/lib/mention-view/first-read';

export const mentionsRead = startMentionsFirstRead();
