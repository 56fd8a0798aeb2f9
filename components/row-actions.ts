// What can be done to one mention from its row, its menu (RowMenu) or the keyboard. The same object
// every render: rows compare it to skip rendering again.
import type { StoredMention } from '@/lib/mentions/store';
import type { CommandContext } from '@/lib/mention-view/triage-commands';

export interface RowActions {
  toggleRead(mention: StoredMention): void;
  toggleSave(mention: StoredMention): void;
  /** Opens the dialog that mutes a phrase, prefilled from the mention's title. */
  mutePhrase(mention: StoredMention): void;
  /** For the menu's mutes, which it sends itself (lib/mention-view/triage-commands.ts). */
  context: CommandContext;
}
