// @vitest-environment happy-dom
// "Monitor this site" in the popup: Brand, Backlinks or Competitor, then the short form prefilled
// from the tab (name from its title, the site in the type's website field, its name as keyword,
// the defaults under "More options"), every value editable; confirm sends addProject; success
// shows the new project once the project list has it; an error keeps the form and all its input.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { projectsItem } from '@/lib/storage/items';
import type { ProjectInput, ServiceProject } from '@/lib/projects/types';
import { stored, storeOf } from '../../support/mention-factory';
import {
  installBackground,
  listedTitles,
  renderPopup,
  seed,
  spyBrowser,
  type Background,
} from '../../support/popup-page';
import { activeTab, siteLine } from '../../support/active-tab';

vi.mock('@/lib/messaging/send', () => ({ sendMessage: vi.fn() }));

const ACME: ServiceProject = {
  project_id: 1,
  name: 'Acme',
  type: 'brandMonitoring',
  fields: { brand_url: 'acme.test' },
};
const STORE = storeOf(stored({ id: 1, project_id: 1, title: 'Acme in the news' }));
const ALL_SOURCES = ['twitter', 'linkedin', 'social', 'youtube', 'reddit', 'web', 'blogs'];

let background: Background;
/** What the stand-in background answers to addProject; by default it adds, as the real one does. */
let addProject: (input: ProjectInput) => Promise<unknown>;
let added: ProjectInput[];

/** Adds the project to the cached list (the real background refreshes it before it answers). */
async function addToCache(input: ProjectInput, id = 50): Promise<void> {
  const projects = (await projectsItem.getValue()) as ServiceProject[];
  const fields = Object.fromEntries(
    Object.entries(input.fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  await projectsItem.setValue([
    ...projects,
    { project_id: id, name: input.name, type: input.type, fields },
  ]);
}

beforeEach(async () => {
  fakeBrowser.reset();
  background = installBackground();
  spyBrowser();
  added = [];
  addProject = async (input) => {
    await addToCache(input);
    return { ok: true, value: { projectId: 50 } };
  };
  const base = background.mock.getMockImplementation()!;
  background.mock.mockImplementation(async (type, data) => {
    if (type !== 'addProject') return base(type, data);
    background.calls.push({ type, data });
    const input = (data as { input: ProjectInput }).input;
    added.push(input);
    return addProject(input);
  });
  activeTab({ url: 'https://www.initrode.com/about', title: 'Initrode | Home' });
  await seed({ store: STORE, projects: [ACME] });
});
afterEach(() => cleanup());

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input, textarea' });
}

function alertText(): string | null {
  return screen.queryByRole('alert')?.textContent ?? null;
}

function errorOf(control: HTMLElement): string | null {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
}

async function openForm(): Promise<HTMLElement> {
  await renderPopup();
  const button = await within(siteLine()).findByRole('button', { name: 'Monitor this site' });
  fireEvent.click(button);
  const heading = await screen.findByRole('heading', { name: 'Monitor www.initrode.com' });
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return heading;
}

/** Opens or closes "More options" with a click on its summary, as a person does. */
async function toggleMoreOptions(open = true): Promise<void> {
  const details = document.querySelector('details')!;
  fireEvent.click(details.querySelector('summary')!);
  await waitFor(() => expect(details.open).toBe(open));
}

describe('the choice', () => {
  it('opens over the list with the three kinds of project; the fields follow the choice', async () => {
    const heading = await openForm();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const group = screen.getByRole('group', { name: 'Monitor it as' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('id')),
    ).toEqual(['sf-type-brandMonitoring', 'sf-type-backlinks', 'sf-type-competitiveMonitoring']);
    expect(screen.getByRole('radio', { name: 'Brand' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Backlinks' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Competitor' })).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add project' })).toBeNull();
    // The filters are hidden and the list is out of reach while the form covers it.
    expect(document.querySelector('.toolbar')!.hasAttribute('hidden')).toBe(true);
    expect((document.querySelector('.scroller') as HTMLElement & { inert: boolean }).inert).toBe(
      true,
    );
  });

  it('Cancel closes it, gives the list back and returns the focus to the button', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Monitor www/ })).toBeNull());
    const button = within(siteLine()).getByRole('button', { name: 'Monitor this site' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(listedTitles()).toEqual(['Acme in the news']);
    expect(background.types()).toEqual([]);
  });
});

