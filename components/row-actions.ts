// What can be done to one mention from its row, its menu (RowMenu) or the keyboard: the popup's
// commands, each sent to the background (entrypoints/popup/use-triage-actions.ts,
// use-read-actions.ts). The same functions every render: rows compare them to skip rendering.
import type { StoredMention } from '@/lib/mentions/store';
import type { MuteKind } from '@/lib/triage/triage-state';

/** A mute rule to add (the `mute` command's data). */
export interface MuteRequest {
  kind: MuteKind;
  value: string;
  /** The mention's project, or null for all projects. */
  projectId: number | null;
}

export interface RowActions {
  toggleRead(mention: StoredMention): void;
  toggleSave(mention: StoredMention): void;
  mute(mention: StoredMention, request: MuteRequest): void;
  /** Opens the dialog that mutes a phrase, prefilled from the mention's title. */
  mutePhrase(mention: StoredMention): void;
}
