// The popup's triage interface beyond the row's own buttons, in one module loaded the first time any
// of it is needed (a row's menu, the snooze menu or line, the phrase dialog): one small chunk, never
// part of the first paint.
export { MutePhraseDialog } from '@/components/MutePhraseDialog';
export { RowMenu } from '@/components/RowMenu';
export { SnoozeMenu } from '@/components/SnoozeMenu';
export { SnoozeStatus } from '@/components/SnoozeStatus';
