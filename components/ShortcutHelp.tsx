// The popup's keyboard help (opened with ?): every key of SHORTCUTS (lib/mention-view/keyboard.ts)
// and what it does, in a modal dialog. The native <dialog> keeps focus inside and makes the popup
// behind it inert; focus moves to Close on opening and goes back where it was on closing (Esc or
// Close). The popup loads this module only when the help first opens (entrypoints/popup/Overlays).
import { Fragment } from 'preact';
import { useRef } from 'preact/hooks';
import { useModalDialog } from '@/components/ConfirmDialog';
import { t } from '@/lib/i18n';
import { shownKey, SHORTCUTS } from '@/lib/mention-view/keyboard';

export interface ShortcutHelpProps {
  onClose(): void;
}

export function ShortcutHelp({ onClose }: ShortcutHelpProps) {
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(() => close.current?.focus(), { restoreFocus: true });

  return (
    <dialog
      ref={dialog}
      class="shortcut-help"
      aria-labelledby="shortcut-help-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // Handled here, so the toolbar popup does not take Esc as "close the popup".
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id="shortcut-help-title">{t('popupHelpTitle')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('popupHelpKeys')}</th>
            <th scope="col">{t('popupHelpAction')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(({ action, keys, does }) => (
            <tr key={action}>
              <th scope="row">
                {keys.map((key, i) => (
                  <Fragment key={key.key}>
                    {i > 0 && ` ${t('popupHelpOr')} `}
                    <kbd>{shownKey(key)}</kbd>
                  </Fragment>
                ))}
              </th>
              <td>{t(does)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="actions">
        <button type="button" ref={close} class="button button--quiet" onClick={onClose}>
          {t('popupHelpClose')}
        </button>
      </div>
    </dialog>
  );
}
