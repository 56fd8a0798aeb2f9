// Add or edit a project: the common fields and exactly the chosen type's own fields, from the field
// table. Each field is checked as the person leaves it and all of them on submit; nothing is sent
// while one is invalid. A failed save keeps everything typed and says why, beside the field the
// service named when it named one.
import { SourceCheckboxes, toggledSources } from '../SourceCheckboxes';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import type { CommandError } from '@/lib/messaging/protocol';
import {
  changeFormType,
  checkForm,
  checkFormField,
  isFormField,
  setFormValue,
  type FormFieldValue,
  type ProjectFormState,
} from '@/lib/options/project-form';
import {
  SOURCE_OPTIONS,
  TYPE_OPTIONS,
  fieldLabel,
  fieldsOf,
  isCommonField,
  typeLabel,
  type FieldSpec,
} from '@/lib/projects/fields';
import type { ProjectErrors } from '@/lib/projects/schema';
import type { ProjectInput, ProjectType } from '@/lib/projects/types';
import { Switch } from './Switch';
import { describedBy, errorId, hintId, TextField } from './TextField';

export interface ProjectFormProps {
  mode: 'add' | 'edit';
  initial: ProjectFormState;
  /** Add mode: the type is already chosen (by a deep link); otherwise the person picks it first. */
  typeChosen?: boolean;
  /** Resolves with the failure, or null once saved (the page then leaves the form). */
  onSubmit(input: ProjectInput): Promise<CommandError | null>;
  onCancel(): void;
}

/** The id of the control that represents a field, for focus and labels. */
export function controlId(name: string, form: ProjectFormState): string {
  if (name === 'type') return `pf-type-${form.type}`;
  if (name === 'source') return `pf-source-${form.source[0] ?? SOURCE_OPTIONS[0].value}`;
  return `pf-${name}`;
}

