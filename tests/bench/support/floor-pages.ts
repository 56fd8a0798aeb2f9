// Two more floors for the popup's first paint, added to the bench build beside bench-blank.html.
// Each is the least a popup that paints from storage can do:
//   - bench-storage.html: a module script makes the popup's first read (the same local and session
//     keys, in one call each) and writes one line of text;
//   - bench-storage-styled.html: the same, with the popup's own stylesheet.
// They tell how much of the popup's time any design that reads storage pays before its own
// script, components and rows: what the popup could win by doing less, and what it could not.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const STORAGE_FLOOR_PAGE = 'bench-storage.html';
export const STYLED_FLOOR_PAGE = 'bench-storage-styled.html';
/** What the floor pages write once storage has answered. */
export const FLOOR_DONE = '#floor-done';

const SCRIPT = 'bench-storage.js';

/** The popup's first read (lib/popup/popup-data.ts readSmallItems), without the rest of the popup. */
const READ = `
const local = chrome.storage.local.get(['settings', 'projects', 'syncStatus', 'mentionPreview']);
const session = chrome.storage.session.get('syncStatus');
Promise.all([local, session]).then(([stored]) => {
  const line = document.createElement('p');
  line.id = 'floor-done';
  line.textContent = (stored.mentionPreview?.unread ?? 0) + ' unread';
  document.body.append(line);
});
`;

const page = (head: string) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Floor</title>${head}` +
  `<script type="module" src="/${SCRIPT}"></script></head>\n<body></body>\n</html>\n`;

/** Writes the floor pages into the built extension `dir` (after its popup.html is built). */
export function writeFloorPages(dir: string): void {
  const popup = readFileSync(join(dir, 'popup.html'), 'utf8');
  const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(popup)?.[0];
  if (!stylesheet) throw new Error('the built popup.html links no stylesheet');
  writeFileSync(join(dir, SCRIPT), READ);
  writeFileSync(join(dir, STORAGE_FLOOR_PAGE), page(''));
  writeFileSync(join(dir, STYLED_FLOOR_PAGE), page(stylesheet));
}
