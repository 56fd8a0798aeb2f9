// How each page dresses the same form: the class names its style sheet knows, the prefix of its
// control ids, and what it says beside a field. The options page and the popup style their forms
// apart (the popup's sheet gives `.field` and `.hint` other meanings), so the markup is shared and
// the names are not.
import { t } from '@/lib/i18n';
import type { AnyFieldSpec } from '@/lib/projects/fields';

/** Class names of a field and its parts. */
export interface FieldClasses {
  field: string;
  /** Added to `field` when the field shows an error. */
  invalid: string;
  label?: string;
  input?: string;
  hint: string;
  error: string;
  switchField: string;
  switchInput: string;
}

export interface FormLook extends FieldClasses {
  /** Prefix of every control's id (`pf-name`), so each form's ids are its own. */
  prefix: string;
  /** The sources' fieldset, its legend, the grid of boxes and each box with its label. */
  sources: string;
  legend?: string;
  grid: string;
  check: string;
  /** The line of short fields (languages, locations) side by side. */
  line: string;
  /** Whether a required field says so to assistive technology (the options form's name). */
  markRequired: boolean;
  /** The words under a field, if any. */
  hintOf(spec: AnyFieldSpec): string | undefined;
  /** How many lines a multi-line field shows. */
  linesOf(spec: AnyFieldSpec): number;
  /** The order of the notification switches (table order if absent). */
  switchOrder?(a: AnyFieldSpec, b: AnyFieldSpec): number;
}

export const OPTIONS_CLASSES: FieldClasses = {
  field: 'field',
  invalid: 'invalid',
  hint: 'hint',
  error: 'field-error',
  switchField: 'switch-field',
  switchInput: 'switch',
};

/** The options page's add/edit form: every field explained, descriptions given room. */
export const OPTIONS_LOOK: FormLook = {
  ...OPTIONS_CLASSES,
  prefix: 'pf',
  sources: 'field sources',
  grid: 'checkbox-grid',
  check: 'checkbox-field',
  line: 'field-row',
  markRequired: true,
  hintOf: (spec) => spec.help || undefined,
  linesOf: (spec) => (spec.kind === 'description' ? 5 : 4),
};

/** The popup's short "monitor this site" form: compact, one hint for the suggested keywords. */
export const POPUP_LOOK: FormLook = {
  field: 'sf-field',
  invalid: 'sf-field--invalid',
  label: 'sf-label',
  input: 'sf-input',
  hint: 'sf-hint',
  error: 'sf-error',
  switchField: 'sf-switch',
  switchInput: 'sf-switch__input',
  prefix: 'sf',
  sources: 'sf-sources',
  legend: 'sf-label',
  grid: 'sf-sources__grid',
  check: 'sf-check',
  line: 'sf-row',
  markRequired: false,
  hintOf: (spec) => (spec.site === 'name' ? t('popupSiteKeywordsHint') : undefined),
  linesOf: () => 2,
  // The switches that start on come first, as the summary line above them names them first.
  switchOrder: (a, b) => (b.initial ?? 0) - (a.initial ?? 0),
};
