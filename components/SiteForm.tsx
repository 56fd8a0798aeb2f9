// "Monitor this site": the short form the popup shows for the current tab. The person picks Brand,
// Backlinks or Competitor; the form comes prefilled (name from the page title, the site in the
// type's website field, its name as the keyword) with the defaults summed up in one line under
// "More options", where every one of them can be changed. Checks are the options form's own. A
// failed add keeps everything typed and says why, beside the field when the service named one.
// Loaded only when the form is opened (entrypoints/popup/SitePanel.tsx): the first paint never
// pays for it.
import { SourceCheckboxes, toggledSources } from './SourceCheckboxes';
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import type { CommandError } from '@/lib/messaging/protocol';
import {
  checkFormField,
  setFormValue,
  type FormFieldValue,
  type ProjectFormState,
} from '@/lib/options/project-form';
import {
  changeSiteFormType,
  checkSiteForm,
  isMoreOption,
  newSiteForm,
  optionsSummary,
  siteFormFields,
  websiteFieldOf,
} from '@/lib/popup/site-form';
import { SOURCE_OPTIONS, domainFieldOf, fieldLabel, fieldOf } from '@/lib/projects/fields';
import type { ProjectErrors } from '@/lib/projects/schema';
import type { ProjectInput } from '@/lib/projects/types';
import { keywordFieldOf, SITE_PROJECT_TYPES, type SiteProjectType } from '@/lib/site/site-prefill';

export interface SiteFormProps {
  host: string;
  /** The tab's title: the suggested project name. */
  title: string;
  /** Resolves with the failure, or null once added (the popup then closes the form). */
  onSubmit(input: ProjectInput): Promise<CommandError | null>;
  onCancel(): void;
}

/** The id of the control that stands for a field, for focus and labels. */
export function siteControlId(name: string, form: ProjectFormState | null): string {
  if (name === 'type') return `sf-type-${SITE_PROJECT_TYPES[0]}`;
  if (name === 'source') return `sf-source-${form?.source[0] ?? SOURCE_OPTIONS[0].value}`;
  return `sf-${name}`;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  rows?: number;
  inputMode?: 'url' | 'text';
  spellcheck?: boolean;
  onInput(value: string): void;
  onBlur(): void;
}

