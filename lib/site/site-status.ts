// The site line of the popup: which site the current tab is on (or why it has none), and whether a
// project already watches it. Pure, with table tests (tests/unit/site/site-status.test.ts); the
// tab itself is read under `activeTab` (lib/mention-view/first-read.ts).
import { type ServiceProject, isProjectType } from '@/lib/projects/types';
import {
  siteOfUrl,
  type SiteUnavailable,
  hostIsOnSite,
  hostOfDomain,
  bareHost,
  isSiteProjectType,
  type SiteProjectType,
} from '@/lib/site/site';
import { domainRowOf } from '@/lib/projects/field-table';

/** What the popup knows of the current tab's site. */
export type ActiveSite =
  /** The tab has not answered yet: the line keeps its room, empty. */
  | { kind: 'pending' }
  | { kind: 'site'; host: string; title: string }
  | { kind: 'unavailable'; reason: SiteUnavailable };

/** The parts of a tab the popup reads (`activeTab` makes them visible). */
export interface ActiveTabInfo {
  url?: string;
  /** A tab still loading its first page has its address here until it commits. */
  pendingUrl?: string;
  title?: string;
}

export function activeSiteOf(tab: ActiveTabInfo | null | undefined): ActiveSite {
  const url = tab?.url || tab?.pendingUrl;
  // Under activeTab the browser hides the address (and title) of the pages it keeps from
  // extensions: its own (chrome://, the new tab page) and its web store.
  if (tab && !url) return { kind: 'unavailable', reason: 'browser-page' };
  const site = siteOfUrl(url);
  if (!site.ok) return { kind: 'unavailable', reason: site.reason };
  return { kind: 'site', host: site.host, title: tab?.title ?? '' };
}

export type SiteStatus =
  /** The projects are not read yet. */
  | { kind: 'unknown' }
  | {
      kind: 'monitored';
      /** The project the line names: one naming this very host first, then by name. */
      project: ServiceProject;
      type: SiteProjectType;
      unread: number;
      /** Further projects that watch the site. */
      others: number;
    }
  | { kind: 'not-monitored' };

export function siteStatus(
  host: string,
  projects: readonly ServiceProject[] | null,
  unreadByProject: Readonly<Record<number, number>>,
): SiteStatus {
  if (projects === null) return { kind: 'unknown' };
  // Only the three site types have a website field, but a record is input: check, not cast.
  const found = projectsForSite(host, projects).filter((f) => isSiteProjectType(f.project.type));
  const first = found[0];
  if (!first) return { kind: 'not-monitored' };
  return {
    kind: 'monitored',
    project: first.project,
    type: first.project.type as SiteProjectType,
    unread: unreadByProject[first.project.project_id] ?? 0,
    others: found.length - 1,
  };
}

// Which projects already watch a site: a project's own website field (brand_url, backlinks_url or
// competitor_url) names the site or a parent of it.

interface SiteProject {
  project: ServiceProject;
  /** The field names this very host (not a parent domain of it). */
  exact: boolean;
}

/** Projects watching `host`, exact matches first, then by name. */
function projectsForSite(host: string, projects: readonly ServiceProject[]): SiteProject[] {
  const found: SiteProject[] = [];
  for (const project of projects) {
    if (!isProjectType(project.type)) continue;
    const field = domainRowOf(project.type);
    if (!field) continue;
    const domain = hostOfDomain(project.fields[field.name]);
    if (domain === '' || !hostIsOnSite(host, domain)) continue;
    found.push({ project, exact: bareHost(domain) === bareHost(host) });
  }
  return found.sort(
    (a, b) => Number(b.exact) - Number(a.exact) || a.project.name.localeCompare(b.project.name),
  );
}
