// One labelled text input or text area, with its hint and its error message beside it. The error
// is tied to the control (aria-describedby, aria-invalid) so a screen reader reads it with the field.
export interface TextFieldProps {
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

export function TextField(props: TextFieldProps) {
  const common = {
    id: props.id,
    value: props.value,
    required: props.required,
    placeholder: props.placeholder,
    spellcheck: props.spellcheck,
    'aria-describedby': describedBy(props.id, props.hint, props.error),
    'aria-invalid': props.error ? ('true' as const) : undefined,
    onBlur: () => props.onBlur?.(),
  };
  return (
    <div class={props.error ? 'field invalid' : 'field'}>
      <label for={props.id}>{props.label}</label>
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
        <p id={hintId(props.id)} class="hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId(props.id)} class="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}
