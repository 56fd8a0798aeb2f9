// Imported first by main.tsx, so the first paint's storage reads start before the rest of the
// popup's script is evaluated (lib/mention-view/first-paint-source.ts says why).
import { browser } from 'wxt/browser';
import { storeArea } from '@/lib/mentions/mention-storage';
import { prefetchActiveTab } from '@/lib/mention-view/active-tab';
import { prefetchFirstPaint } from '@/lib/mention-view/first-paint-source';
import { readAllInSlices } from '@/lib/mention-view/sliced-read';

prefetchFirstPaint();
prefetchActiveTab();
// The popup reads the whole store in slices: in one reply it was a long task in the popup's first
// second (sliced-read.ts). The background keeps its one call: nobody waits on its frames.
storeArea.getAll = () => readAllInSlices(browser.storage.local);
