// The charts' colours come from CSS custom properties (charts.css), so dark mode is a stylesheet
// matter: canvas cannot read CSS, so a drawing reads the properties when it is built, and is
// rebuilt when the colour scheme changes.
import { useEffect, useState } from 'preact/hooks';
import { SOURCES } from '@/lib/projects/types';

/** The colour of a source: its own among the known ones, so it keeps it whatever is filtered. */
export function sourceColor(source: string): string {
  const index = (SOURCES as readonly string[]).indexOf(source);
  return `--chart-${index < 0 ? 'other' : index + 1}`;
}

export const SENTIMENT_COLORS = {
  negative: '--chart-negative',
  neutral: '--chart-neutral',
  positive: '--chart-positive',
} as const;

/** The value of a custom property on the element (its nearest definition), or the fallback. */
export function cssColor(element: Element, property: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(property).trim();
  return value === '' ? fallback : value;
}

const DARK = '(prefers-color-scheme: dark)';

/** Whether the page is dark now; changes as the system's setting does. */
export function useDarkScheme(): boolean {
  const [dark, setDark] = useState(
    () => typeof matchMedia === 'function' && matchMedia(DARK).matches,
  );
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(DARK);
    const changed = () => setDark(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return dark;
}

/** Whether this document can draw on a canvas (not the unit tests' DOM, which has none). */
export function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}
