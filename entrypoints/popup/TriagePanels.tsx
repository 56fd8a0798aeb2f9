// The popup's triage panels, each loaded when first needed so the first paint never carries it:
// the snooze line at the foot (only while a snooze or quiet hours may hold notifications) and the
// "Mute a phrase" dialog.
import { lazy } from '@/components/lazy';
import type { MutePhraseDialogProps } from '@/components/MutePhraseDialog';
import type { SnoozeStatusProps } from '@/components/SnoozeStatus';
import { mentionTitle } from '@/lib/mention-view/mention-text';
import type { TriageActions } from '@/entrypoints/popup/use-triage-actions';

const SnoozeStatus = lazy<SnoozeStatusProps>(() =>
  import('@/components/SnoozeStatus').then((module) => module.SnoozeStatus),
);

const MutePhraseDialog = lazy<MutePhraseDialogProps>(() =>
  import('@/components/MutePhraseDialog').then((module) => module.MutePhraseDialog),
);

export function SnoozePanel(props: Omit<SnoozeStatusProps, 'onResume'> & { onResume(): unknown }) {
  const { snooze } = props.triage;
  // Nothing to say without a snooze or quiet hours: the line's module stays unloaded.
  if (snooze === null && !props.quietHours.enabled) return null;
  return (
    <SnoozeStatus
      {...props}
      onResume={() => void props.onResume()}
      // Not loaded (the extension was updated under the popup): the line is only information.
      onUnavailable={() => undefined}
    />
  );
}

export function MutePhrasePanel({ triage }: { triage: TriageActions }) {
  const mention = triage.phraseOf;
  if (!mention) return null;
  return (
    <MutePhraseDialog
      initial={mentionTitle(mention)}
      onSubmit={triage.submitPhrase}
      onClose={triage.closePhrase}
      onUnavailable={triage.closePhrase}
    />
  );
}
