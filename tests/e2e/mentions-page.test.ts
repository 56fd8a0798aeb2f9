// The mentions page in the built extension, in real Chromium, against the fake service (issue 17),
// driven by accessible names: opened from the popup; a search narrowing the list with its matches
// marked; a filter kept across reload and undone by Back; a bulk "Mark read" lowering the badge by
// the number selected, and its Undo; a CSV export that reads back to the rows shown, a formula-like
// title neutralised; the charts with their table alternative; axe clean, in a tab and at a side
// panel's width. The steps share one browser and run in order.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../unit/support/csv-reader';
import { axeViolations } from './support/axe';
import { connectedSuite } from './support/connected-suite';
import { openPopup } from './support/popup';

const suite = connectedSuite();

const TITLES = {
  launch: 'Zephyr widget launch',
  review: 'Zephyr widget review',
  report: 'Quarterly report',
  formula: '=HYPERLINK("http://attacker.test","Click")',
};

let page: Page;

/** The titles of the rows the list shows, in order. */
function shownTitles(tab: Page): Promise<string[]> {
  return tab.locator('.result .result__title').allTextContents();
}

/** The number of results the page says it shows ("Showing 3 of 40"). */
async function shownCount(tab: Page): Promise<number> {
  const text = (await tab.locator('.page-header__count').textContent()) ?? '';
  return Number(/Showing ([\d,]+)/.exec(text)?.[1].replace(/,/g, '') ?? NaN);
}

describe('the mentions page, in Chromium', () => {
  it('opens from the popup, listing every stored mention, axe clean', async () => {
    for (const title of Object.values(TITLES)) {
      suite.svc.addMentions(suite.acme.project_id, 1, { title, author: 'Ann Lee' });
    }
    await suite.poll();
    expect((await suite.ext.settledBadge()).text).toBe('4');

    const popup = await openPopup(suite.browser);
    const opened = suite.browser.context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Open mentions page' }).click();
    page = await opened;
    await page.waitForURL(/\/mentions\.html/);
    await page.getByRole('heading', { level: 1, name: 'Mentions' }).waitFor();
    await page.locator('.result').first().waitFor();
    expect(await shownTitles(page)).toEqual(expect.arrayContaining(Object.values(TITLES)));
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    if (!popup.isClosed()) await popup.close();
  });

  it('narrows the list as the user types, the matched words marked as text', async () => {
    const search = page.getByRole('searchbox', { name: 'Search mentions' });
    await search.pressSequentially('zephyr -review');
    await expect.poll(() => shownTitles(page)).toEqual([TITLES.launch]);
    expect(await page.locator('.result mark').allTextContents()).toContain('Zephyr');
    await search.fill('"widget launch"');
    await expect.poll(() => shownTitles(page)).toEqual([TITLES.launch]);
    await search.fill('hyperlink');
    // Remote text stays text: the title's markup-like characters are shown, not interpreted.
    await expect.poll(() => shownTitles(page)).toEqual([TITLES.formula]);
    await search.fill('');
    await expect.poll(() => shownCount(page)).toBeGreaterThanOrEqual(4);
  });

  it('keeps a filter in the URL: reload shows the same, Back undoes it', async () => {
    const before = await shownCount(page);
    await page.getByRole('combobox', { name: 'Read state' }).selectOption({ label: 'Unread only' });
    await expect.poll(() => shownCount(page)).toBe(4);
    expect(new URL(page.url()).searchParams.get('read')).toBe('unread');

    await page.reload();
    await page.locator('.result').first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Read state' }).inputValue()).toBe('unread');
    expect((await shownTitles(page)).sort()).toEqual(Object.values(TITLES).sort());

    await page.goBack();
    await expect.poll(() => shownCount(page)).toBe(before);
    await page.goForward();
    await expect.poll(() => shownCount(page)).toBe(4);
  });

  it('marks the selected rows read in bulk: the badge drops by the number selected; Undo restores', async () => {
    await page.getByRole('checkbox', { name: `Select ${TITLES.launch}` }).click();
    await page.getByRole('checkbox', { name: `Select ${TITLES.report}` }).click();
    await page.getByText('2 selected', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mark read', exact: true }).click();
    await expect.poll(async () => (await suite.ext.settledBadge()).text).toBe('2');
    // The unread filter is on: the two read rows leave it.
    await expect
      .poll(async () => (await shownTitles(page)).sort())
      .toEqual([TITLES.formula, TITLES.review].sort());

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await suite.ext.settledBadge()).text).toBe('4');
    await expect.poll(() => shownCount(page)).toBe(4);
  });

  it('exports the rows shown as CSV that reads back row for row, a formula neutralised', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^mentions-all-projects-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = readCsv(text.slice(1));
    const title = header.indexOf('Title');
    expect(title).toBeGreaterThanOrEqual(0);
    const shown = await shownTitles(page);
    expect(rows.map((row) => row[title].replace(/^'(?=[=+\-@\t\r])/, ''))).toEqual(shown);
    expect(rows.map((row) => row[title])).toContain(`'${TITLES.formula}`);
  });

  it('shows the trends as charts, each with its table alternative', async () => {
    const trends = page.getByRole('region', { name: 'Trends' });
    const chart = trends.getByRole('img', { name: /Mentions per day/ });
    await chart.waitFor();
    const table = trends.getByText(/^Table: Mentions per day/);
    await table.click();
    const data = trends.getByRole('table', { name: /Mentions per day/ });
    await data.waitFor();
    expect(await data.getByRole('row').count()).toBeGreaterThan(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('reads at a side panel’s width, axe clean', async () => {
    await page.setViewportSize({ width: 360, height: 700 });
    await page.getByRole('searchbox', { name: 'Search mentions' }).fill('zephyr');
    await expect.poll(() => shownTitles(page)).toEqual([TITLES.review, TITLES.launch]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
