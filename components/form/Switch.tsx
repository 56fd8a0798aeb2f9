// An on/off setting: a checkbox with the switch role, so it is announced as "on"/"off" and toggled
// with Space like any checkbox.
import { OPTIONS_CLASSES, type FieldClasses } from '@/components/form/look';

interface SwitchProps {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: string;
  disabled?: boolean;
  /** The page's class names (the options page's by default). */
  look?: FieldClasses;
}

export function Switch(props: SwitchProps) {
  const look = props.look ?? OPTIONS_CLASSES;
  const hint = props.hint ? `${props.id}-hint` : undefined;
  return (
    <div class={look.switchField}>
      <input
        id={props.id}
        type="checkbox"
        role="switch"
        class={look.switchInput}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={hint}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <label for={props.id}>{props.label}</label>
      {props.hint && (
        <p id={hint} class={look.hint}>
          {props.hint}
        </p>
      )}
    </div>
  );
}
