// The kinds of project a site can be added as. Apart from site-prefill.ts (which builds the form
// and so brings the project encoder and its validation), so the popup's site line can name them
// without loading any of that before its first paint.
import { siteFieldOf } from '@/lib/projects/fields';

/**
 * The three kinds of project a site can be added as, in the order the popup offers them: the types
 * whose table rows take the site's host (lib/projects/fields.ts).
 */
export const SITE_PROJECT_TYPES = [
  'brandMonitoring',
  'backlinks',
  'competitiveMonitoring',
] as const;
export type SiteProjectType = (typeof SITE_PROJECT_TYPES)[number];

/** The keyword field a type's form suggests the site's name for (brand_name, competitior_name). */
export function keywordFieldOf(type: SiteProjectType): string | undefined {
  return siteFieldOf(type, 'name')?.name;
}

/** Whether a project type is one a site can be added as. */
export function isSiteProjectType(type: unknown): type is SiteProjectType {
  return (SITE_PROJECT_TYPES as readonly unknown[]).includes(type);
}
