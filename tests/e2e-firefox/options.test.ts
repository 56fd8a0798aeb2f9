// The options page in Firefox against the fake service, driven by labels and accessible names as
// in Chromium (tests/e2e/options.test.ts): "Save and connect" asks Firefox for the service's origin
// (its permission prompt answered yes by the profile, see below) and says a rejected key without
// losing it; a good key lists the projects; a project form with errors sends nothing and says
// what to fix; a project is added, edited and removed, and the service receives exactly the
// contract's fields; a failed save keeps what was typed. axe-core clean along the way. The steps
// share one page and run in order.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TYPE_FIELDS,
  TYPE_LABELS,
  contractKeys,
  lastRequest,
  requestsOf,
  sentValue,
  typedValue,
} from '../e2e/support/options';
import { startFakeService, type FakeService } from '../fake-service/server';
import { byLabel, byRole, fill, press, shows, valueOf } from './support/by-name';
import { axeViolations, waitFor } from './support/extension-calls';
import { launchFirefoxWithExtension, type FirefoxExtensionBrowser } from './support/firefox';

/** The service's origin as the user types it: a host the e2e build holds no permission for yet. */
const SERVICE_PATTERN = 'http://localhost/*';

let svc: FakeService;
let firefox: FirefoxExtensionBrowser;
let page: Page;
let serviceUrl: string;

beforeAll(async () => {
  svc = await startFakeService({ port: 0 });
  serviceUrl = svc.url.replace('127.0.0.1', 'localhost');
  firefox = await launchFirefoxWithExtension(undefined, {
    // Firefox's own switch for its optional-permission prompt: off, a request made from a click is
    // granted as if the person had answered "Allow" (a headless browser shows no doorhanger).
    prefs: { 'extensions.webextOptionalPermissionPrompts': false },
  });
  // The e2e build lists the loopback origins as host permissions; a person can take one back in
  // Firefox (MV3 host permissions are revocable), which leaves it to "Save and connect" to ask.
  await firefox.evaluate((origins) => browser.permissions.remove({ origins }), [SERVICE_PATTERN]);
  page = await firefox.openPage('options.html');
  await page.setViewport({ width: 1000, height: 900 });
});
afterAll(async () => {
  await firefox?.close();
  await svc?.close();
});

async function expectNoAxeViolations(state: string): Promise<void> {
  expect(await axeViolations(page), `axe violations with ${state}`).toEqual([]);
}

const hasPermission = () =>
  firefox.evaluate((origins) => browser.permissions.contains({ origins }), [SERVICE_PATTERN]);

async function openAddForm(typeLabel: string): Promise<void> {
  await press(page, 'button', 'Add a project');
  await byRole(page, 'heading', 'Add a project');
  await press(page, 'radio', typeLabel);
}

async function projectListed(name: string, listed = true): Promise<void> {
  await page.waitForFunction(
    (name, listed) =>
      [...document.querySelectorAll('h3')].some((h) => h.textContent?.trim() === name) === listed,
    {},
    name,
    listed,
  );
}

