// The kinds of project a site can be added as. Apart from site-prefill.ts (which builds the form
// and so brings the project encoder, its validation and the forms' view of the fields), so the
// popup's site line can name them without loading any of that before its first paint.

/**
 * The three kinds of project a site can be added as, in the order the popup offers them: the types
 * whose rows the site form fills with the site's host (lib/projects/fields.ts).
 */
export const SITE_PROJECT_TYPES = [
  'brandMonitoring',
  'backlinks',
  'competitiveMonitoring',
] as const;
export type SiteProjectType = (typeof SITE_PROJECT_TYPES)[number];

/** Whether a project type is one a site can be added as. */
export function isSiteProjectType(type: unknown): type is SiteProjectType {
  return (SITE_PROJECT_TYPES as readonly unknown[]).includes(type);
}
