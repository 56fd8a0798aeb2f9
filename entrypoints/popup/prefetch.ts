// Imported first by main.tsx, so the first paint's storage reads start before the rest of the
// popup's script is evaluated (lib/mention-view/first-paint-source.ts says why).
import { prefetchFirstPaint } from '@/lib/mention-view/first-paint-source';

prefetchFirstPaint();
