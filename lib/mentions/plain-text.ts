// Remote strings shown in small places (notifications, tooltips, messages): one line, bounded
// length.

/** Cuts to at most `max` UTF-16 units with an ellipsis, never splitting a surrogate pair. */
export function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return '';
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Newlines and runs of spaces collapse to one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
