// The store material `npm run zip` writes (tests/demo/store-material.ts) is complete and says what
// the extension does: every screenshot for English and German at the store's 1280x800, a listing
// per locale whose name and short description are the catalogue's, and a privacy policy that
// names every permission the built manifests ask for.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../e2e/support/catalogue';
import {
  LISTING_DIR,
  LISTING_LOCALES,
  SCREENSHOT_DIR,
  SCREENSHOT_LOCALES,
  STORE_SHOTS,
  STORE_SIZE,
} from '../demo/store-layout';
import { catalogueBlock } from '../demo/store-listing';
import { manifestOf, type BuildName } from './built-output';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's size from its header: the signature, then the IHDR chunk's width and height. */
function pngSize(path: string): { width: number; height: number } {
  const head = readFileSync(path).subarray(0, 24);
  expect(head.subarray(0, 8).equals(PNG_SIGNATURE), `${path} is a PNG`).toBe(true);
  expect(head.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

describe('the store screenshots', () => {
  for (const lang of SCREENSHOT_LOCALES) {
    for (const name of STORE_SHOTS) {
      const path = join(SCREENSHOT_DIR, lang, `${name}.png`);
      it(`${path} is a 1280x800 PNG of a reasonable size`, () => {
        expect(existsSync(path), `${path} exists (npm run zip writes it)`).toBe(true);
        expect(pngSize(path)).toEqual(STORE_SIZE);
        expect(statSync(path).size).toBeLessThan(1_000_000);
      });
    }
  }
});

describe('the store listings', () => {
  for (const lang of LISTING_LOCALES) {
    it(`${lang}: the name and short description are the catalogue's, then the rest`, () => {
      const path = join(LISTING_DIR, `${lang}.md`);
      expect(existsSync(path), `${path} exists`).toBe(true);
      const text = readFileSync(path, 'utf8');
      expect(text).toContain(catalogueBlock(lang));
      expect(text).toContain(catalogue(lang).extDescription);
      // The long description, the permissions and the privacy summary: four sections.
      expect(text.match(/^## /gm)?.length).toBeGreaterThanOrEqual(4);
      expect(text).toContain('PRIVACY.md');
    });
  }
});

describe('PRIVACY.md', () => {
  const text = existsSync('PRIVACY.md') ? readFileSync('PRIVACY.md', 'utf8') : '';

  it('exists at the root of the repository', () => {
    expect(text.length).toBeGreaterThan(1000);
  });

  for (const build of ['chrome', 'firefox'] as BuildName[]) {
    it(`names every permission the ${build} manifest asks for`, () => {
      const manifest = manifestOf(build);
      for (const permission of manifest.permissions as string[]) {
        expect(text, permission).toContain(`\`${permission}\``);
      }
      if (manifest.optional_host_permissions) expect(text).toContain('optional host permission');
    });
  }

  it('says where data goes and where it does not', () => {
    expect(text).toMatch(/one server: the monitoring service whose address you enter/);
    expect(text).toMatch(/no analytics/i);
    expect(text).toContain('`storage.sync` is not used');
    expect(text).toMatch(/Disconnect/);
  });
});
