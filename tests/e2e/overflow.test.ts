// The overflow detector (support/overflow.ts) on pages made to overflow, and on pages where every
// text fits or is cut on purpose: what the German suite's verdict rests on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from './support/chromium';
import { overflowsIn } from './support/overflow';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 400, height: 600 } });
});
afterAll(async () => {
  await browser?.close();
});

const LONG = 'Benachrichtigungen für dieses Projekt auf diesem Computer anzeigen';

async function overflowsOf(body: string) {
  await page.setContent(`<!doctype html><html><body style="margin:0">${body}</body></html>`);
  return overflowsIn(page);
}

describe('the overflow detector', () => {
  it('finds nothing where text wraps, fits or is hidden for screen readers', async () => {
    expect(
      await overflowsOf(`
        <p style="width:200px">${LONG}</p>
        <button style="max-width:100%">Speichern</button>
        <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap">${LONG}</span>
        <div hidden style="width:20px;white-space:nowrap;overflow:hidden">${LONG}</div>`),
    ).toEqual([]);
  });

  it('finds text clipped by a box that hides its overflow', async () => {
    const found = await overflowsOf(
      `<div class="label" style="width:200px;white-space:nowrap;overflow:hidden">${LONG}</div>`,
    );
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'clipped', where: 'html > body > div.label' }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.by).toBeGreaterThan(100);
    expect(found[0]!.text).toBe(LONG);
  });

  it('finds an ellipsis with no title, and accepts one with the whole text as its title', async () => {
    const cut = `width:200px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis`;
    expect(await overflowsOf(`<div style="${cut}">${LONG}</div>`)).toHaveLength(1);
    expect(await overflowsOf(`<div style="${cut}" title="${LONG}">${LONG}</div>`)).toEqual([]);
  });

  it('finds text spilling out of a fixed-width button, and off the window', async () => {
    const found = await overflowsOf(
      `<button style="width:80px;white-space:nowrap">${LONG}</button>`,
    );
    expect(found.map((o) => o.kind)).toContain('spilled');
    expect(found.map((o) => o.kind)).toContain('off-screen');
  });

  it('finds a select too narrow for its chosen option, not one sized by it', async () => {
    const select = (width: string) =>
      `<select style="width:${width}"><option>Alle Projekte (5000)</option><option>A</option></select>`;
    expect(await overflowsOf(select('80px'))).toEqual([
      expect.objectContaining({ kind: 'clipped', text: 'Alle Projekte (5000)' }),
    ]);
    expect(await overflowsOf(select('auto'))).toEqual([]);
  });

  it('finds a word broken across lines, not one broken at its hyphen or a long link', async () => {
    const box = (text: string) => `<p style="width:70px;overflow-wrap:anywhere">${text}</p>`;
    expect(await overflowsOf(box('Neu: Mitbewerber'))).toEqual([
      expect.objectContaining({ kind: 'broken-word', text: 'Mitbewerber' }),
    ]);
    expect(await overflowsOf(box('Desktop-Benachrichtigungen'.replace('B', 'b')))).toEqual([
      expect.objectContaining({ kind: 'broken-word', text: 'benachrichtigungen' }),
    ]);
    expect(await overflowsOf(box('Mit-bewerber'))).toEqual([]);
    expect(await overflowsOf(box('https://example.com/a-very-long-path'))).toEqual([]);
    expect(await overflowsOf(box('abcdefghijklmnopqrstuvwxyz0123456789'))).toEqual([]);
  });

  it('finds a document that scrolls sideways', async () => {
    const found = await overflowsOf(`<div style="width:700px">wide</div>`);
    expect(found).toContainEqual(expect.objectContaining({ kind: 'scrolling', by: 300 }));
  });

  it('finds text taller than a box that hides its overflow, but not a line clamp', async () => {
    const box = `width:200px;height:18px;overflow:hidden;line-height:18px`;
    expect(await overflowsOf(`<div style="${box}">${LONG}</div>`)).toContainEqual(
      expect.objectContaining({ kind: 'clipped' }),
    );
    const clamp = `${box};height:auto;display:-webkit-box;-webkit-line-clamp:1;-webkit-box-orient:vertical`;
    expect(await overflowsOf(`<div style="${clamp}">${LONG}</div>`)).toEqual([]);
  });
});
