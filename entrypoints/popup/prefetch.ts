// Imported first by main.tsx, so the first paint's storage reads start before the rest of the
// popup's script is evaluated (lib/popup/first-paint-source.ts says why).
import { prefetchFirstPaint } from '@/lib/popup/first-paint-source';

prefetchFirstPaint();
