// The reader's triage from the popup's rows: save for later (the star, s) and the phrase dialog's
// state. Every change is a command to the background, the one writer, which has stored it by the
// time it answers: the star turns as the read toggle does, when storage says so. The menus, the
// dialog and the snooze send their commands themselves (lib/mention-view/actions.ts),
// loaded with them.
import { useMemo, useState } from 'preact/hooks';
import type { RowActions } from '@/components/MentionRow';
import { keyOf, type StoredMention } from '@/lib/mentions/store';
import { mentionAccount, pageKey } from '@/lib/mention-view/account-mentions';
import { accountData } from '@/lib/messaging/page-account';
import { sendCommand, type Reporter, type CommandContext } from '@/lib/mention-view/actions';
import type { TriageData } from '@/lib/mention-view/popup-data';
import { useStableCallback } from '@/components/long-list';
import type { MentionFilter } from '@/entrypoints/popup/use-mention-filter';

interface TriageActions {
  /** Keys of the saved mentions: the stars that are on. */
  savedKeys: ReadonlySet<string>;
  /** The same object every render: the rows compare it to skip rendering again. */
  rowActions: RowActions;
  /** How the menus, the dialog and the snooze report (stable). */
  context: CommandContext;
  /** The mention whose phrase dialog is open, or null. */
  phraseOf: StoredMention | null;
  closePhrase(): void;
}

const NO_KEYS: ReadonlySet<string> = new Set();

export function useTriageActions(
  triage: TriageData | null,
  list: Pick<MentionFilter, 'filter' | 'keepSaved'>,
  onToggleRead: (mention: StoredMention) => void,
  context: CommandContext,
): TriageActions {
  const savedKeys = triage?.savedKeys ?? NO_KEYS;
  const [phraseOf, setPhraseOf] = useState<StoredMention | null>(null);

  function toggleSave(mention: StoredMention) {
    const key = keyOf(mention);
    const id = pageKey(mention);
    const save = !savedKeys.has(id);
    if (!save && list.filter.view === 'saved') {
      const item = triage?.saved.items.find((saved) => pageKey(saved.record) === id);
      if (item) list.keepSaved(item);
    }
    const data = { key, ...accountData(mentionAccount(mention)) };
    void sendCommand(save ? 'saveMention' : 'unsaveMention', data, context.report);
  }

  const toggleRow = useStableCallback(toggleSave);
  const report: Reporter = useStableCallback(context.report);
  const offerUndo = useStableCallback(context.offerUndo);
  const rowActions = useMemo<RowActions>(
    () => ({
      toggleRead: onToggleRead,
      toggleSave: toggleRow,
      mutePhrase: setPhraseOf,
      context: { report, offerUndo },
    }),
    [onToggleRead],
  );

  return {
    savedKeys,
    rowActions,
    context: rowActions.context,
    phraseOf,
    closePhrase: () => setPhraseOf(null),
  };
}
