// The question before "Open all" opens many tabs (above OPEN_ALL_ASK_ABOVE): the shared
// ConfirmDialog, its safe choice first; focus goes back to "Open all" after (use-open-all.ts). Its
// module is loaded when the question is first asked, so the popup's first paint never carries it.
import { useEffect, useState } from 'preact/hooks';
import type { ConfirmDialog as ConfirmDialogComponent } from '@/components/ConfirmDialog';
import { t, tn } from '@/lib/i18n';
import type { OpenAll } from '@/entrypoints/popup/use-open-all';

let loading: Promise<typeof ConfirmDialogComponent> | null = null;

function loadConfirmDialog(): Promise<typeof ConfirmDialogComponent> {
  loading ??= import('@/components/ConfirmDialog').then(
    (module) => module.ConfirmDialog,
    (error: unknown) => {
      // Tried again the next time the question is asked.
      loading = null;
      throw error;
    },
  );
  return loading;
}

function Question({ count, openAll }: { count: number; openAll: OpenAll }) {
  const [Dialog, setDialog] = useState<typeof ConfirmDialogComponent | null>(null);
  useEffect(() => {
    let alive = true;
    loadConfirmDialog().then(
      (component) => {
        if (alive) setDialog(() => component);
      },
      // Not loaded (the extension was updated under the popup): no question, so nothing opens.
      () => {
        if (alive) openAll.cancel();
      },
    );
    return () => {
      alive = false;
    };
    // Loaded once per question; cancel only clears the question.
  }, []);
  if (!Dialog) return null;
  return (
    <Dialog
      title={tn('popupOpenAllTitle', count)}
      message={t('popupOpenAllMessage')}
      confirmLabel={tn('popupOpenAllConfirm', count)}
      cancelLabel={t('popupOpenAllCancel')}
      onConfirm={openAll.confirm}
      onCancel={openAll.cancel}
    />
  );
}

export function OpenAllDialog({ openAll }: { openAll: OpenAll }) {
  if (openAll.asking === null) return null;
  return <Question count={openAll.asking} openAll={openAll} />;
}
