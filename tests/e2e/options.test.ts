// The options page in real Chromium against the fake service, driven by accessible names: connect
// with a bad and a good key, add a project of each type (the service receives exactly the
// contract's fields), edit, remove, a failed save that keeps the input, a keyboard-only add, and
// axe-core clean in every state along the way.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { axeViolations } from './support/axe';
import { launchWithExtension, type ExtensionBrowser } from './support/chromium';
import {
  TYPE_FIELDS,
  TYPE_LABELS,
  contractKeys,
  field,
  fillTypeFields,
  lastRequest,
  requestsOf,
  sentValue,
  tabTo,
  type ProjectType,
} from './support/options';

let fake: FakeService;
let browser: ExtensionBrowser;
let page: Page;

beforeAll(async () => {
  fake = await startFakeService({ port: 0 });
  browser = await launchWithExtension();
  page = await browser.openPage('options.html');
  await page.setViewportSize({ width: 1000, height: 900 });
  // Fail fast: every step here takes well under a second.
  page.setDefaultTimeout(5_000);
  await page.getByRole('main').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await fake?.close();
});

async function expectNoAxeViolations(state: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `axe violations with ${state}`).toEqual([]);
}

const projectHeading = (name: string) => page.getByRole('heading', { level: 3, name, exact: true });
const notice = (text: string) => page.getByRole('status').filter({ hasText: text });

async function openAddForm(type: ProjectType): Promise<void> {
  await page.getByRole('button', { name: 'Add a project' }).click();
  await page.getByRole('heading', { level: 2, name: 'Add a project' }).waitFor();
  await page.getByRole('radio', { name: TYPE_LABELS[type], exact: true }).check();
}

