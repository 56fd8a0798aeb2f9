// A masked text input with a button that shows or hides what was typed. The value is never put
// anywhere else: no title, no placeholder echo, no autocomplete.
import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';

interface SecretInputProps {
  id: string;
  value: string;
  onInput(value: string): void;
  onBlur?(): void;
  describedBy?: string;
  invalid?: boolean;
}

export function SecretInput(props: SecretInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div class="secret-input">
      <input
        id={props.id}
        // One element either way, so focus and the caret stay put when toggled.
        type={(shown ? 'text' : 'password') as 'text'}
        value={props.value}
        autoComplete="off"
        spellcheck={false}
        autoCapitalize="off"
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid ? 'true' : undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        onBlur={() => props.onBlur?.()}
      />
      <button
        type="button"
        class="secondary"
        aria-controls={props.id}
        onClick={() => setShown(!shown)}
      >
        {shown ? t('optionsApiKeyHide') : t('optionsApiKeyShow')}
      </button>
    </div>
  );
}