describe('the prefilled form', () => {
  it('brand: name from the title, the site as brand website, its name as brand name', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    expect(field('Name').value).toBe('Initrode | Home');
    expect(field('Brand website').value).toBe('www.initrode.com');
    expect(field('Brand names').value).toBe('Initrode');
    expect(
      screen.getByText('all sources · languages: all · locations: all · browser notifications'),
    ).toBeTruthy();
    await toggleMoreOptions();
    for (const source of ['Twitter', 'LinkedIn', 'Social', 'YouTube', 'Reddit', 'Web', 'Blogs']) {
      expect((screen.getByRole('checkbox', { name: source }) as HTMLInputElement).checked).toBe(
        true,
      );
    }
    expect(field('Languages').value).toBe('all');
    expect(field('Locations').value).toBe('all');
    const email = screen.getByRole('switch', { name: 'Email notifications' }) as HTMLInputElement;
    const browserSwitch = screen.getByRole('switch', { name: 'Browser notifications' });
    expect(email.checked).toBe(false);
    expect((browserSwitch as HTMLInputElement).checked).toBe(true);
  });

  it('backlinks: the site as website, no keyword field; competitor: competitor names', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Backlinks' }));
    expect(field('Website').value).toBe('www.initrode.com');
    expect(screen.queryByLabelText('Brand names')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Competitor' }));
    expect(field('Competitor website').value).toBe('www.initrode.com');
    expect(field('Competitor names').value).toBe('Initrode');
    expect(field('Name').value).toBe('Initrode | Home');
  });

  it('a page without a title: the host as the name', async () => {
    cleanup();
    activeTab({ url: 'https://www.initrode.com/' });
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Backlinks' }));
    expect(field('Name').value).toBe('www.initrode.com');
  });
});

