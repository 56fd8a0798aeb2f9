// Keyword lists are typed one per line in a textarea and sent joined with "\n" (the contract's
// separator). Normalizing here means the service never sees blank lines, stray spaces or repeats,
// whatever line endings the browser or a paste produced.

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * The key two keywords are "the same" by: equal ignoring case, with full case folding (so `ß` and
 * `SS`, or `ὒ` and its upper case, match) and ignoring how accents are encoded (NFC).
 */
export function keywordKey(keyword: string): string {
  return keyword.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

/** The distinct, trimmed, non-blank lines of `text`, in order; repeats differing only in case are
 * dropped and the first spelling is kept. */
export function keywordLines(text: string): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const raw of text.split(LINE_BREAK)) {
    const line = raw.trim();
    const key = keywordKey(line);
    if (line === '' || seen.has(key)) continue;
    seen.add(key);
    lines.push(line);
  }
  return lines;
}

/** The list in its wire form: `keywordLines(text)` joined with "\n"; empty when nothing is left. */
export function normalizeKeywordList(text: string): string {
  return keywordLines(text).join('\n');
}
