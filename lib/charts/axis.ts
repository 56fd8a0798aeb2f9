// The top of a count axis: a round number at or above the highest bar, so the ticks read 0, 5, 10
// rather than 0, 3.4, 6.8, and at least 5 so a quiet month is not drawn as a wall of full bars.

export const MIN_AXIS_TOP = 5;

/** The smallest of 1, 2, 5 × 10^k that is at least `max` (and at least MIN_AXIS_TOP). */
export function axisTop(max: number): number {
  if (!(max > MIN_AXIS_TOP)) return MIN_AXIS_TOP;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    // Rounding: 10 ** k is not exact for every k, and 3 × 0.1 is not 0.3.
    const top = Math.round(step * power * 1e6) / 1e6;
    if (top >= max) return top;
  }
  return 10 * power;
}