describe('confirming', () => {
  it('sends the prefilled project as it is', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Backlinks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toEqual({
      name: 'Initrode | Home',
      type: 'backlinks',
      language: 'all',
      source: ALL_SOURCES,
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      fields: { backlinks_url: 'www.initrode.com' },
    });
  });

  it('every value can be edited first; what is sent is what was edited', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    fireEvent.input(field('Name'), { target: { value: 'Initrode watch' } });
    fireEvent.input(field('Brand website'), { target: { value: 'https://initrode.com/x' } });
    fireEvent.blur(field('Brand website'));
    // A pasted link is shown as the domain that will be sent.
    await waitFor(() => expect(field('Brand website').value).toBe('initrode.com'));
    fireEvent.input(field('Brand names'), { target: { value: 'Initrode\nInitrode Corp' } });
    await toggleMoreOptions();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Social' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'YouTube' }));
    fireEvent.input(field('Languages'), { target: { value: 'EN, de' } });
    fireEvent.input(field('Locations'), { target: { value: 'us' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Email notifications' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Browser notifications' }));
    expect(
      screen.getByText('5 sources · languages: EN, de · locations: us · email notifications'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toEqual({
      name: 'Initrode watch',
      type: 'brandMonitoring',
      language: 'en,de',
      source: ['twitter', 'linkedin', 'reddit', 'web', 'blogs'],
      location: 'us',
      email_notification: 1,
      browser_notification: 0,
      fields: { brand_url: 'initrode.com', brand_name: 'Initrode\nInitrode Corp' },
    });
  });

  it('success: the form closes, says so, and the site shows as monitored by the new project', async () => {
    // The project list catches up a moment after the answer.
    let release: () => Promise<void> = async () => undefined;
    addProject = async (input) => {
      release = () => addToCache(input);
      return { ok: true, value: { projectId: 50 } };
    };
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await screen.findByText('Added “Initrode | Home”. Its first check has started.');
    expect(screen.queryByRole('heading', { name: /Monitor www/ })).toBeNull();
    expect(listedTitles()).toEqual(['Acme in the news']);
    const line = within(siteLine());
    expect(line.getByText('Added “Initrode | Home”. Updating your projects…')).toBeTruthy();
    expect(line.queryByRole('button', { name: 'Monitor this site' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(siteLine()));
    await release();
    await line.findByText('Monitored in Initrode | Home, brand');
    expect(line.getByText('0 unread')).toBeTruthy();
    expect(background.types()).toEqual(['addProject']);
  });

  it('checks before sending: nothing is sent while a field is wrong', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    fireEvent.input(field('Name'), { target: { value: '  ' } });
    fireEvent.input(field('Brand website'), { target: { value: 'not a domain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(alertText()).toMatch(/2 need attention/));
    expect(errorOf(field('Name'))).toBe('Name cannot be empty.');
    expect(errorOf(field('Brand website'))).toMatch(/^Brand website: /);
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
    expect(added).toEqual([]);
  });

  it('a wrong value under "More options" opens them and takes the focus there', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Backlinks' }));
    await toggleMoreOptions();
    for (const source of ['Twitter', 'LinkedIn', 'Social', 'YouTube', 'Reddit', 'Web', 'Blogs']) {
      fireEvent.click(screen.getByRole('checkbox', { name: source }));
    }
    // Checked as it changes: the message is there before confirming.
    expect(screen.getByText('Sources: choose at least one source.')).toBeTruthy();
    await toggleMoreOptions(false);
    const details = document.querySelector('details')!;
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(details.open).toBe(true));
    await waitFor(() => expect(document.activeElement?.id).toBe('sf-source-twitter'));
    expect(added).toEqual([]);
  });
});

describe('an error keeps the form and everything typed', () => {
  async function fillAndSend(): Promise<void> {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    fireEvent.input(field('Name'), { target: { value: 'Initrode watch' } });
    fireEvent.input(field('Brand names'), { target: { value: 'Initrode\nIni' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(added.length).toBeGreaterThan(0));
  }

  function expectInputKept(): void {
    expect(screen.getByRole('heading', { name: 'Monitor www.initrode.com' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Brand' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Name').value).toBe('Initrode watch');
    expect(field('Brand website').value).toBe('www.initrode.com');
    expect(field('Brand names').value).toBe('Initrode\nIni');
  }

  it('a field the service named: its message beside it', async () => {
    addProject = async () => ({
      ok: false,
      error: {
        kind: 'invalid-input',
        message: 'Brand website: already watched.',
        field: 'brand_url',
      },
    });
    await fillAndSend();
    await waitFor(() =>
      expect(alertText()).toBe(
        'The service did not accept “Brand website”. See the message beside it. Everything you entered is still here.',
      ),
    );
    expect(errorOf(field('Brand website'))).toBe('Brand website: already watched.');
    await waitFor(() => expect(document.activeElement).toBe(field('Brand website')));
    expectInputKept();
    expect(within(siteLine()).getByText('Not monitored yet')).toBeTruthy();
  });

  it('a field under "More options": opened, with the message beside it', async () => {
    addProject = async () => ({
      ok: false,
      error: { kind: 'invalid-input', message: 'Languages: unknown code.', field: 'language' },
    });
    await fillAndSend();
    await waitFor(() => expect(document.querySelector('details')!.open).toBe(true));
    expect(errorOf(field('Languages'))).toBe('Languages: unknown code.');
    expectInputKept();
  });

  it('any other failure: the message at the top of the form, and it can be sent again', async () => {
    addProject = async () => ({
      ok: false,
      error: { kind: 'unreachable', message: 'The service cannot be reached.' },
    });
    await fillAndSend();
    await waitFor(() =>
      expect(alertText()).toBe(
        'Could not add the project: The service cannot be reached. Everything you entered is still here.',
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expectInputKept();

    addProject = async (input) => {
      await addToCache(input);
      return { ok: true, value: {} };
    };
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await within(siteLine()).findByText('Monitored in Initrode watch, brand');
    expect(added).toHaveLength(2);
    expect(added[1]).toEqual(added[0]);
  });

  it('the background does not answer', async () => {
    addProject = async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    };
    await fillAndSend();
    await waitFor(() => expect(alertText()).toMatch(/background did not answer/));
    expectInputKept();
  });
});
