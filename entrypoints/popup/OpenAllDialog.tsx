// The question before "Open all" opens many tabs (above OPEN_ALL_ASK_ABOVE): the shared
// ConfirmDialog, its safe choice first; focus goes back to "Open all" after (use-open-all.ts). Its
// module is loaded when the question is first asked, so the popup's first paint never carries it.
import { lazy } from '@/components/lazy';
import type { ConfirmDialogProps } from '@/components/ConfirmDialog';
import { t, tn } from '@/lib/i18n';
import type { OpenAll } from '@/entrypoints/popup/use-open-all';

const ConfirmDialog = lazy<ConfirmDialogProps>(() =>
  import('@/components/ConfirmDialog').then((module) => module.ConfirmDialog),
);

export function OpenAllDialog({ openAll }: { openAll: OpenAll }) {
  const count = openAll.asking;
  if (count === null) return null;
  return (
    <ConfirmDialog
      title={tn('popupOpenAllTitle', count)}
      message={t('popupOpenAllMessage')}
      confirmLabel={tn('popupOpenAllConfirm', count)}
      cancelLabel={t('popupOpenAllCancel')}
      onConfirm={openAll.confirm}
      onCancel={openAll.cancel}
      // Not loaded (the extension was updated under the popup): no question, so nothing opens.
      onUnavailable={openAll.cancel}
    />
  );
}
