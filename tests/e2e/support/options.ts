// Driving the options page the way a person does: by the labels they read. The labels and the
// contract's field names are written out here, not imported from lib/, so a mistake in the
// extension's field table shows up as a failing test instead of being copied into it.
import type { Locator, Page } from 'playwright-core';
import type { FakeService, RequestLogEntry } from '../../fake-service/server';

export type ProjectType =
  | 'backlinks'
  | 'brandMonitoring'
  | 'competitiveMonitoring'
  | 'topicMonitoring'
  | 'leadsSalesOpportunities'
  | 'startup';

export const TYPE_LABELS: Record<ProjectType, string> = {
  backlinks: 'Backlinks',
  brandMonitoring: 'Brand monitoring',
  competitiveMonitoring: 'Competitive monitoring',
  topicMonitoring: 'Topic monitoring',
  leadsSalesOpportunities: 'Leads and sales opportunities',
  startup: 'Startup',
};

/** The fields every add and edit carries (docs/service/api.md). */
export const COMMON_FIELDS = [
  'name',
  'type',
  'language',
  'source',
  'location',
  'email_notification',
  'browser_notification',
];

type Kind = 'domain' | 'keywords' | 'description';

/** Each type's own fields as the contract spells them, with the label the form shows. */
export const TYPE_FIELDS: Record<ProjectType, { name: string; label: string; kind: Kind }[]> = {
  backlinks: [{ name: 'backlinks_url', label: 'Website', kind: 'domain' }],
  brandMonitoring: [
    { name: 'brand_url', label: 'Brand website', kind: 'domain' },
    { name: 'brand_name', label: 'Brand names', kind: 'keywords' },
    { name: 'brand_excluded_keywords', label: 'Excluded keywords', kind: 'keywords' },
  ],
  competitiveMonitoring: [
    { name: 'competitor_url', label: 'Competitor website', kind: 'domain' },
    { name: 'competitior_name', label: 'Competitor names', kind: 'keywords' },
    { name: 'competitior_excluded_keywords', label: 'Excluded keywords', kind: 'keywords' },
  ],
  topicMonitoring: [
    { name: 'topic_keywords', label: 'Topic keywords', kind: 'keywords' },
    { name: 'topic_excluded_keywords', label: 'Excluded keywords', kind: 'keywords' },
  ],
  leadsSalesOpportunities: [
    { name: 'sales_product_description', label: 'Product description', kind: 'description' },
    { name: 'sales_keywords', label: 'Sales keywords', kind: 'keywords' },
    { name: 'sales_competitors', label: 'Competitors', kind: 'keywords' },
    { name: 'sales_excluded_keywords', label: 'Excluded keywords', kind: 'keywords' },
  ],
  startup: [
    { name: 'startup_keywords', label: 'Startup keywords', kind: 'keywords' },
    { name: 'startup_product_description', label: 'Product description', kind: 'description' },
    { name: 'startup_competitors', label: 'Competitors', kind: 'keywords' },
    { name: 'startup_excluded_keywords', label: 'Excluded keywords', kind: 'keywords' },
  ],
};

/** The keys an add/edit body must have for a type whose every field is filled. */
export function contractKeys(type: ProjectType): string[] {
  return [...COMMON_FIELDS, ...TYPE_FIELDS[type].map((f) => f.name)].sort();
}

/** A value for each kind of field, as typed (a pasted link, a list with a blank line). */
export function typedValue(type: ProjectType, kind: Kind): string {
  switch (kind) {
    case 'domain':
      return `https://www.${type.toLowerCase()}.test/some/page`;
    case 'keywords':
      return `${type} one\n\n${type} two`;
    case 'description':
      return `What the ${type} project sells.`;
  }
}

/** What the service receives for such a typed value. */
export function sentValue(type: ProjectType, kind: Kind): string {
  switch (kind) {
    case 'domain':
      return `${type.toLowerCase()}.test`;
    case 'keywords':
      return `${type} one\n${type} two`;
    case 'description':
      return `What the ${type} project sells.`;
  }
}

/** The form's field for a label (exact: "Competitors" must not find "Competitor names"). */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

/** Fills every field of `type` in the open form. */
export async function fillTypeFields(page: Page, type: ProjectType): Promise<void> {
  for (const spec of TYPE_FIELDS[type]) {
    await field(page, spec.label).fill(typedValue(type, spec.kind));
  }
}

/** The API requests of one func, oldest first. */
export function requestsOf(fake: FakeService, func: string): RequestLogEntry[] {
  return fake.log.filter((entry) => entry.func === func);
}

/** The last request of one func, waiting for it to be logged. */
export async function lastRequest(fake: FakeService, func: string, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = requestsOf(fake, func).at(-1);
    if (found && found.status !== 0) return found;
    if (Date.now() > until) throw new Error(`No ${func} request was logged`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The accessible name of the focused element, roughly as a screen reader would say it. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = el.getAttribute('aria-label');
    if (labelled) return labelled;
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return labels[0].textContent?.trim() ?? '';
    return el.textContent?.trim() ?? '';
  });
}

/** Presses Tab until the control named `name` has focus, as a keyboard user would. */
export async function tabTo(page: Page, name: string, maxPresses = 60): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"`);
}
