// The set-up the background's e2e files (tests/e2e/background*.test.ts) share: one browser for the
// file (a launch costs seconds on these machines); each test starts from a freshly reset extension
// and a freshly seeded service. The file, its browser, page and service are read through the live
// bindings below once useBackgroundSuite has registered the hooks.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startFakeService, type FakeProject, type FakeService } from '../../fake-service/server';
import { launchWithExtension, type ExtensionBrowser } from './chromium';
import { ExtensionPage } from './extension-page';
import { resetExtension } from './reset-extension';

export const MINUTE_MS = 60_000;

export let svc: FakeService;
export let browser: ExtensionBrowser;
export let ext: ExtensionPage;

/** Registers the file's hooks: launch once, reset before each test, close at the end. */
export function useBackgroundSuite(): void {
  beforeAll(async () => {
    svc = await startFakeService({ port: 0 });
    browser = await launchWithExtension();
    ext = await ExtensionPage.open(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });
  beforeEach(async () => {
    svc.reset();
    await resetExtension(ext, browser.extensionId);
  });
}

export async function configure(): Promise<void> {
  await ext.configure(svc.url, svc.apiKey);
}

export function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

export function projectNamed(name: string): FakeProject {
  const project = svc.projects().find((p) => p.name === name);
  if (!project) throw new Error(`The seed has no project ${name}`);
  return project;
}

export function count(func: string): number {
  return svc.log.filter((entry) => entry.func === func).length;
}

export async function badgeCount(): Promise<number> {
  const { text } = await ext.settledBadge();
  expect(text).toMatch(/^\d+$/);
  return Number(text);
}
