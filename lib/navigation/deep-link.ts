// Where the options page opens: the URL fragment names a view, so notifications and the popup can
// link straight to a project (`#project=1201`) or to a prefilled add form
// (`#add=brandMonitoring&domain=acme.test`). Anything unreadable opens the main view.

import { normalizeDomain } from '@/lib/projects/field-text';
import { PROJECT_TYPES, type ProjectType } from '@/lib/projects/types';

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