describe('the options page in Firefox', () => {
  it('asks for the service’s origin on "Save and connect", and says a rejected key without losing it', async () => {
    await shows(page, 'Connect to your monitoring service above');
    expect(await hasPermission()).toBe(false);
    await expectNoAxeViolations('nothing set up');

    await fill(page, 'Service address', serviceUrl);
    await fill(page, 'API key', 'wrong-key-123');
    await press(page, 'button', 'Save and connect');
    await shows(page, 'The service rejected this API key. Check it and try again.');
    // The click asked for the origin and Firefox granted it; the save failed, so no saved
    // connection needs it and it is given back (the next click asks again).
    await waitFor(
      'the permission given back',
      () => hasPermission(),
      (granted) => !granted,
    );
    expect(await valueOf(page, 'API key')).toBe('wrong-key-123');
    expect(await valueOf(page, 'Service address')).toBe(serviceUrl);
    const key = await byLabel(page, 'API key');
    expect(await key.evaluate((el) => el.getAttribute('aria-invalid'))).toBe('true');
    await expectNoAxeViolations('a rejected key');
  });

  it('connects with a good key, lists the projects, and the first poll fills the badge', async () => {
    await fill(page, 'API key', svc.apiKey);
    await press(page, 'button', 'Save and connect');
    await shows(page, `Connected: ${svc.projects().length} projects`);
    for (const project of svc.projects()) await projectListed(project.name);
    // Every call went to the address typed, with the permission Firefox gave.
    expect(requestsOf(svc, 'login').at(-1)?.status).toBe(200);
    // The first poll ran: the toolbar button counts mentions instead of asking for setup.
    await waitFor(
      'the badge counting',
      () => firefox.badgeText(),
      (text) => /^\d+$/.test(text),
    );
    await expectNoAxeViolations('the connected list');
  });

  it('a project form with errors sends nothing and says what to fix', async () => {
    svc.clearLog();
    await openAddForm('Brand monitoring');
    await fill(page, 'Brand website', 'not a domain');
    await fill(page, 'Languages', 'english');
    await page.keyboard.press('Tab');
    await shows(page, 'Languages: "english" is not a code');
    await press(page, 'button', 'Add project');
    await shows(page, '3 need attention');
    await shows(page, 'Name cannot be empty.');
    await shows(page, 'Brand website: A domain has no spaces');
    // The focus goes to the first field to fix.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pf-name');
    await expectNoAxeViolations('an add form with errors');
    expect(requestsOf(svc, 'addProject')).toEqual([]);
    await press(page, 'button', 'Cancel');
    await byRole(page, 'button', 'Add a project');
  });

  it('adds a project; the service receives exactly the contract’s fields', async () => {
    const type = 'brandMonitoring';
    const name = 'E2E Firefox brand';
    await openAddForm(TYPE_LABELS[type]);
    await fill(page, 'Name', name);
    for (const spec of TYPE_FIELDS[type]) await fill(page, spec.label, typedValue(type, spec.kind));
    await fill(page, 'Languages', 'EN, de');
    await press(page, 'switch', 'Email notifications');
    await press(page, 'button', 'Add project');
    await shows(page, `Added “${name}”.`);

    const request = await lastRequest(svc, 'addProject');
    expect(request.status).toBe(200);
    expect(Object.keys(request.body ?? {}).sort()).toEqual(contractKeys(type));
    const expected: Record<string, string> = {
      name,
      type,
      language: 'en,de',
      source: 'twitter,linkedin,social,youtube,reddit,web,blogs',
      location: 'all',
      email_notification: '1',
      browser_notification: '1',
    };
    for (const spec of TYPE_FIELDS[type]) expected[spec.name] = sentValue(type, spec.kind);
    expect(request.body).toEqual(expected);
    await projectListed(name);
    expect(svc.projects().some((p) => p.name === name)).toBe(true);
  });

  it('keeps the input and says what went wrong when the service fails during a save', async () => {
    svc.setFault('html500', { count: 1, func: 'addProject' });
    await openAddForm(TYPE_LABELS.topicMonitoring);
    await fill(page, 'Name', 'E2E after a fault');
    await fill(page, 'Topic keywords', 'cargo bike');
    await press(page, 'button', 'Add project');
    await shows(page, 'Could not save the project');
    await shows(page, 'Everything you entered is still here.');
    expect((await lastRequest(svc, 'addProject')).status).toBe(500);
    expect(await valueOf(page, 'Name')).toBe('E2E after a fault');
    expect(await valueOf(page, 'Topic keywords')).toBe('cargo bike');
    await expectNoAxeViolations('a failed save');

    await press(page, 'button', 'Add project');
    await shows(page, 'Added “E2E after a fault”.');
    expect((await lastRequest(svc, 'addProject')).status).toBe(200);
  });

  it('edits the project, sending every required field plus the type’s fields', async () => {
    const project = svc.projects().find((p) => p.name === 'E2E Firefox brand')!;
    await press(page, 'button', 'Edit E2E Firefox brand');
    await byRole(page, 'heading', 'Edit “E2E Firefox brand”');
    // The form fills from the project the service holds.
    await waitFor(
      'the edit form filled',
      () => valueOf(page, 'Brand website'),
      (value) => value === sentValue('brandMonitoring', 'domain'),
    );
    await expectNoAxeViolations('the edit form');
    await fill(page, 'Name', 'E2E Firefox renamed');
    await press(page, 'button', 'Save changes');
    await shows(page, 'Saved “E2E Firefox renamed”.');

    const request = await lastRequest(svc, 'editProject');
    expect(request.query.project_id).toBe(String(project.project_id));
    expect(Object.keys(request.body ?? {}).sort()).toEqual(contractKeys('brandMonitoring'));
    expect(request.body).toMatchObject({
      name: 'E2E Firefox renamed',
      type: 'brandMonitoring',
      brand_url: sentValue('brandMonitoring', 'domain'),
      email_notification: '1',
    });
    await projectListed('E2E Firefox renamed');
    await projectListed('E2E Firefox brand', false);
  });

  it('removes the project after a confirmation that names it', async () => {
    const name = 'E2E Firefox renamed';
    const project = svc.projects().find((p) => p.name === name)!;
    await press(page, 'button', `Remove ${name}`);
    const dialog = await byRole(page, 'dialog', `Remove “${name}”?`);
    expect(await dialog.evaluate((el) => el.textContent)).toContain(
      `The project “${name}” is deleted on the service`,
    );
    await expectNoAxeViolations('the remove dialog');
    await press(page, 'button', 'Remove project');
    await shows(page, `Removed “${name}”.`);
    expect((await lastRequest(svc, 'removeProject')).query.project_id).toBe(
      String(project.project_id),
    );
    await projectListed(name, false);
    expect(svc.projects().some((p) => p.name === name)).toBe(false);
  });
});
