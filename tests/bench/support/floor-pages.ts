// Floors for the popup's first paint, added to the bench build beside bench-blank.html. Each is the
// least a popup that paints from storage can do, with no work of its own:
//   - bench-storage.html: a script makes the popup's first read (the same local and session keys,
//     in one call each) and writes one line of text;
//   - bench-storage-styled.html: the same, with the popup's own stylesheet;
//   - bench-first-screen.html: the same read, then the popup's own first screen (its header,
//     toolbar and first rows, captured from the real popup of the store measured) put in the page
//     at once: what the popup would cost if its script cost nothing.
// Their scripts are classic scripts in the head, the earliest a page can start a read (a module
// script runs only once the document is parsed). They tell how much of the popup's time any design
// that reads storage and paints the popup's first screen pays before its own script does anything.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const STORAGE_FLOOR_PAGE = 'bench-storage.html';
export const STYLED_FLOOR_PAGE = 'bench-storage-styled.html';
export const FIRST_SCREEN_FLOOR_PAGE = 'bench-first-screen.html';
/** What the one-line floor pages write once storage has answered. */
export const FLOOR_DONE = '#floor-done';

const LINE_SCRIPT = 'bench-storage.js';
const FIRST_SCREEN_SCRIPT = 'bench-first-screen.js';

/**
 * The popup's first read (lib/mention-view/first-read.ts readSmallItems), without the rest of the
 * popup: the settings with the keys of the first account and of those the pages last saw
 * (lib/mention-view/account-watch.ts expectedAccounts), then, when the settings list another
 * account, its keys (lib/accounts/accounts.ts accountPrefix) in one more pair of calls. `unread`
 * sums every account's preview.
 */
const READ = `const KEYS = ['projects', 'syncStatus', 'mentionPreview'];
const prefix = (id) => 'account' + id + '/';
const expected = (localStorage.getItem('accountIds') || '').split(' ').filter(Boolean);
const early = ['', ...expected.map(prefix)];
const read = Promise.all([
  chrome.storage.local.get(['settings', ...early.flatMap((p) => KEYS.map((key) => p + key))]),
  chrome.storage.session.get(early.map((p) => p + 'syncStatus')),
]).then(async ([stored, session]) => {
  const others = (stored.settings?.accounts ?? [])
    .filter((account) => !expected.includes(account.id))
    .map((account) => prefix(account.id));
  if (others.length === 0) return [stored, session];
  const [local, more] = await Promise.all([
    chrome.storage.local.get(others.flatMap((p) => KEYS.map((key) => p + key))),
    chrome.storage.session.get(others.map((p) => p + 'syncStatus')),
  ]);
  return [{ ...stored, ...local }, { ...session, ...more }];
});
const unread = (stored) =>
  Object.keys(stored)
    .filter((key) => key.endsWith('mentionPreview'))
    .reduce((sum, key) => sum + (stored[key]?.unread ?? 0), 0);
const whenParsed = (show) =>
  document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', show) : show();
`;

const LINE = `${READ}
read.then(([stored]) => whenParsed(() => {
  const line = document.createElement('p');
  line.id = 'floor-done';
  line.textContent = unread(stored) + ' unread';
  document.body.append(line);
}));
`;

/** The captured first screen in the popup's root, its count the one just read. */
const firstScreen = (html: string) => `${READ}
const firstScreen = ${JSON.stringify(html)};
read.then(([stored]) => whenParsed(() => {
  const app = document.getElementById('app');
  app.innerHTML = firstScreen;
  app.querySelector('.header__unread').textContent =
    unread(stored).toLocaleString('en-US') + ' unread';
}));
`;

const page = (head: string) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Floor</title>` +
  `<script src="/${LINE_SCRIPT}"></script>${head}</head>\n<body></body>\n</html>\n`;

function popupStylesheet(dir: string): string {
  const popup = readFileSync(join(dir, 'popup.html'), 'utf8');
  const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(popup)?.[0];
  if (!stylesheet) throw new Error('the built popup.html links no stylesheet');
  return stylesheet;
}

/** Writes the one-line floor pages into the built extension `dir` (after its popup.html is built). */
export function writeFloorPages(dir: string): void {
  writeFileSync(join(dir, LINE_SCRIPT), LINE);
  writeFileSync(join(dir, STORAGE_FLOOR_PAGE), page(''));
  writeFileSync(join(dir, STYLED_FLOOR_PAGE), page(popupStylesheet(dir)));
}

/**
 * Writes the first-screen floor into `dir`: popup.html as built, its module scripts replaced by
 * one classic script that reads storage and puts `html` (the popup root's markup) in place.
 */
export function writeFirstScreenFloor(dir: string, html: string): void {
  const popup = readFileSync(join(dir, 'popup.html'), 'utf8');
  const scripts = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;
  if (!popup.match(scripts)) throw new Error('the built popup.html loads no module script');
  const floor = popup
    .replace(scripts, '')
    .replace('</title>', `</title>\n    <script src="/${FIRST_SCREEN_SCRIPT}"></script>`);
  writeFileSync(join(dir, FIRST_SCREEN_SCRIPT), firstScreen(html));
  writeFileSync(join(dir, FIRST_SCREEN_FLOOR_PAGE), floor);
}
