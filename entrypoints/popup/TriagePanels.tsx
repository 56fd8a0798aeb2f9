// The popup's triage panels, loaded with the rest of its triage interface (components/triage-ui.ts)
// when first needed, so the first paint never carries them: the snooze line at the foot (only
// while a snooze or quiet hours may hold notifications) and the "Mute a phrase" dialog.
import { lazy } from '@/components/lazy';
import type { MutePhraseDialogProps } from '@/components/MutePhraseDialog';
import type { SnoozeStatusProps } from '@/components/Snooze';

const SnoozeStatus = lazy<SnoozeStatusProps>(() =>
  import('@/components/triage-ui').then((module) => module.triageUi.SnoozeStatus),
);

const MutePhraseDialog = lazy<MutePhraseDialogProps>(() =>
  import('@/components/triage-ui').then((module) => module.triageUi.MutePhraseDialog),
);

export function SnoozePanel(props: SnoozeStatusProps) {
  // Nothing to say without a snooze or quiet hours: the line's module stays unloaded.
  if (props.triage.snooze === null && !props.quietHours.enabled) return null;
  // Not loaded (the extension was updated under the popup): the line is only information.
  return <SnoozeStatus {...props} onUnavailable={() => undefined} />;
}

export function MutePhrasePanel(props: MutePhraseDialogProps) {
  return <MutePhraseDialog {...props} onUnavailable={props.onClose} />;
}