describe('the options page', () => {
  it('starts not connected, and says a rejected key without losing it', async () => {
    await page.getByText(/Connect to your monitoring service above/).waitFor();
    await expectNoAxeViolations('nothing set up');

    await page.getByLabel('Service address').fill(fake.url);
    await page.getByLabel('API key', { exact: true }).fill('wrong-key-123');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page.getByText('The service rejected this API key. Check it and try again.').waitFor();
    expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe('wrong-key-123');
    expect(await page.getByLabel('Service address').inputValue()).toBe(fake.url);
    expect(await page.getByLabel('API key', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await expectNoAxeViolations('a rejected key');
  });

  it('connects with a good key and lists the projects', async () => {
    const count = fake.projects().length;
    await page.getByLabel('API key', { exact: true }).fill(fake.apiKey);
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await page.getByText(`Connected: ${count} projects`).waitFor();
    for (const project of fake.projects()) await projectHeading(project.name).waitFor();
    await page.getByRole('region', { name: 'Status' }).getByText('just now').waitFor();
    await expectNoAxeViolations('the connected list');
    await page.screenshot({ path: '/tmp/options.png', fullPage: true });
  });

  it('shows a project’s statistics on demand', async () => {
    await page.getByRole('button', { name: 'Statistics for Acme', exact: true }).click();
    const stats = page.getByRole('region', { name: 'Statistics of Acme', exact: true });
    await stats.getByText('Total mentions').waitFor();
    await stats.getByRole('heading', { name: 'Sources' }).waitFor();
    await expectNoAxeViolations('statistics open');
    await page.getByRole('button', { name: 'Statistics for Acme', exact: true }).click();
    await stats.waitFor({ state: 'detached' });
  });

  it('checks every field, sends nothing while one is invalid, and is axe clean with errors', async () => {
    fake.clearLog();
    await openAddForm('brandMonitoring');
    await field(page, 'Brand website').fill('not a domain');
    await field(page, 'Languages').fill('english');
    await field(page, 'Languages').blur();
    await page.getByText(/Languages: "english" is not a code/).waitFor();
    await page.getByRole('button', { name: 'Add project' }).click();
    await page.getByRole('alert').filter({ hasText: '3 need attention' }).waitFor();
    await page.getByText('Name cannot be empty.').waitFor();
    await page.getByText(/Brand website: A domain has no spaces/).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pf-name');
    await page.screenshot({ path: '/tmp/options-form-errors.png', fullPage: true });
    await expectNoAxeViolations('an add form with errors');
    expect(requestsOf(fake, 'addProject')).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { level: 2, name: /^Projects/ }).waitFor();
  });

  const TYPES = Object.keys(TYPE_LABELS) as ProjectType[];
  it('adds a project of each type; the service receives exactly the contract’s fields', async () => {
    for (const type of TYPES) {
      const name = `E2E ${TYPE_LABELS[type]}`;
      await openAddForm(type);
      await field(page, 'Name').fill(name);
      await fillTypeFields(page, type);
      await page.getByRole('checkbox', { name: 'Social', exact: true }).uncheck();
      await field(page, 'Languages').fill('EN, de');
      await page.getByRole('switch', { name: 'Email notifications' }).check();
      await page.getByRole('button', { name: 'Add project' }).click();
      await notice(`Added “${name}”.`).waitFor();

      const request = await lastRequest(fake, 'addProject');
      expect(request.method).toBe('POST');
      expect(request.status).toBe(200);
      expect(Object.keys(request.body ?? {}).sort(), type).toEqual(contractKeys(type));
      const expected: Record<string, string> = {
        name,
        type,
        language: 'en,de',
        source: 'twitter,linkedin,youtube,reddit,web,blogs',
        location: 'all',
        email_notification: '1',
        browser_notification: '1',
      };
      for (const spec of TYPE_FIELDS[type]) expected[spec.name] = sentValue(type, spec.kind);
      expect(request.body).toEqual(expected);
      await projectHeading(name).waitFor();
    }
    expect(fake.projects().map((p) => p.name)).toEqual(
      expect.arrayContaining(TYPES.map((type) => `E2E ${TYPE_LABELS[type]}`)),
    );
  });

  it('edits a project, sending every required field plus the type’s fields', async () => {
    const name = 'E2E Competitive monitoring';
    const project = fake.projects().find((p) => p.name === name)!;
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `Edit “${name}”` }).waitFor();
    await expect
      .poll(() => field(page, 'Competitor website').inputValue())
      .toBe(sentValue('competitiveMonitoring', 'domain'));
    await expectNoAxeViolations('the edit form');
    await field(page, 'Name').fill('E2E Globex watch');
    await field(page, 'Competitor names').fill('Globex\nGlobex Volt');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await notice('Saved “E2E Globex watch”.').waitFor();

    const request = await lastRequest(fake, 'editProject');
    expect(request.method).toBe('POST');
    expect(request.query.project_id).toBe(String(project.project_id));
    expect(Object.keys(request.body ?? {}).sort()).toEqual(contractKeys('competitiveMonitoring'));
    expect(request.body).toMatchObject({
      name: 'E2E Globex watch',
      type: 'competitiveMonitoring',
      competitor_url: 'competitivemonitoring.test',
      competitior_name: 'Globex\nGlobex Volt',
      competitior_excluded_keywords: sentValue('competitiveMonitoring', 'keywords'),
      email_notification: '1',
    });
    await projectHeading('E2E Globex watch').waitFor();
    await projectHeading(name).waitFor({ state: 'detached' });
  });

  it('keeps the input and says what went wrong when the service fails during a save', async () => {
    fake.setFault('html500', { count: 1, func: 'addProject' });
    await openAddForm('topicMonitoring');
    await field(page, 'Name').fill('E2E after a fault');
    await field(page, 'Topic keywords').fill('cargo bike\nlongtail');
    await page.getByRole('button', { name: 'Add project' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not save the project' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Everything you entered is still here.');
    expect((await lastRequest(fake, 'addProject')).status).toBe(500);
    expect(await field(page, 'Name').inputValue()).toBe('E2E after a fault');
    expect(await field(page, 'Topic keywords').inputValue()).toBe('cargo bike\nlongtail');
    await expectNoAxeViolations('a failed save');

    await page.getByRole('button', { name: 'Add project' }).click();
    await notice('Added “E2E after a fault”.').waitFor();
    expect((await lastRequest(fake, 'addProject')).status).toBe(200);
  });

  it('removes a project after a confirmation that names it', async () => {
    const name = 'E2E Backlinks';
    const project = fake.projects().find((p) => p.name === name)!;
    await page.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Remove “${name}”?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`The project “${name}” is deleted on the service`);
    await expectNoAxeViolations('the remove dialog');
    await dialog.getByRole('button', { name: 'Remove project' }).click();
    await notice(`Removed “${name}”.`).waitFor();
    const request = await lastRequest(fake, 'removeProject');
    expect(request.query.project_id).toBe(String(project.project_id));
    await projectHeading(name).waitFor({ state: 'detached' });
    expect(fake.projects().some((p) => p.name === name)).toBe(false);
  });

  it('adds a project with the keyboard alone', async () => {
    await page.reload();
    await page.getByRole('main').waitFor();
    await tabTo(page, 'Add a project');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Add a project' }).waitFor();
    await tabTo(page, 'Backlinks');
    // Arrow keys move through the radio group: Backlinks → ... → Topic monitoring.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Topic monitoring' }).isChecked()).toBe(true);
    await tabTo(page, 'Name');
    await page.keyboard.type('E2E by keyboard');
    await tabTo(page, 'Topic keywords');
    await page.keyboard.type('folding bike');
    await page.keyboard.press('Enter');
    await page.keyboard.type('brompton');
    await tabTo(page, 'Email notifications');
    await page.keyboard.press('Space');
    await tabTo(page, 'Add project');
    await page.keyboard.press('Enter');
    // A save goes through the worker to the service and back with the project list: more than
    // the page's own steps, and once over 5 s in a loaded fresh-clone run.
    await notice('Added “E2E by keyboard”.').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('projects-heading');

    const request = await lastRequest(fake, 'addProject');
    expect(request.body).toEqual({
      name: 'E2E by keyboard',
      type: 'topicMonitoring',
      language: 'all',
      source: 'twitter,linkedin,social,youtube,reddit,web,blogs',
      location: 'all',
      email_notification: '1',
      browser_notification: '1',
      topic_keywords: 'folding bike\nbrompton',
    });
    await projectHeading('E2E by keyboard').waitFor();
    await expectNoAxeViolations('the list after adding');
  });
});
