// One labelled text input or text area, with its hint and its error message beside it. The error
// is tied to the control (aria-describedby, aria-invalid) so a screen reader reads it with the field.
import { OPTIONS_CLASSES, type FieldClasses } from '@/components/form/look';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onInput(value: string): void;
  onBlur?(): void;
  hint?: string;
  error?: string;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'url' | 'text';
  spellcheck?: boolean;
  placeholder?: string;
  /** The page's class names (the options page's by default). */
  look?: FieldClasses;
}

export function hintId(id: string): string {
  return `${id}-hint`;
}

export function errorId(id: string): string {
  return `${id}-error`;
}

/** The ids a control is described by: its hint, then its error, each only when shown. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field's error message, tied to its control by id. */
export function FieldError(props: { id: string; look: FieldClasses; message: string }) {
  return (
    <p id={errorId(props.id)} class={props.look.error}>
      {props.message}
    </p>
  );
}

export function TextField(props: TextFieldProps) {
  const look = props.look ?? OPTIONS_CLASSES;
  const common = {
    id: props.id,
    class: look.input,
    value: props.value,
    required: props.required,
    placeholder: props.placeholder,
    spellcheck: props.spellcheck,
    'aria-describedby': describedBy(props.id, props.hint, props.error),
    'aria-invalid': props.error ? ('true' as const) : undefined,
    onBlur: () => props.onBlur?.(),
  };
  return (
    <div class={props.error ? `${look.field} ${look.invalid}` : look.field}>
      <label class={look.label} for={props.id}>
        {props.label}
      </label>
      {props.multiline ? (
        <textarea
          {...common}
          rows={props.rows ?? 4}
          onInput={(event) => props.onInput(event.currentTarget.value)}
        />
      ) : (
        <input
          {...common}
          type="text"
          autoComplete={props.autoComplete ?? 'off'}
          inputMode={props.inputMode}
          onInput={(event) => props.onInput(event.currentTarget.value)}
        />
      )}
      {props.hint && (
        <p id={hintId(props.id)} class={look.hint}>
          {props.hint}
        </p>
      )}
      {props.error && <FieldError id={props.id} look={look} message={props.error} />}
    </div>
  );
}
