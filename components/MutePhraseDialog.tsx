// "Mute a phrase": a modal dialog in the frame of ConfirmDialog.tsx, with the phrase (prefilled from
// the mention's title, selected so typing replaces it) and whether the rule covers this project
// only. Focus starts in the phrase and goes back where it was (the row's "More actions") when the
// dialog closes. Loaded the first time it opens.
import { useRef, useState } from 'preact/hooks';
import { ModalDialog } from '@/components/ConfirmDialog';
import { t } from '@/lib/i18n';
import type { StoredMention } from '@/lib/mentions/store';
import { mentionTitle } from '@/lib/mention-view/mention-text';
import { muteWithUndo, type CommandContext } from '@/lib/mention-view/actions';
import { mentionAccount } from '@/lib/mention-view/account-mentions';
import { MAX_PHRASE } from '@/lib/triage/mute';

export interface MutePhraseDialogProps {
  /** The mention whose title is offered, and whose project "Only in this project" means. */
  mention: StoredMention;
  context: CommandContext;
  onClose(): void;
}

export function MutePhraseDialog({ mention, context, onClose }: MutePhraseDialogProps) {
  const initial = mentionTitle(mention);
  const field = useRef<HTMLInputElement>(null);
  const [phrase, setPhrase] = useState(() => initial.trim().slice(0, MAX_PHRASE));
  const [onlyThisProject, setOnlyThisProject] = useState(false);
  const [invalid, setInvalid] = useState(false);

  function submit(event: Event) {
    event.preventDefault();
    const value = phrase.trim();
    if (value === '' || value.length > MAX_PHRASE) {
      setInvalid(true);
      field.current?.focus();
      return;
    }
    // Closed first: focus goes back to the row before the rule can take the row away.
    onClose();
    const projectId = onlyThisProject ? mention.project_id : null;
    void muteWithUndo(
      { kind: 'phrase', value, projectId, account: mentionAccount(mention) },
      context,
    );
  }

  return (
    <ModalDialog
      titleId="mute-phrase-title"
      textId="mute-phrase-text"
      focusFirst={() => {
        field.current?.focus();
        field.current?.select();
      }}
      restoreFocus
      onCancel={onClose}
      ownKeys
    >
      <form onSubmit={submit} noValidate>
        <h2 id="mute-phrase-title">{t('popupMutePhraseTitle')}</h2>
        <p id="mute-phrase-text">{t('popupMutePhraseText')}</p>
        <label class="dialog-field">
          <span>{t('popupMutePhraseField')}</span>
          <input
            ref={field}
            type="text"
            dir="auto"
            maxLength={MAX_PHRASE}
            value={phrase}
            aria-invalid={invalid ? 'true' : undefined}
            aria-describedby={invalid ? 'mute-phrase-error' : undefined}
            onInput={(event) => {
              setPhrase(event.currentTarget.value);
              setInvalid(false);
            }}
          />
        </label>
        {invalid && (
          <p class="form-error" id="mute-phrase-error" role="alert">
            {t('popupMutePhraseInvalid')}
          </p>
        )}
        <label class="dialog-check">
          <input
            type="checkbox"
            checked={onlyThisProject}
            onChange={(event) => setOnlyThisProject(event.currentTarget.checked)}
          />
          {t('popupMutePhraseProject')}
        </label>
        <div class="actions">
          <button type="button" class="secondary" onClick={onClose}>
            {t('popupMutePhraseCancel')}
          </button>
          <button type="submit" class="primary">
            {t('popupMutePhraseSubmit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