function TextField(props: FieldProps) {
  const common = {
    id: props.id,
    class: 'sf-input',
    value: props.value,
    spellcheck: props.spellcheck,
    'aria-describedby': describedBy(props.id, props.hint, props.error),
    'aria-invalid': props.error ? ('true' as const) : undefined,
    onBlur: props.onBlur,
  };
  return (
    <div class={props.error ? 'sf-field sf-field--invalid' : 'sf-field'}>
      <label class="sf-label" for={props.id}>
        {props.label}
      </label>
      {props.rows ? (
        <textarea
          {...common}
          rows={props.rows}
          onInput={(event) => props.onInput(event.currentTarget.value)}
        />
      ) : (
        <input
          {...common}
          type="text"
          autoComplete="off"
          inputMode={props.inputMode}
          onInput={(event) => props.onInput(event.currentTarget.value)}
        />
      )}
      {props.hint && (
        <p class="sf-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && <FieldError id={props.id}>{props.error}</FieldError>}
    </div>
  );
}

function FieldError({ id, children }: { id: string; children: ComponentChildren }) {
  return (
    <p class="sf-error" id={`${id}-error`}>
      {children}
    </p>
  );
}

function Switch(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <div class="sf-switch">
      <input
        id={props.id}
        type="checkbox"
        role="switch"
        class="sf-switch__input"
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <label for={props.id}>{props.label}</label>
    </div>
  );
}

export function SiteForm(props: SiteFormProps) {
  const [type, setType] = useState<SiteProjectType | null>(null);
  const [form, setForm] = useState<ProjectFormState | null>(null);
  const [errors, setErrors] = useState<ProjectErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  // Blur and submit read the latest form, whatever render their handler was made in.
  const current = useRef<ProjectFormState | null>(form);
  current.current = form;
  const mounted = useRef(true);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const pendingFocus = useRef<string | null>(null);

  // Focus goes to the form's heading as it appears, in a layout effect: a plain effect runs after
  // the frame, and could take the focus back from someone who had already tabbed on into the form.
  useLayoutEffect(() => {
    headingRef.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, []);

  // Focus moves after the render that shows the message, so it is read with the field.
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    pendingFocus.current = null;
    if (id === 'summary') summaryRef.current?.focus();
    else document.getElementById(id)?.focus();
  });

  function choose(next: SiteProjectType) {
    const before = current.current;
    const changed = before
      ? changeSiteFormType(before, next, props.host)
      : newSiteForm(next, props.host, props.title);
    current.current = changed;
    setForm(changed);
    setType(next);
    // Messages about the previous type's own fields no longer apply.
    const shown = new Set(siteFormFields(next));
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([name]) => shown.has(name))));
  }

  function update(name: string, value: FormFieldValue, checkNow = false) {
    if (!current.current) return;
    const next = setFormValue(current.current, name, value);
    current.current = next;
    setForm(next);
    // A field already marked wrong is checked again as it is fixed; sources on every change.
    if (checkNow || errors[name] !== undefined) {
      const message = checkFormField(next, name).message;
      setErrors((old) => ({ ...old, [name]: message }));
    }
  }

  function leave(name: string) {
    const form = current.current;
    if (!form) return;
    const result = checkFormField(form, name);
    setErrors((old) => ({ ...old, [name]: result.message }));
    if (result.normalized !== undefined && result.normalized !== form.fields[name]) {
      update(name, result.normalized);
    }
  }

  function focusField(name: string) {
    if (isMoreOption(name)) setMoreOpen(true);
    pendingFocus.current = siteControlId(name, current.current);
  }

  async function submit(event: Event) {
    event.preventDefault();
    const form = current.current;
    if (submitting || !form || !type) return;
    const check = checkSiteForm(form, type);
    if (!check.ok) {
      setErrors(check.errors);
      setSummary(tn('popupSiteInvalid', check.count));
      focusField(check.first);
      return;
    }
    setErrors({});
    setSummary(null);
    setSubmitting(true);
    const failure = await props.onSubmit(check.input);
    if (!mounted.current) return;
    setSubmitting(false);
    if (!failure) return;
    const field = failure.field;
    if (field !== undefined && siteFormFields(type).includes(field)) {
      setErrors({ [field]: failure.message });
      setSummary(t('popupSiteRejectedField', fieldLabel(field)));
      focusField(field);
    } else {
      setSummary(t('popupSiteFailed', failure.message));
      pendingFocus.current = 'summary';
    }
  }

  const website = type ? websiteFieldOf(type) : null;
  const keywords = type ? keywordFieldOf(type) : undefined;
  const keywordSpec = type && keywords ? fieldOf(type, keywords) : undefined;
  const sourceError = errors.source;

  return (
    <section class="site-form" aria-labelledby="site-form-title">
      <h2 id="site-form-title" class="site-form__title" tabIndex={-1} ref={headingRef}>
        {t('popupSiteFormTitle', props.host)}
      </h2>
      {summary && (
        <p class="site-form__alert" role="alert" tabIndex={-1} ref={summaryRef}>
          {summary}
        </p>
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <fieldset class="sf-types">
          <legend class="sf-label">{t('popupSiteFormType')}</legend>
          <div class="sf-types__options">
            {SITE_PROJECT_TYPES.map((option) => (
              <div class="sf-type" key={option}>
                <input
                  type="radio"
                  name="site-type"
                  id={`sf-type-${option}`}
                  class="sf-type__input"
                  checked={type === option}
                  aria-describedby={`sf-type-${option}-hint`}
                  onChange={() => choose(option)}
                />
                <label class="sf-type__name" for={`sf-type-${option}`}>
                  {t(`popupSiteAs_${option}`)}
                </label>
                <span class="sf-type__hint" id={`sf-type-${option}-hint`}>
                  {t(`popupSiteAsHint_${option}`)}
                </span>
              </div>
            ))}
          </div>
        </fieldset>

        {form && type && website && (
          <>
            <TextField
              id="sf-name"
              label={fieldLabel('name')}
              value={form.name}
              error={errors.name}
              onInput={(text) => update('name', text)}
              onBlur={() => leave('name')}
            />
            <TextField
              id={`sf-${website}`}
              label={domainFieldOf(type)!.label}
              value={form.fields[website] ?? ''}
              error={errors[website]}
              inputMode="url"
              spellcheck={false}
              onInput={(text) => update(website, text)}
              onBlur={() => leave(website)}
            />
            {keywords && keywordSpec && (
              <TextField
                id={`sf-${keywords}`}
                label={keywordSpec.label}
                hint={t('popupSiteKeywordsHint')}
                value={form.fields[keywords] ?? ''}
                error={errors[keywords]}
                rows={2}
                onInput={(text) => update(keywords, text)}
                onBlur={() => leave(keywords)}
              />
            )}

            <details
              class="sf-more"
              open={moreOpen}
              onToggle={(event) => setMoreOpen(event.currentTarget.open)}
            >
              <summary class="sf-more__summary">
                <span class="sf-more__title">{t('popupSiteMoreOptions')}</span>
                <span class="sf-more__defaults">{optionsSummary(form)}</span>
              </summary>
              <div class="sf-more__body">
                <fieldset
                  class={sourceError ? 'sf-sources sf-field--invalid' : 'sf-sources'}
                  aria-describedby={sourceError ? 'sf-source-error' : undefined}
                >
                  <legend class="sf-label">{fieldLabel('source')}</legend>
                  <SourceCheckboxes
                    idPrefix="sf-source"
                    selected={form.source}
                    invalid={!!sourceError}
                    gridClass="sf-sources__grid"
                    itemClass="sf-check"
                    onToggle={(source, on) =>
                      update(
                        'source',
                        toggledSources(current.current?.source ?? [], source, on),
                        true,
                      )
                    }
                  />
                  {sourceError && <FieldError id="sf-source">{sourceError}</FieldError>}
                </fieldset>
                <div class="sf-row">
                  <TextField
                    id="sf-language"
                    label={fieldLabel('language')}
                    value={form.language}
                    error={errors.language}
                    spellcheck={false}
                    onInput={(text) => update('language', text)}
                    onBlur={() => leave('language')}
                  />
                  <TextField
                    id="sf-location"
                    label={fieldLabel('location')}
                    value={form.location}
                    error={errors.location}
                    spellcheck={false}
                    onInput={(text) => update('location', text)}
                    onBlur={() => leave('location')}
                  />
                </div>
                <Switch
                  id="sf-browser_notification"
                  label={fieldLabel('browser_notification')}
                  checked={form.browser_notification === 1}
                  onChange={(on) => update('browser_notification', on)}
                />
                <Switch
                  id="sf-email_notification"
                  label={fieldLabel('email_notification')}
                  checked={form.email_notification === 1}
                  onChange={(on) => update('email_notification', on)}
                />
              </div>
            </details>
          </>
        )}

        <div class="sf-actions">
          {form && (
            <button
              type="submit"
              class="button button--primary"
              aria-disabled={submitting ? 'true' : undefined}
            >
              {submitting ? t('popupSiteSubmitting') : t('popupSiteSubmit')}
            </button>
          )}
          <button type="button" class="button button--quiet" onClick={props.onCancel}>
            {t('popupSiteCancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
