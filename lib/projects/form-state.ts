// A project form's state and its checks, for both forms: the options page's add/edit form and the
// popup's short "monitor this site" form. The form keeps a ProjectInput whose texts are exactly
// what the person typed; validation (schema.ts) turns it into what is sent. Keeping the raw text
// means nothing typed is ever lost: not on an error, not when the type is switched back. Which
// fields a form shows, and in what order, follows from the field table (field-table.ts, fields.ts).
import { t, tn, type MessageKey } from '@/lib/i18n';
import { emptyProjectInput } from '@/lib/projects/encode';
import {
  COMMON_SPECS,
  allFieldsOf,
  domainFieldOf,
  fieldOf,
  siteFieldOf,
  type AnyFieldSpec,
} from '@/lib/projects/fields';
import { validateField, validateProjectInput, type ProjectErrors } from '@/lib/projects/schema';
import { SOURCES, type ProjectInput, type ProjectType, type Source } from '@/lib/projects/types';
import {
  notifiesOnDesktop,
  isCommonField,
  type CommonKind,
  type FieldKind,
} from '@/lib/projects/field-table';
import { siteName, siteProjectInput } from '@/lib/site/site-prefill';
import type { SiteProjectType } from '@/lib/site/site';

export type ProjectFormState = ProjectInput;

/** The parts of a form, in the order it shows them: what the project is, what it watches, where
 * it looks, and how it tells. */
export type FormSection = 'about' | 'watch' | 'where' | 'notify';

const SECTION_OF: Readonly<Record<CommonKind | FieldKind, FormSection>> = {
  name: 'about',
  type: 'about',
  domain: 'watch',
  keywords: 'watch',
  description: 'watch',
  sources: 'where',
  languages: 'where',
  locations: 'where',
  flag: 'notify',
};
const SECTIONS: readonly FormSection[] = ['about', 'watch', 'where', 'notify'];

export function sectionOf(spec: AnyFieldSpec): FormSection {
  return SECTION_OF[spec.kind];
}

// Within a section the table's order, except that a list of choices (the sources) comes before
// the short lines of codes, which sit side by side under it.
const rank = (spec: AnyFieldSpec) =>
  SECTIONS.indexOf(sectionOf(spec)) * 2 +
  (spec.kind === 'languages' || spec.kind === 'locations' ? 1 : 0);

/** Every field the options form shows for a type, in its order. */
export function formFieldsOf(type: ProjectType): AnyFieldSpec[] {
  return [...allFieldsOf(type)].sort((a, b) => rank(a) - rank(b));
}

/** Field names the form shows for a type, in the order it shows them (for "first invalid field"). */
export function formFieldOrder(type: ProjectType): string[] {
  return formFieldsOf(type).map((spec) => spec.name);
}

/** A new project's form; a deep link's domain goes into the type's website field and the name. */
export function newProjectForm(
  type: ProjectType,
  prefill: { domain?: string } = {},
): ProjectFormState {
  const form = emptyProjectInput(type);
  const domainField = domainFieldOf(type);
  if (prefill.domain) {
    form.name = prefill.domain;
    if (domainField) form.fields = { [domainField.name]: prefill.domain };
  }
  return form;
}

/**
 * Another type for the same form. Common fields stay; every type's own text stays too, so switching
 * away and back restores it; only the new type's fields are shown, checked and sent. A prefilled
 * website carries over to the new type's website field when that is still empty.
 */
export function changeFormType(form: ProjectFormState, type: ProjectType): ProjectFormState {
  if (type === form.type) return form;
  const fields = { ...form.fields };
  const from = domainFieldOf(form.type);
  const to = domainFieldOf(type);
  const site = from ? fields[from.name] : undefined;
  if (to && site && !fields[to.name]) fields[to.name] = site;
  return { ...form, type, fields };
}

/** The value of one field, by its name in docs/service/api.md. */
function commonSpecOf(name: string): AnyFieldSpec | undefined {
  return COMMON_SPECS.find((spec) => spec.name === name);
}

export function formValue(form: ProjectFormState, name: string): unknown {
  if (isCommonField(name)) return form[name];
  return form.fields[name] ?? '';
}

export type FormFieldValue = string | Source[] | boolean;

