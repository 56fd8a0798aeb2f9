// Finding a page's controls in Firefox the way a person does: by role and accessible name
// (puppeteer's ARIA query, answered by Firefox's accessibility tree), and form fields by the label
// they show (exact: "Competitors" must not find "Competitor names").
import type { ElementHandle, Page } from 'puppeteer-core';

/** The control whose role and accessible name are these, once it is there. */
export async function byRole(page: Page, role: string, name: string): Promise<ElementHandle> {
  const found = await page.waitForSelector(`::-p-aria([name="${name}"][role="${role}"])`);
  if (!found) throw new Error(`No ${role} named "${name}"`);
  return found as ElementHandle;
}

/** Clicks the control whose role and accessible name are these. */
export async function press(page: Page, role: string, name: string): Promise<void> {
  await (await byRole(page, role, name)).click();
}

/** The form field a label names (its text, exactly), once it is there. */
export async function byLabel(page: Page, label: string): Promise<ElementHandle> {
  const handle = await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('label')].find(
        (el) => el.textContent?.trim() === text && el.control,
      )?.control ?? null,
    { polling: 'mutation' },
    label,
  );
  return handle as ElementHandle;
}

/** Replaces a labelled field's value with `value`, typed as a person types it. */
export async function fill(page: Page, label: string, value: string): Promise<void> {
  const field = await byLabel(page, label);
  // Select what is there so typing replaces it (a textarea or an input alike).
  await field.evaluate((el) => (el as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  await field.type(value);
}

/** A labelled field's current value. */
export async function valueOf(page: Page, label: string): Promise<string> {
  return (await byLabel(page, label)).evaluate((el) => (el as HTMLInputElement).value);
}

/** Waits until some element of the page shows `text` (a part of its text). */
export async function shows(page: Page, text: string): Promise<void> {
  await page.waitForFunction((text) => document.body.innerText.includes(text), {}, text);
}