export function ProjectForm(props: ProjectFormProps) {
  const [form, setForm] = useState<ProjectFormState>(props.initial);
  const [typeChosen, setTypeChosen] = useState(props.mode === 'edit' || Boolean(props.typeChosen));
  const [errors, setErrors] = useState<ProjectErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Blur and submit read the latest form, whatever render their handler was created in.
  const current = useRef(form);
  current.current = form;
  const mounted = useRef(true);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const pendingFocus = useRef<string | null>(null);

  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // Focus moves after the render that shows the message, so it is read with the field.
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    pendingFocus.current = null;
    if (id === 'summary') summaryRef.current?.focus();
    else document.getElementById(id)?.focus();
  });

  function update(name: string, value: FormFieldValue, validateNow = false) {
    const next = setFormValue(current.current, name, value);
    current.current = next;
    setForm(next);
    // A field already marked wrong is checked again as it is fixed; sources on every change.
    if (validateNow || errors[name] !== undefined) {
      const message = checkFormField(next, name).message;
      setErrors((before) => ({ ...before, [name]: message }));
    }
  }

  function leave(name: string) {
    const result = checkFormField(current.current, name);
    setErrors((before) => ({ ...before, [name]: result.message }));
    if (result.normalized !== undefined && result.normalized !== current.current.fields[name]) {
      update(name, result.normalized);
    }
  }

  function chooseType(type: ProjectType) {
    const next = changeFormType(current.current, type);
    current.current = next;
    setForm(next);
    setTypeChosen(true);
    // Messages about the previous type's fields no longer apply.
    const own = new Set(fieldsOf(type).map((spec) => spec.name));
    setErrors((before) =>
      Object.fromEntries(
        Object.entries(before).filter(([name]) => isCommonField(name) || own.has(name)),
      ),
    );
  }

  async function submit(event: Event) {
    event.preventDefault();
    if (submitting) return;
    if (!typeChosen) {
      setSummary(t('optionsChooseTypeFirst'));
      pendingFocus.current = `pf-type-${TYPE_OPTIONS[0].value}`;
      return;
    }
    const check = checkForm(current.current);
    if (!check.ok) {
      setErrors(check.errors);
      const count = Object.values(check.errors).filter(Boolean).length;
      setSummary(tn('optionsFormInvalid', count));
      pendingFocus.current = controlId(check.first, current.current);
      return;
    }
    setErrors({});
    setSummary(null);
    setSubmitting(true);
    const failure = await props.onSubmit(check.input);
    if (!mounted.current) return;
    setSubmitting(false);
    if (!failure) return;
    const type = current.current.type;
    if (failure.kind === 'invalid-input' && isFormField(type, failure.field)) {
      setErrors({ [failure.field]: failure.message });
      setSummary(t('optionsSaveRejectedField', fieldLabel(failure.field)));
      pendingFocus.current = controlId(failure.field, current.current);
    } else {
      setSummary(t('optionsSaveFailed', failure.message));
      pendingFocus.current = 'summary';
    }
  }

  const typeField = (spec: FieldSpec) => {
    const value = current.current.fields[spec.name] ?? '';
    return (
      <TextField
        key={spec.name}
        id={`pf-${spec.name}`}
        label={spec.label}
        hint={spec.help}
        value={value}
        error={errors[spec.name]}
        multiline={spec.kind !== 'domain'}
        rows={spec.kind === 'description' ? 5 : 4}
        inputMode={spec.kind === 'domain' ? 'url' : undefined}
        spellcheck={spec.kind === 'domain' ? false : undefined}
        onInput={(text) => update(spec.name, text)}
        onBlur={() => leave(spec.name)}
      />
    );
  };

  const sourceError = errors.source;
  const typeError = errors.type;
  return (
    <form class="card project-form" noValidate onSubmit={submit}>
      {summary && (
        <p class="form-error" role="alert" tabIndex={-1} ref={summaryRef}>
          {summary}
        </p>
      )}
      {props.mode === 'add' ? (
        <fieldset class="type-picker" aria-describedby={describedBy('pf-type', false, typeError)}>
          <legend>{fieldLabel('type')}</legend>
          <div class="type-options">
            {TYPE_OPTIONS.map((option) => (
              <div class="type-option" key={option.value}>
                <input
                  type="radio"
                  name="project-type"
                  id={`pf-type-${option.value}`}
                  value={option.value}
                  checked={typeChosen && form.type === option.value}
                  aria-describedby={`pf-type-${option.value}-hint`}
                  onChange={() => chooseType(option.value)}
                />
                <div class="type-text">
                  <label for={`pf-type-${option.value}`}>{option.label}</label>
                  <span class="hint" id={`pf-type-${option.value}-hint`}>
                    {t(`optionsTypeHint_${option.value}`)}
                  </span>
                </div>
              </div>
            ))}
          </div>
          {typeError && (
            <p id={errorId('pf-type')} class="field-error">
              {typeError}
            </p>
          )}
        </fieldset>
      ) : (
        <p class="type-fixed">
          <span class="muted">{fieldLabel('type')}:</span> {typeLabel(form.type)}
        </p>
      )}

      {typeChosen && (
        <>
          <TextField
            id="pf-name"
            label={fieldLabel('name')}
            hint={t('optionsNameHint')}
            value={form.name}
            error={errors.name}
            required
            onInput={(text) => update('name', text)}
            onBlur={() => leave('name')}
          />

          <h3 class="form-section">{t('optionsWhatToWatch')}</h3>
          {fieldsOf(form.type).map(typeField)}

          <h3 class="form-section">{t('optionsWhereToLook')}</h3>
          <fieldset
            class={sourceError ? 'field sources invalid' : 'field sources'}
            aria-describedby={describedBy('pf-source', true, sourceError)}
          >
            <legend>{fieldLabel('source')}</legend>
            <SourceCheckboxes
              idPrefix="pf-source"
              selected={form.source}
              invalid={!!sourceError}
              gridClass="checkbox-grid"
              itemClass="checkbox-field"
              onToggle={(source, on) =>
                update('source', toggledSources(current.current.source, source, on), true)
              }
            />
            <p id={hintId('pf-source')} class="hint">
              {t('optionsSourcesHint')}
            </p>
            {sourceError && (
              <p id={errorId('pf-source')} class="field-error">
                {sourceError}
              </p>
            )}
          </fieldset>
          <div class="field-row">
            <TextField
              id="pf-language"
              label={fieldLabel('language')}
              hint={t('optionsLanguageHint')}
              value={form.language}
              error={errors.language}
              spellcheck={false}
              onInput={(text) => update('language', text)}
              onBlur={() => leave('language')}
            />
            <TextField
              id="pf-location"
              label={fieldLabel('location')}
              hint={t('optionsLocationHint')}
              value={form.location}
              error={errors.location}
              spellcheck={false}
              onInput={(text) => update('location', text)}
              onBlur={() => leave('location')}
            />
          </div>

          <h3 class="form-section">{t('optionsProjectNotifications')}</h3>
          <Switch
            id="pf-email_notification"
            label={fieldLabel('email_notification')}
            hint={t('optionsEmailNotificationHint')}
            checked={form.email_notification === 1}
            onChange={(on) => update('email_notification', on)}
          />
          <Switch
            id="pf-browser_notification"
            label={fieldLabel('browser_notification')}
            hint={t('optionsBrowserNotificationHint')}
            checked={form.browser_notification === 1}
            onChange={(on) => update('browser_notification', on)}
          />
        </>
      )}

      <div class="actions form-actions">
        <button type="submit" class="primary" aria-disabled={submitting ? 'true' : undefined}>
          {submitting
            ? t('optionsSaving')
            : props.mode === 'add'
              ? t('optionsAddSubmit')
              : t('optionsSaveChanges')}
        </button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          {t('optionsCancel')}
        </button>
      </div>
    </form>
  );
}
