// The badge shows at most four characters: 1..999, then "999+".

export const BADGE_MAX_COUNT = 999;

/** '' at 0 (and for anything that is not a positive count), '1'..'999', then '999+'. */
export function badgeText(unread: number): string {
  if (!(unread >= 1)) return '';
  if (unread > BADGE_MAX_COUNT) return `${BADGE_MAX_COUNT}+`;
  return String(Math.floor(unread));
}
