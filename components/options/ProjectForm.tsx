// Add or edit a project: the common fields and exactly the chosen type's own fields, from the field
// table. Each field is checked as the person leaves it and all of them on submit; nothing is sent
// while one is invalid. A failed save keeps everything typed and says why, beside the field the
// service named when it named one. The fields and their logic are the shared project form's
// (components/form/); this file lays out the options page's version of it.
import type { ComponentChildren } from 'preact';
import { t, tn } from '@/lib/i18n';
import type { CommandError } from '@/lib/messaging/protocol';
import { fieldLabel } from '@/lib/projects/field-table';
import {
  changeFormType,
  formFieldOrder,
  formFieldsOf,
  type ProjectFormState,
} from '@/lib/projects/form-state';
import { type ProjectInput, type ProjectType, TYPE_OPTIONS, typeLabel } from '@/lib/projects/types';
import { OPTIONS_LOOK as LOOK } from '@/components/form/look';
import { SectionFields } from '@/components/form/ProjectFields';
import { describedBy, FieldError } from '@/components/form/TextField';
import { useProjectForm, type ProjectFormController } from '@/components/form/use-project-form';

interface ProjectFormProps {
  mode: 'add' | 'edit';
  initial: ProjectFormState;
  /** Add mode: the type is already chosen (by a deep link); otherwise the person picks it first. */
  typeChosen?: boolean;
  /** Resolves with the failure, or null once saved (the page then leaves the form). */
  onSubmit(input: ProjectInput): Promise<CommandError | null>;
  onCancel(): void;
  /** Add mode with several accounts: the select of the account the project goes to. */
  account?: ComponentChildren;
}

export function ProjectForm(props: ProjectFormProps) {
  const ctl = useProjectForm({
    initial: props.initial,
    chosen: props.mode === 'edit' || Boolean(props.typeChosen),
    prefix: LOOK.prefix,
    shown: formFieldOrder,
    words: {
      invalid: (count) => tn('optionsFormInvalid', count),
      rejected: (label) => t('optionsSaveRejectedField', label),
      failed: (message) => t('optionsSaveFailed', message),
      chooseType: {
        say: t('optionsChooseTypeFirst'),
        focus: `${LOOK.prefix}-type-${TYPE_OPTIONS[0].value}`,
      },
    },
    onSubmit: props.onSubmit,
  });
  const { form, submitting } = ctl;
  const specs = formFieldsOf(form.type);
  const section = (name: 'about' | 'watch' | 'where' | 'notify') => (
    <SectionFields section={name} specs={specs} ctl={ctl} look={LOOK} />
  );

  return (
    <form class="card project-form" noValidate onSubmit={ctl.submit}>
      {ctl.summary && (
        <p class="form-error" role="alert" tabIndex={-1} ref={ctl.summaryRef}>
          {ctl.summary}
        </p>
      )}
      {props.account}
      {props.mode === 'add' ? (
        <TypePicker ctl={ctl} />
      ) : (
        <p class="type-fixed">
          <span class="muted">{fieldLabel('type')}:</span> {typeLabel(form.type)}
        </p>
      )}

      {ctl.chosen && (
        <>
          {section('about')}
          <h3 class="form-section">{t('optionsWhatToWatch')}</h3>
          {section('watch')}
          <h3 class="form-section">{t('optionsWhereToLook')}</h3>
          {section('where')}
          <h3 class="form-section">{t('optionsProjectNotifications')}</h3>
          {section('notify')}
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

/** Every project type, each with a line on what it watches; the fields follow the choice. */
function TypePicker({ ctl }: { ctl: ProjectFormController }) {
  const id = `${LOOK.prefix}-type`;
  const error = ctl.errors.type;
  const choose = (type: ProjectType) => ctl.choose(changeFormType(ctl.current(), type));
  return (
    <fieldset class="type-picker" aria-describedby={describedBy(id, false, error)}>
      <legend>{fieldLabel('type')}</legend>
      <div class="type-options">
        {TYPE_OPTIONS.map((option) => (
          <div class="type-option" key={option.value}>
            <input
              type="radio"
              name="project-type"
              id={`${id}-${option.value}`}
              value={option.value}
              checked={ctl.chosen && ctl.form.type === option.value}
              aria-describedby={`${id}-${option.value}-hint`}
              onChange={() => choose(option.value)}
            />
            <div class="type-text">
              <label for={`${id}-${option.value}`}>{option.label}</label>
              <span class="hint" id={`${id}-${option.value}-hint`}>
                {t(`optionsTypeHint_${option.value}`)}
              </span>
            </div>
          </div>
        ))}
      </div>
      {error && <FieldError id={id} look={LOOK} message={error} />}
    </fieldset>
  );
}
