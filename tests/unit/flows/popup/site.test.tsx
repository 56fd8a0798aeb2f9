// @vitest-environment happy-dom
// The popup's site line in every state: the current tab's site monitored (with its project's unread
// count and the "Mentions on this site" filter), not monitored ("Monitor this site"), or a page that
// cannot be monitored (the control disabled with the reason); and a first paint that never waits
// for the tab. The short form itself is in site-form.test.tsx.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import type { ServiceProject } from '@/lib/projects/types';
import { stored, storeOf } from '../../support/mention-factory';
import {
  installBackground,
  listedTitles,
  popupApp,
  renderFirstPaint,
  renderPopup,
  seed,
  spyBrowser,
} from '../../support/popup-page';
import { activeTab, siteLine } from '../../support/active-tab';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

beforeEach(() => {
  fakeBrowser.reset();
  installBackground();
  spyBrowser();
  activeTab(null);
});
afterEach(() => cleanup());

const ACME: ServiceProject = {
  project_id: 1,
  name: 'Acme',
  type: 'brandMonitoring',
  fields: { brand_url: 'acme.test', brand_name: 'Acme' },
};
const ACME_LINKS: ServiceProject = {
  project_id: 3,
  name: 'Acme links',
  type: 'backlinks',
  fields: { backlinks_url: 'www.acme.test' },
};
const GLOBEX: ServiceProject = {
  project_id: 2,
  name: 'Globex',
  type: 'competitiveMonitoring',
  fields: { competitor_url: 'globex.test' },
};

const STORE = storeOf(
  stored({ id: 1, project_id: 1, title: 'Acme on its own blog', url: 'https://blog.acme.test/p' }),
  stored({ id: 2, project_id: 1, title: 'Acme in the news', url: 'https://news.example.com/a' }),
  stored({ id: 3, project_id: 2, title: 'Globex review', url: 'https://reviews.example.org/g' }),
  stored({
    id: 4,
    project_id: 1,
    title: 'Old Acme page',
    url: 'https://acme.test/old',
    read: true,
  }),
);

function monitorButton(): HTMLElement {
  return within(siteLine()).getByRole('button', { name: /Monitor this site/ });
}

