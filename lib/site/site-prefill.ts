// The short form "monitor this site" starts from: everything filled in sensibly, all of it
// editable before it is sent.
import { emptyProjectInput } from '@/lib/projects/encode';
import { siteFieldOf } from '@/lib/projects/fields';
import { NAME_MAX_CHARS } from '@/lib/projects/field-table';
import type { ProjectInput, ProjectType } from '@/lib/projects/types';
import { bareHost, type SiteProjectType } from '@/lib/site/site';

/** The keyword field a type's form suggests the site's name for (brand_name, competitior_name). */
function keywordFieldOf(type: SiteProjectType): string | undefined {
  return siteFieldOf(type, 'name')?.name;
}

// Second-level labels under a country code that are not the site's own name (acme.co.uk).
const GENERIC_SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc']);

/** The site's own name as a keyword: `www.acme-bikes.co.uk` → "Acme Bikes". */
export function siteName(host: string): string {
  const labels = bareHost(host).split('.').filter(Boolean);
  if (labels.length === 0) return '';
  let end = labels.length - 1;
  if (end >= 2 && labels[end].length === 2 && GENERIC_SECOND_LEVEL.has(labels[end - 1])) end -= 1;
  const label = end > 0 ? labels[end - 1] : labels[0];
  // Punycode labels cannot be turned back into letters without a decoder: keep them as they are.
  if (label.startsWith('xn--')) return label;
  return label
    .split('-')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** The page title as a project name: one line, trimmed to the name limit; the host without one. */
function projectNameFor(host: string, pageTitle?: string): string {
  const title = (pageTitle ?? '').replace(/\s+/g, ' ').trim();
  const name = title === '' ? host : title;
  const chars = [...name];
  return chars.length <= NAME_MAX_CHARS ? name : chars.slice(0, NAME_MAX_CHARS - 1).join('') + '…';
}

export function siteProjectInput(
  type: SiteProjectType,
  host: string,
  pageTitle?: string,
): ProjectInput {
  const input = emptyProjectInput(type as ProjectType);
  input.name = projectNameFor(host, pageTitle);
  // Each of the three types has a field that takes the site's host in the field table.
  input.fields = { [siteFieldOf(type, 'host')!.name]: host };
  const keywordField = keywordFieldOf(type);
  const keyword = siteName(host);
  if (keywordField && keyword !== '') input.fields[keywordField] = keyword;
  return input;
}
