// What floats over the popup's list: the snooze line at the foot (only while a snooze or quiet
// hours may hold notifications), the toasts (a report, an Undo), and the dialogs: the keyboard
// help (?), the "Mute a phrase" dialog and the question before "Open all" opens many tabs (above
// OPEN_ALL_ASK_ABOVE; focus goes back to "Open all" after, use-open-all.ts). Their modules are
// loaded when first needed, so the popup's first paint never carries them. One that cannot be
// loaded (the extension was updated under the popup) shows nothing and does nothing.
import type { ConfirmDialogProps } from '@/components/ConfirmDialog';
import { lazy } from '@/components/lazy';
import type { MutePhraseDialogProps } from '@/components/MutePhraseDialog';
import type { ShortcutHelpProps } from '@/components/ShortcutHelp';
import { t, tn } from '@/lib/i18n';
import { usePopup } from '@/entrypoints/popup/popup-context';

const SnoozeStatus = lazy<SnoozeStatusProps>(() =>
  import('@/components/triage-ui').then((module) => module.triageUi.SnoozeStatus),
);
const MutePhraseDialog = lazy<MutePhraseDialogProps>(() =>
  import('@/components/triage-ui').then((module) => module.triageUi.MutePhraseDialog),
);
const ShortcutHelp = lazy<ShortcutHelpProps>(() =>
  import('@/components/ShortcutHelp').then((module) => module.ShortcutHelp),
);
const ConfirmDialog = lazy<ConfirmDialogProps>(() =>
  import('@/components/ConfirmDialog').then((module) => module.ConfirmDialog),
);

export function Overlays() {
  const { data, configured, now, report, undo, triage, help, openAll, list } = usePopup();
  const asking = openAll.asking;
  const triageState = list.triage?.state;
  const quietHours = data?.settings.quietHours;
  // Nothing to say without a snooze or quiet hours: the line's module stays unloaded.
  const snoozing = triageState && quietHours && (triageState.snooze !== null || quietHours.enabled);
  return (
    <>
      {configured && snoozing && (
        <SnoozeStatus
          triage={triageState}
          quietHours={quietHours}
          now={now}
          report={triage.context.report}
          onUnavailable={() => undefined}
        />
      )}
      <div class="toasts">
        <StatusToast report={report} />
        {undo.offer && (
          <UndoBar
            key={undo.offer.id}
            message={undo.offer.message}
            onUndo={() => void undo.undo()}
            onDismiss={undo.dismiss}
          />
        )}
      </div>
      {help.open && <ShortcutHelp onClose={help.close} onUnavailable={help.close} />}
      {triage.phraseOf && (
        <MutePhraseDialog
          mention={triage.phraseOf}
          context={triage.context}
          onClose={triage.closePhrase}
          onUnavailable={triage.closePhrase}
        />
      )}
      {asking !== null && (
        <ConfirmDialog
          title={tn('popupOpenAllTitle', asking)}
          message={t('popupOpenAllMessage')}
          confirmLabel={tn('popupOpenAllConfirm', asking)}
          cancelLabel={t('popupOpenAllCancel')}
          onConfirm={openAll.confirm}
          onCancel={openAll.cancel}
          onUnavailable={openAll.cancel}
        />
      )}
    </>
  );
}
