// Text that came from the network may end up in an error message a person reads. These helpers
// make that safe: no HTML is ever shown (a PHP error page is noise at best and markup at worst),
// quotes are short, and secrets the server might echo back are cut out before anything is shown.
import { capLength, oneLine } from '@/lib/mentions/plain-text';

/** The most characters of remote text we ever quote in a message (service-notes.md). */
export const QUOTE_MAX_CHARS = 200;

// Anything that opens a tag (`<b`, `</div`, `<!DOCTYPE`, `<?php`), closed or not, makes the whole
// text "HTML": stripping tags would still leave page chrome, file paths and entity soup (and a cut
// reply may end mid-tag), so we refuse instead. "a < b" is still text.
const TAG_OPENING = /<[a-z!?/]/i;

export function looksLikeHtml(text: string): boolean {
  return TAG_OPENING.test(text);
}

/** Control characters and runs of whitespace, which would garble a one-line message. */
function tidy(text: string): string {
  // eslint-disable-next-line no-control-regex
  return oneLine(text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' '));
}

/**
 * At most QUOTE_MAX_CHARS characters of `text` on one line, or undefined when there is nothing
 * worth quoting: empty, or HTML (never shown, not even in part). Secrets are cut out before the
 * text is shortened, so a secret cut in half by the limit cannot leak its first half.
 */
export function quoteRemoteText(
  text: unknown,
  secrets: readonly (string | undefined)[] = [],
): string | undefined {
  if (typeof text !== 'string') return undefined;
  if (looksLikeHtml(text)) return undefined;
  const line = tidy(scrubSecrets(text, secrets));
  if (line === '') return undefined;
  return capLength(line, QUOTE_MAX_CHARS);
}

export const REDACTED = '[redacted]';

/**
 * `text` with every occurrence of each secret replaced, in its plain form and in the encodings a
 * server could echo it back in (URL-encoded, form-encoded). Case-sensitive: keys and tokens are.
 */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    const forms = new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
    ]);
    // Longest first, so a form that contains another is replaced whole.
    for (const form of [...forms].sort((a, b) => b.length - a.length)) {
      if (form) out = out.split(form).join(REDACTED);
    }
  }
  return out;
}
