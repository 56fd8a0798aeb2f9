// The fields as the forms show them: each row of the field table (field-table.ts) with its words
// in the UI language, the options form's hint under it, and what the "monitor this site" form
// fills it from. Both forms (components/form/, form-state.ts) and the site prefill read fields
// here. The hints and the site form's fills live here, not in the table, because only forms use
// them: the service worker checks and sends projects by the table alone.

import { t, type MessageKey } from '@/lib/i18n';
import {
  COMMON_ROWS,
  DESKTOP_NOTIFICATION_FIELD,
  domainRowOf,
  fieldLabel,
  ownRowsOf,
  type CommonKind,
  type FieldKind,
  type FieldName,
  type FieldRow,
} from '@/lib/projects/field-table';
import { PROJECT_TYPES, type Flag, type ProjectType } from '@/lib/projects/types';

// The options form's hint under each field, by its name in the table (every field but the type
// has one). A field added to the table without one shows none: fields.test.ts asks for one.
const HINTS: { readonly [N in FieldName]?: MessageKey } = {
  name: 'optionsNameHint',
  language: 'optionsLanguageHint',
  source: 'optionsSourcesHint',
  location: 'optionsLocationHint',
  email_notification: 'optionsEmailNotificationHint',
  [DESKTOP_NOTIFICATION_FIELD]: 'optionsBrowserNotificationHint',
  backlinks_url: 'optionsHelpBacklinksUrl',
  brand_url: 'optionsHelpDomain',
  brand_name: 'optionsHelpBrandNames',
  brand_excluded_keywords: 'optionsHelpExcluded',
  competitor_url: 'optionsHelpDomain',
  competitior_name: 'optionsHelpCompetitorNames',
  competitior_excluded_keywords: 'optionsHelpExcluded',
  topic_keywords: 'optionsHelpTopicKeywords',
  topic_excluded_keywords: 'optionsHelpExcluded',
  sales_product_description: 'optionsHelpSalesDescription',
  sales_keywords: 'optionsHelpSalesKeywords',
  sales_competitors: 'optionsHelpCompetitors',
  sales_excluded_keywords: 'optionsHelpExcluded',
  startup_keywords: 'optionsHelpStartupKeywords',
  startup_product_description: 'optionsHelpStartupDescription',
  startup_competitors: 'optionsHelpCompetitors',
  startup_excluded_keywords: 'optionsHelpExcluded',
};

/** The site form fills these with the current site's host, or with the site's name as a keyword. */
const SITE_FILLS: { readonly [N in FieldName]?: 'host' | 'name' } = {
  backlinks_url: 'host',
  brand_url: 'host',
  brand_name: 'name',
  competitor_url: 'host',
  competitior_name: 'name',
};

/** A row as forms read it: its words in the UI language, looked up when read. */
interface FieldSpec<K extends CommonKind | FieldKind = FieldKind> {
  readonly name: string;
  readonly kind: K;
  readonly label: string;
  readonly help: string;
  readonly max?: number;
  readonly site?: 'host' | 'name';
  readonly initial?: Flag;
  readonly common: boolean;
}
export type AnyFieldSpec = FieldSpec<CommonKind | FieldKind>;

// Words are looked up when read, never at import: the UI language is the browser's, and
// browser.i18n may not be reachable yet when a module loads.
function toSpec(r: FieldRow<FieldName>): AnyFieldSpec {
  const { name, kind, max, initial } = r;
  const help = HINTS[name];
  const site = SITE_FILLS[name];
  return {
    name,
    kind,
    max,
    site,
    initial,
    common: r.types === 'all',
    get label() {
      return fieldLabel(name);
    },
    get help() {
      // A description's help names its limit.
      return help ? t(help, max === undefined ? undefined : String(max)) : '';
    },
  };
}

/** The common fields as forms read them, in the order of docs/service/api.md. */
export const COMMON_SPECS: readonly AnyFieldSpec[] = COMMON_ROWS.map(toSpec);
const OWN_SPECS = Object.fromEntries(
  PROJECT_TYPES.map((type) => [type, ownRowsOf(type).map(toSpec)]),
) as unknown as Record<ProjectType, readonly FieldSpec[]>;

/** Every field a project of `type` has, common ones first: the order the encoder sends them. */
export function allFieldsOf(type: ProjectType): readonly AnyFieldSpec[] {
  return [...COMMON_SPECS, ...OWN_SPECS[type]];
}

/** The spec of `name` if it is one of `type`'s own fields; undefined for other types' fields. */
export function fieldOf(type: ProjectType, name: string): FieldSpec | undefined {
  return OWN_SPECS[type].find((f) => f.name === name);
}

/** The type's website field, if it has one (field-table.ts's domainRowOf). */
export function domainFieldOf(type: ProjectType): FieldSpec | undefined {
  const row = domainRowOf(type);
  return row && fieldOf(type, row.name);
}

/** The type's field the site form fills from the site: its host, or its name as a keyword. */
export function siteFieldOf(type: ProjectType, fill: 'host' | 'name'): FieldSpec | undefined {
  return OWN_SPECS[type].find((f) => f.site === fill);
}
