// A small mark per source, drawn inline. Decorative: the source's name is written beside it.

const GLYPHS: Record<string, string> = {
  // X (Twitter): two crossing strokes.
  twitter: 'M7 7l10 10M17 7L7 17',
  // LinkedIn: "in".
  linkedin: 'M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4',
  // Social: three connected people-dots.
  social:
    'M7 12m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0M17 7m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0M17 17m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0M9 11l6-3M9 13l6 3',
  // YouTube: a play triangle.
  youtube: 'M9 7.5v9l7.5-4.5z',
  // Reddit: a speech bubble.
  reddit: 'M5 6h14v9h-7l-4 3v-3H5z',
  // Web: a globe.
  web: 'M12 12m-7 0a7 7 0 1 0 14 0a7 7 0 1 0-14 0M5 12h14M12 5c2.5 2.5 2.5 11.5 0 14M12 5c-2.5 2.5-2.5 11.5 0 14',
  // Blogs: a pen.
  blogs: 'M5 19l1-4L15.5 5.5l3 3L9 18zM13.5 7.5l3 3',
};

/** Any other source: a plain dot. */
const OTHER = 'M12 12m-3 0a3 3 0 1 0 6 0a3 3 0 1 0-6 0';

export function SourceIcon({ source }: { source: string }) {
  const known = Object.hasOwn(GLYPHS, source);
  return (
    <span class={`source-icon source-icon--${known ? source : 'other'}`} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="12"
        height="12"
        focusable="false"
        fill={source === 'youtube' ? 'currentColor' : 'none'}
        stroke="currentColor"
        stroke-width="2.2"
        stroke-linecap="round"
        stroke-linejoin="round"
      >
        <path d={known ? GLYPHS[source] : OTHER} />
      </svg>
    </span>
  );
}
