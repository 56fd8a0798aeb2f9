// Which projects already watch a site: a project's own website field (brand_url, backlinks_url or
// competitor_url) names the site or a parent of it.
import { domainRowOf } from '@/lib/projects/field-table';
import { isProjectType, type ServiceProject } from '@/lib/projects/types';
import { hostIsOnSite, hostOfDomain, bareHost } from '@/lib/site/site';

export interface SiteProject {
  project: ServiceProject;
  /** The website field that matched. */
  field: string;
  /** The field names this very host (not a parent domain of it). */
  exact: boolean;
}

/** Projects watching `host`, exact matches first, then by name. */
export function projectsForSite(host: string, projects: readonly ServiceProject[]): SiteProject[] {
  const found: SiteProject[] = [];
  for (const project of projects) {
    if (!isProjectType(project.type)) continue;
    const field = domainRowOf(project.type);
    if (!field) continue;
    const domain = hostOfDomain(project.fields[field.name]);
    if (domain === '' || !hostIsOnSite(host, domain)) continue;
    found.push({ project, field: field.name, exact: bareHost(domain) === bareHost(host) });
  }
  return found.sort(
    (a, b) => Number(b.exact) - Number(a.exact) || a.project.name.localeCompare(b.project.name),
  );
}
