// The popup's triage interface beyond the row's own buttons, in one module loaded the first time any
// of it is needed (a row's menu, the snooze menu or line, the phrase dialog): one small chunk, never
// part of the first paint. One object rather than re-exports: WXT's auto-imports would see each
// component exported twice (here and in its own file) and warn at every build.
import { MutePhraseDialog } from '@/components/MutePhraseDialog';
import { RowMenu } from '@/components/RowMenu';
import { SnoozeMenu, SnoozeStatus } from '@/components/Snooze';

export const triageUi = { MutePhraseDialog, RowMenu, SnoozeMenu, SnoozeStatus };
