// The extension's pages and how every place opens them: the welcome page, the mentions page (at a
// view its URL describes), the options page (at a route its fragment names), and how a click on a
// mention opens it.

import { browser } from 'wxt/browser';
import { linkSearch, type PageLink } from '@/lib/mentions-page/page-filter';
import { normalizeDomain } from '@/lib/projects/field-text';
import { PROJECT_TYPES, type ProjectType } from '@/lib/projects/types';

// Where the welcome (setup) page is, and the way every place opens it: the background on a first
// install, the popup's "Set up" state.

const WELCOME_PAGE_PATH = '/welcome.html';

export async function openWelcomePage(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE_PATH) });
}

// Where the mentions page is, and the way every other place opens it (the popup, the options page,
// a notification that stands for several mentions): in a tab, at a view its URL describes
// (lib/mentions-page/page-filter.ts).

const MENTIONS_PAGE_PATH = '/mentions.html';

export function mentionsPageUrl(view: PageLink = {}): string {
  return browser.runtime.getURL(MENTIONS_PAGE_PATH) + linkSearch(view);
}

export async function openMentionsPage(view: PageLink = {}): Promise<void> {
  await browser.tabs.create({ url: mentionsPageUrl(view) });
}

// Where the options page opens: the URL fragment names a view, so notifications and the popup can
// link straight to a project (`#project=1201`) or to a prefilled add form
// (`#add=brandMonitoring&domain=acme.test`). Anything unreadable opens the main view.

export type OptionsRoute =
  | { view: 'home' }
  | { view: 'project'; projectId: number }
  | { view: 'add'; type?: ProjectType; domain?: string };

const PROJECT_ID = /^\d{1,15}$/;

/** The route a fragment (`#...`, with or without the `#`) names. */
export function parseOptionsHash(hash: string): OptionsRoute {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const project = params.get('project')?.trim();
  if (project !== undefined) {
    const id = PROJECT_ID.test(project) ? Number(project) : NaN;
    return Number.isSafeInteger(id) ? { view: 'project', projectId: id } : { view: 'home' };
  }
  if (params.has('add')) {
    const route: OptionsRoute = { view: 'add' };
    const type = projectTypeOf(params.get('add') ?? '');
    if (type) route.type = type;
    // A link may carry whatever its sender saw: only a usable domain is taken.
    const domain = normalizeDomain(params.get('domain') ?? '');
    if (domain.ok) route.domain = domain.host;
    return route;
  }
  return { view: 'home' };
}

/** The fragment for a route, the inverse of parseOptionsHash (without the `#`). */
export function optionsHash(route: OptionsRoute): string {
  switch (route.view) {
    case 'home':
      return '';
    case 'project':
      return `project=${route.projectId}`;
    case 'add':
      return addFormHash(route.type, route.domain);
  }
}

/** The add form's fragment (optionsHash's, alone for the worker's site menu, which links no other). */
export function addFormHash(type?: ProjectType, domain?: string): string {
  if (!type && !domain) return 'add';
  const params = new URLSearchParams();
  params.set('add', type ?? '');
  if (domain) params.set('domain', domain);
  return params.toString();
}

/** A type name as a link may spell it: exact, or differing in case only. */
function projectTypeOf(text: string): ProjectType | undefined {
  const wanted = text.trim().toLowerCase();
  return PROJECT_TYPES.find((type) => type.toLowerCase() === wanted);
}

// How a click on a mention should open it. A plain click (or Enter) opens it in front and closes
// the popup, or behind when the user's preference says so (settings.openInBackground); a modified
// click (Ctrl/Cmd/Shift) or the middle button always opens it behind and keeps the popup open, as
// links do everywhere else.

export type OpenMode = 'foreground' | 'background';

interface ClickFacts {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export function openMode(click: ClickFacts, openInBackground = false): OpenMode | null {
  if (click.button === 1) return 'background';
  if (click.button !== 0) return null;
  if (click.ctrlKey || click.metaKey || click.shiftKey) return 'background';
  return openInBackground ? 'background' : 'foreground';
}