/** The form with one field changed; flags take booleans, sources an array, the rest text. */
export function setFormValue(
  form: ProjectFormState,
  name: string,
  value: FormFieldValue,
): ProjectFormState {
  switch (commonSpecOf(name)?.kind) {
    case undefined:
      return { ...form, fields: { ...form.fields, [name]: String(value) } };
    case 'sources':
      return { ...form, [name]: Array.isArray(value) ? value : form[name as 'source'] };
    case 'flag':
      return { ...form, [name]: value === true ? 1 : 0 };
    case 'type':
      return form;
    default:
      return { ...form, [name]: String(value) };
  }
}

/**
 * The check as the person leaves a field: its message, or undefined when it is fine. A valid
 * website comes back as its domain (`normalized`), so a pasted link is shown as what will be sent.
 */
export function checkFormField(
  form: ProjectFormState,
  name: string,
): { message?: string; normalized?: string } {
  const result = validateField(form.type, name, formValue(form, name));
  if (!result.ok) return { message: result.message };
  const spec = fieldOf(form.type, name);
  if (spec?.kind === 'domain' && typeof result.value === 'string') {
    return { normalized: result.value };
  }
  return {};
}

type FormCheck =
  | { ok: true; input: ProjectInput }
  | { ok: false; errors: ProjectErrors; first: string; count: number };

/**
 * The check on submit: the input to send, or every message, how many, and the first of the
 * `shown` fields to fix (any named one if none is shown).
 */
export function checkForm(
  form: ProjectFormState,
  shown: readonly string[] = formFieldOrder(form.type),
): FormCheck {
  const result = validateProjectInput(form);
  if (result.ok) return { ok: true, input: result.value };
  const named = Object.keys(result.errors).filter((name) => result.errors[name] !== undefined);
  const first = shown.find((name) => named.includes(name)) ?? named[0] ?? shown[0];
  return { ok: false, errors: result.errors, first, count: named.length };
}

// ---------------------------------------------------------------------------------------------
// The short "monitor this site" form: its fields are the ones the site fills in, and the common
// ones, where-and-notify ones under "More options" (defaults, summed up in one line).

/** Whether a field sits under "More options" in the short form. */
export function isMoreOption(name: string): boolean {
  const spec = commonSpecOf(name);
  return spec !== undefined && (sectionOf(spec) === 'where' || sectionOf(spec) === 'notify');
}

/** The website field of a site type (each of the three has one). */
function websiteFieldOf(type: SiteProjectType): string {
  return siteFieldOf(type, 'host')!.name;
}

/** Every field the short form shows, in its order (the first invalid one gets the focus). */
export function siteFormFieldsOf(type: SiteProjectType): AnyFieldSpec[] {
  return formFieldsOf(type).filter((spec) =>
    spec.common ? spec.kind !== 'type' : spec.site !== undefined,
  );
}

export function siteFormFields(type: SiteProjectType): string[] {
  return siteFormFieldsOf(type).map((spec) => spec.name);
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
  const keywords = siteFieldOf(type, 'name')?.name;
  const fields = { ...next.fields };
  if (fields[website] === undefined) fields[website] = host;
  const suggestion = siteName(host);
  if (keywords && fields[keywords] === undefined && suggestion !== '') {
    fields[keywords] = suggestion;
  }
  return { ...next, fields };
}

/** A code list in words: the service's `all` in the reader's language, other codes as they are. */
function codesSummary(codes: string, allKey: MessageKey, listKey: MessageKey): string {
  const text = codes.trim();
  return text.toLowerCase() === 'all' ? t(allKey) : t(listKey, text || '–');
}

/** The defaults in one line, for the collapsed "More options": what will be sent if left alone. */
export function optionsSummary(form: ProjectFormState): string {
  const sources =
    form.source.length === SOURCES.length
      ? t('popupSiteSummaryAllSources')
      : tn('popupSiteSummarySources', form.source.length);
  const email = form.email_notification === 1;
  const browser = notifiesOnDesktop(form);
  const notify = email
    ? browser
      ? t('popupSiteSummaryNotifyBoth')
      : t('popupSiteSummaryNotifyEmail')
    : browser
      ? t('popupSiteSummaryNotifyBrowser')
      : t('popupSiteSummaryNotifyNone');
  return [
    sources,
    codesSummary(form.language, 'popupSiteSummaryAllLanguages', 'popupSiteSummaryLanguage'),
    codesSummary(form.location, 'popupSiteSummaryAllLocations', 'popupSiteSummaryLocation'),
    notify,
  ].join(' · ');
}