describe('a site that a project watches', () => {
  it('says which project, of which type, with that project’s unread count', async () => {
    activeTab({ url: 'http://acme.test/pricing', title: 'Acme pricing' });
    await seed({ store: STORE, projects: [ACME, GLOBEX] });
    await renderPopup();
    const line = within(siteLine());
    await line.findByText('acme.test');
    expect(line.getByText('Monitored in Acme, brand')).toBeTruthy();
    expect(line.getByText('2 unread')).toBeTruthy();
    const chip = line.getByRole('button', { name: 'Mentions on this site' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(line.queryByRole('button', { name: /Monitor this site/ })).toBeNull();
  });

  it('names one project and counts the others', async () => {
    activeTab({ url: 'https://www.acme.test/', title: 'Acme' });
    await seed({ store: STORE, projects: [ACME_LINKS, ACME, GLOBEX] });
    await renderPopup();
    await within(siteLine()).findByText('Monitored in Acme, brand, and 1 more');
  });

  it('a competitor’s site', async () => {
    activeTab({ url: 'https://shop.globex.test/volt', title: 'Volt' });
    await seed({ store: STORE, projects: [ACME, GLOBEX] });
    await renderPopup();
    await within(siteLine()).findByText('Monitored in Globex, competitor');
    expect(within(siteLine()).getByText('1 unread')).toBeTruthy();
  });

  it('"Mentions on this site" shows only mentions whose URL is on the site, and back', async () => {
    activeTab({ url: 'http://acme.test/pricing', title: 'Acme pricing' });
    await seed({ store: STORE, projects: [ACME, GLOBEX] });
    await renderPopup();
    const chip = await within(siteLine()).findByRole('button', { name: 'Mentions on this site' });
    expect(listedTitles()).toHaveLength(3);
    fireEvent.click(chip);
    await waitFor(() => expect(listedTitles()).toEqual(['Acme on its own blog']));
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    // "New" counts what the filter leaves.
    expect(screen.getByRole('button', { name: /^New/ }).textContent).toBe('New 1');
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    await waitFor(() =>
      expect(listedTitles().sort()).toEqual(['Acme on its own blog', 'Old Acme page']),
    );
    fireEvent.click(chip);
    await waitFor(() => expect(listedTitles()).toHaveLength(4));
    expect(chip.getAttribute('aria-pressed')).toBe('false');
  });

  it('nothing new on the site: says so, and "Clear filters" clears the site filter too', async () => {
    activeTab({ url: 'https://globex.test/', title: 'Globex' });
    await seed({ store: STORE, projects: [ACME, GLOBEX] });
    await renderPopup();
    fireEvent.click(
      await within(siteLine()).findByRole('button', { name: 'Mentions on this site' }),
    );
    expect(await screen.findByRole('heading', { name: 'Nothing new here' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all recent' }));
    expect(await screen.findByRole('heading', { name: 'Nothing matches' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listedTitles()).toHaveLength(4));
    expect(
      within(siteLine())
        .getByRole('button', { name: 'Mentions on this site' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('no stored mentions: nothing to filter, so no filter', async () => {
    activeTab({ url: 'http://acme.test/', title: 'Acme' });
    await seed({ projects: [ACME] });
    await renderPopup();
    await within(siteLine()).findByText('Monitored in Acme, brand');
    expect(within(siteLine()).getByText('0 unread')).toBeTruthy();
    expect(within(siteLine()).queryByRole('button')).toBeNull();
  });
});

describe('a site no project watches', () => {
  it('offers "Monitor this site"', async () => {
    activeTab({ url: 'https://www.initrode.com/about', title: 'Initrode | Home' });
    await seed({ store: STORE, projects: [ACME, GLOBEX] });
    await renderPopup();
    const line = within(siteLine());
    await line.findByText('www.initrode.com');
    expect(line.getByText('Not monitored yet')).toBeTruthy();
    const button = monitorButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(line.queryByRole('button', { name: 'Mentions on this site' })).toBeNull();
  });

  it('not connected yet: the control is disabled, with the reason', async () => {
    activeTab({ url: 'https://www.initrode.com/', title: 'Initrode' });
    await seed({ settings: DEFAULT_SETTINGS });
    await renderPopup();
    await within(siteLine()).findByText('www.initrode.com');
    const button = monitorButton();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(button)).toBe('Connect Mention Monitor in the settings to monitor it.');
    fireEvent.click(button);
    expect(screen.queryByRole('heading', { name: /Monitor www/ })).toBeNull();
  });
});

/** The text of the elements that describe `element` (aria-describedby). */
function describedText(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('pages that cannot be monitored', () => {
  it.each([
    ['chrome://extensions/', 'Browser pages cannot be monitored.'],
    ['about:blank', 'Browser pages cannot be monitored.'],
    ['chrome-extension://abcdefgh/options.html', 'Extension pages cannot be monitored.'],
    ['file:///home/me/notes.html', 'Files on this computer cannot be monitored.'],
    ['http://localhost:5173/', 'Only public websites can be monitored.'],
    ['http://10.0.0.8/', 'Only public websites can be monitored.'],
    // An address the browser hides under activeTab: one of its own pages.
    [undefined, 'Browser pages cannot be monitored.'],
    ['not a url', 'This tab has no web address to monitor.'],
  ])('%s: the control is disabled, described by the reason', async (url, reason) => {
    activeTab({ url, title: 'Some page' });
    await seed({ store: STORE, projects: [ACME] });
    await renderPopup();
    const line = within(siteLine());
    await line.findByText(reason);
    expect(line.getByText('This page')).toBeTruthy();
    const button = monitorButton();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(button)).toBe(reason);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: /Monitor/ })).toBeNull();
    expect(listedTitles()).toHaveLength(3);
  });

  it('no active tab at all, or the browser refuses: no address', async () => {
    await seed({ store: STORE, projects: [ACME] });
    await renderPopup();
    await within(siteLine()).findByText('This tab has no web address to monitor.');
    cleanup();
    (fakeBrowser.tabs as unknown as { query: unknown }).query = vi.fn(async () => {
      throw new Error('No current window');
    });
    await renderPopup();
    await within(siteLine()).findByText('This tab has no web address to monitor.');
  });
});

describe('first paint', () => {
  it('lists the mentions without waiting for the tab, in a site line that keeps its room', async () => {
    let answer: (tabs: unknown[]) => void = () => undefined;
    const query = vi.fn(() => new Promise<unknown[]>((resolve) => (answer = resolve)));
    (fakeBrowser.tabs as unknown as { query: unknown }).query = query;
    await seed({ store: STORE, projects: [ACME, GLOBEX] });
    await renderFirstPaint();
    expect(listedTitles()).toHaveLength(3);
    expect(query).toHaveBeenCalledWith({ active: true, currentWindow: true });
    const line = siteLine();
    expect(line.getAttribute('aria-busy')).toBe('true');
    // Both of its lines are there, empty: the tab's answer fills them, it adds none.
    expect(line.querySelectorAll('.site__host, .site__detail')).toHaveLength(2);
    expect(line.textContent).toBe('');
    await act(async () => answer([{ id: 1, url: 'http://acme.test/', title: 'Acme' }]));
    await within(line).findByText('Monitored in Acme, brand');
    expect(siteLine()).toBe(line);
    expect(line.getAttribute('aria-busy')).toBeNull();
    expect(line.querySelectorAll('.site__host, .site__detail')).toHaveLength(2);
  });

  it('before storage answers: the site line is there already, under a reserved status line', async () => {
    activeTab({ url: 'http://acme.test/', title: 'Acme' });
    await seed({ store: STORE, projects: [ACME] });
    render(popupApp());
    const busy = document.querySelector('main[aria-busy]');
    expect(busy).not.toBeNull();
    expect(busy!.querySelector('.header__status')).not.toBeNull();
    expect(busy!.querySelector('.site')).not.toBeNull();
    await within(siteLine()).findByText('Monitored in Acme, brand');
  });
});
