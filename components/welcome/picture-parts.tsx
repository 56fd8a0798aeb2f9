// The pieces both pin pictures draw: the browser's toolbar glyphs (Material icons' puzzle piece,
// pin and gear, 24x24 paths) and a numbered step marker that matches the numbered steps in words.
import type { ComponentChildren } from 'preact';

const PUZZLE =
  'M20.5 11H19V7c0-1.1-.9-2-2-2h-4V3.5C13 2.12 11.88 1 10.5 1S8 2.12 8 3.5V5H4c-1.1 0-1.99.9-1.99 2v3.8H3.5c1.49 0 2.7 1.21 2.7 2.7s-1.21 2.7-2.7 2.7H2V20c0 1.1.9 2 2 2h3.8v-1.5c0-1.49 1.21-2.7 2.7-2.7 1.49 0 2.7 1.21 2.7 2.7V22H17c1.1 0 2-.9 2-2v-4h1.5c1.38 0 2.5-1.12 2.5-2.5S21.88 11 20.5 11z';
const PIN =
  'M16 9V4h1c.55 0 1-.45 1-1s-.45-1-1-1H7c-.55 0-1 .45-1 1s.45 1 1 1h1v5c0 1.66-1.34 3-3 3v2h5.97v7l1 1 1-1v-7H19v-2c-1.66 0-3-1.34-3-3z';
const GEAR =
  'M19.14 12.94c.04-.3.06-.61.06-.94 0-.32-.02-.64-.07-.94l2.03-1.58c.18-.14.23-.41.12-.61l-1.92-3.32c-.12-.22-.37-.29-.59-.22l-2.39.96c-.5-.38-1.03-.7-1.62-.94l-.36-2.54c-.04-.24-.24-.41-.48-.41h-3.84c-.24 0-.43.17-.47.41l-.36 2.54c-.59.24-1.13.57-1.62.94l-2.39-.96c-.22-.08-.47 0-.59.22L2.74 8.87c-.12.21-.08.47.12.61l2.03 1.58c-.05.3-.09.63-.09.94s.02.64.07.94l-2.03 1.58c-.18.14-.23.41-.12.61l1.92 3.32c.12.22.37.29.59.22l2.39-.96c.5.38 1.03.7 1.62.94l.36 2.54c.05.24.24.41.48.41h3.84c.24 0 .44-.17.47-.41l.36-2.54c.59-.24 1.13-.56 1.62-.94l2.39.96c.22.08.47 0 .59-.22l1.92-3.32c.12-.22.07-.47-.12-.61l-2.01-1.58zM12 15.6c-1.98 0-3.6-1.62-3.6-3.6s1.62-3.6 3.6-3.6 3.6 1.62 3.6 3.6-1.62 3.6-3.6 3.6z';

/** A 24x24 glyph drawn `size` wide with its centre at (x, y). */
function Glyph({ d, x, y, size }: { d: string; x: number; y: number; size: number }) {
  const scale = size / 24;
  return (
    <path
      class="pp-glyph"
      d={d}
      transform={`translate(${x - size / 2} ${y - size / 2}) scale(${scale})`}
    />
  );
}

export const Puzzle = (p: { x: number; y: number }) => <Glyph d={PUZZLE} size={18} {...p} />;
export const Pin = (p: { x: number; y: number }) => <Glyph d={PIN} size={16} {...p} />;
export const Gear = (p: { x: number; y: number }) => <Glyph d={GEAR} size={16} {...p} />;

/** A ring around the control to click. */
export const Ring = ({ x, y }: { x: number; y: number }) => (
  <circle class="pp-ring" cx={x} cy={y} r={14} />
);

/** The numbered marker of a step, beside what it points at. */
export function Step({ x, y, n }: { x: number; y: number; n: number }) {
  return (
    <g class="pp-step">
      <circle cx={x} cy={y} r={9} />
      <text x={x} y={y + 4} text-anchor="middle">
        {String(n)}
      </text>
    </g>
  );
}

/** Three dots standing for a "more" button or a menu. */
export const Dots = ({ x, y }: { x: number; y: number }) => (
  <g class="pp-muted">
    <circle cx={x} cy={y - 5} r={1.6} />
    <circle cx={x} cy={y} r={1.6} />
    <circle cx={x} cy={y + 5} r={1.6} />
  </g>
);

/** A grey bar standing for text the picture does not need to spell out. */
export const Bar = ({ x, y, width }: { x: number; y: number; width: number }) => (
  <rect class="pp-bar" x={x} y={y - 4} width={width} height={8} rx={4} />
);

/** The picture's frame: a browser window, its toolbar and address field. */
export function Window({
  height,
  children,
  label,
}: {
  height: number;
  children: ComponentChildren;
  label: string;
}) {
  return (
    <svg
      class="pin-picture"
      viewBox={`0 0 400 ${height}`}
      role="img"
      aria-label={label}
      focusable="false"
    >
      <rect class="pp-window" x={1} y={1} width={398} height={height - 2} rx={10} />
      <path class="pp-toolbar" d="M1 11a10 10 0 0 1 10-10h378a10 10 0 0 1 10 10v34H1z" />
      {children}
    </svg>
  );
}
