// "Monitor this site" in the popup (tests/unit/flows/popup/site-form*.test.tsx): a tab on
// www.initrode.com, a stand-in background whose addProject adds the project to the cached list as
// the real one does (or answers what the test sets), and the form's fields and messages.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, expect } from 'vitest';
import type { ProjectInput, ServiceProject } from '@/lib/projects/types';
import { projectsItem } from '@/lib/storage/items';
import { activeTab, siteLine } from './active-tab';
import { stored, storeOf } from './mention-factory';
import type { PopupFlow } from './popup-flow';
import { renderPopup, seed } from './popup-page';

const ACME: ServiceProject = {
  project_id: 1,
  name: 'Acme',
  type: 'brandMonitoring',
  fields: { brand_url: 'acme.test' },
};
const STORE = storeOf(stored({ id: 1, project_id: 1, title: 'Acme in the news' }));
export const ALL_SOURCES = ['twitter', 'linkedin', 'social', 'youtube', 'reddit', 'web', 'blogs'];

export interface SiteForm {
  /** What the stand-in background answers to addProject; by default it adds, as the real one does. */
  addProject: (input: ProjectInput) => Promise<unknown>;
  /** Every project sent with addProject, in order. */
  added: ProjectInput[];
}

/** Adds the project to the cached list (the real background refreshes it before it answers). */
export async function addToCache(input: ProjectInput, id = 50): Promise<void> {
  const projects = (await projectsItem(FIRST_ACCOUNT).getValue()) as ServiceProject[];
  const fields = Object.fromEntries(
    Object.entries(input.fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  await projectsItem(FIRST_ACCOUNT).setValue([
    ...projects,
    { project_id: id, name: input.name, type: input.type, fields },
  ]);
}

/** Registers the set-up (after usePopup, whose stand-in background it extends). */
export function useSiteForm(popup: PopupFlow): SiteForm {
  const form: SiteForm = { addProject: async () => undefined, added: [] };
  beforeEach(async () => {
    form.added = [];
    form.addProject = async (input) => {
      await addToCache(input);
      return { ok: true, value: { projectId: 50 } };
    };
    const background = popup.background;
    const base = background.mock.getMockImplementation()!;
    background.mock.mockImplementation(async (type, data) => {
      if (type !== 'addProject') return base(type, data);
      background.calls.push({ type, data });
      const input = (data as { input: ProjectInput }).input;
      form.added.push(input);
      return form.addProject(input);
    });
    activeTab({ url: 'https://www.initrode.com/about', title: 'Initrode | Home' });
    await seed({ store: STORE, projects: [ACME] });
  });
  return form;
}

export function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input, textarea' });
}

export function alertText(): string | null {
  return screen.queryByRole('alert')?.textContent ?? null;
}

export function errorOf(control: HTMLElement): string | null {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
}

export async function openForm(): Promise<HTMLElement> {
  await renderPopup();
  const button = await within(siteLine()).findByRole('button', { name: 'Monitor this site' });
  fireEvent.click(button);
  const heading = await screen.findByRole('heading', { name: 'Monitor www.initrode.com' });
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return heading;
}

/** Opens or closes "More options" with a click on its summary, as a person does. */
export async function toggleMoreOptions(open = true): Promise<void> {
  const details = document.querySelector('details')!;
  fireEvent.click(details.querySelector('summary')!);
  await waitFor(() => expect(details.open).toBe(open));
}
