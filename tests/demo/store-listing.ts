// The store listing's words that the catalogue owns: the name and the short description (the
// manifest's extName and extDescription in each locale), written into each store/listing/<lang>.md
// between its marks, so the listing never says something the extension's own catalogue does not.
// The rest of each file (the long description, permissions, privacy) is written by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../e2e/support/catalogue';
import { LISTING_DIR, LISTING_LOCALES } from './store-layout';

const START = '<!-- from the catalogue (npm run zip) -->';
const END = '<!-- end of the catalogue part -->';

/** The part of a listing taken from a locale's catalogue. */
export function catalogueBlock(lang: string): string {
  const messages = catalogue(lang);
  return [
    START,
    '',
    `**Name:** ${messages.extName}`,
    '',
    `**Short description:** ${messages.extDescription}`,
    END,
  ].join('\n');
}

/** Rewrites the catalogue part of every listing; returns the files written. */
export function writeListings(): string[] {
  return LISTING_LOCALES.map((lang) => {
    const path = join(LISTING_DIR, `${lang}.md`);
    const text = readFileSync(path, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    if (start < 0 || end < start)
      throw new Error(`${path} has no catalogue part between its marks`);
    writeFileSync(path, text.slice(0, start) + catalogueBlock(lang) + text.slice(end + END.length));
    return path;
  });
}
