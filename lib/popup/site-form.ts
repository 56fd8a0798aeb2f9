// The popup's short "monitor this site" form: the prefilled project (lib/site/site-prefill.ts), the
// fields it shows, and its checks, which are the options form's own (lib/options/project-form.ts),
// so what one accepts the other does too. Pure, tested in tests/unit/popup/site-form.test.ts.
import { t, tn } from '@/lib/i18n';
import { changeFormType, checkForm, type ProjectFormState } from '@/lib/options/project-form';
import { domainFieldOf } from '@/lib/projects/fields';
import type { ProjectErrors } from '@/lib/projects/schema';
import { SOURCES, type ProjectInput } from '@/lib/projects/types';
import {
  keywordFieldOf,
  siteName,
  siteProjectInput,
  type SiteProjectType,
} from '@/lib/site/site-prefill';

/** The fields under "More options": the defaults, shown as one line until opened. */
export const MORE_OPTION_FIELDS = [
  'source',
  'language',
  'location',
  'email_notification',
  'browser_notification',
] as const;

/** The website field of a site type (each of the three has one). */
export function websiteFieldOf(type: SiteProjectType): string {
  return domainFieldOf(type)!.name;
}

/** Every field the short form shows, in its order (the first invalid one gets the focus). */
export function siteFormFields(type: SiteProjectType): string[] {
  const keywords = keywordFieldOf(type);
  return ['name', websiteFieldOf(type), ...(keywords ? [keywords] : []), ...MORE_OPTION_FIELDS];
}

export function isMoreOption(name: string): boolean {
  return (MORE_OPTION_FIELDS as readonly string[]).includes(name);
}

export function newSiteForm(type: SiteProjectType, host: string, title: string): ProjectFormState {
  return siteProjectInput(type, host, title);
}

/**
 * Another type for the same form: everything typed stays (switching back restores it), the site
 * moves to the new type's website field if that is still empty, and the new type's keyword field,
 * if it has one and it was never filled, gets the site's name.
 */
export function changeSiteFormType(
  form: ProjectFormState,
  type: SiteProjectType,
  host: string,
): ProjectFormState {
  const next = changeFormType(form, type);
  const website = websiteFieldOf(type);
  const keywords = keywordFieldOf(type);
  const fields = { ...next.fields };
  if (fields[website] === undefined) fields[website] = host;
  const suggestion = siteName(host);
  if (keywords && fields[keywords] === undefined && suggestion !== '') {
    fields[keywords] = suggestion;
  }
  return { ...next, fields };
}

export type SiteFormCheck =
  | { ok: true; input: ProjectInput }
  | { ok: false; errors: ProjectErrors; first: string; count: number };

/** The check on confirm: the input to send, or every message and the first shown field to fix. */
export function checkSiteForm(form: ProjectFormState, type: SiteProjectType): SiteFormCheck {
  const result = checkForm(form);
  if (result.ok) return result;
  const named = Object.keys(result.errors).filter((name) => result.errors[name] !== undefined);
  const first = siteFormFields(type).find((name) => named.includes(name)) ?? named[0] ?? 'name';
  return { ok: false, errors: result.errors, first, count: named.length };
}

/** The defaults in one line, for the collapsed "More options": what will be sent if left alone. */
export function optionsSummary(form: ProjectFormState): string {
  const sources =
    form.source.length === SOURCES.length
      ? t('popupSiteSummaryAllSources')
      : tn('popupSiteSummarySources', form.source.length);
  const email = form.email_notification === 1;
  const browser = form.browser_notification === 1;
  const notify = email
    ? browser
      ? t('popupSiteSummaryNotifyBoth')
      : t('popupSiteSummaryNotifyEmail')
    : browser
      ? t('popupSiteSummaryNotifyBrowser')
      : t('popupSiteSummaryNotifyNone');
  return [
    sources,
    t('popupSiteSummaryLanguage', form.language.trim() || '–'),
    t('popupSiteSummaryLocation', form.location.trim() || '–'),
    notify,
  ].join(' · ');
}
