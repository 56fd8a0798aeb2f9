// Saves text the page made as a file, the way every browser does it without a permission: a Blob
// behind a link with `download`, clicked from script. No `downloads` permission (which would warn
// at install) for what a link does.

/**
 * How long the file's URL outlives the click. The download reads the Blob after the click returns
 * (in Firefox, a URL revoked at once can save an empty or failed file); a minute is ample, and the
 * URL goes with the page anyway.
 */
export const REVOKE_AFTER_MS = 60_000;

/** Offers `text` as a file named `fileName` (`mime` its type, with its charset for text). */
export function downloadText(fileName: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // Firefox follows only a link that is in the document.
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
