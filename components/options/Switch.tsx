// An on/off setting: a checkbox with the switch role, so it is announced as "on"/"off" and toggled
// with Space like any checkbox.
export interface SwitchProps {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: string;
  disabled?: boolean;
}

export function Switch(props: SwitchProps) {
  const hint = props.hint ? `${props.id}-hint` : undefined;
  return (
    <div class="switch-field">
      <input
        id={props.id}
        type="checkbox"
        role="switch"
        class="switch"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={hint}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <label for={props.id}>{props.label}</label>
      {props.hint && (
        <p id={hint} class="hint">
          {props.hint}
        </p>
      )}
    </div>
  );
}
