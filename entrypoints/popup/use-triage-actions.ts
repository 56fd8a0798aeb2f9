// The reader's triage from the popup: save for later (the star, s), the mutes of a row's menu and
// the phrase dialog, each followed by an Undo, the snooze and its end. Every change is a command to
// the background, the one writer; the popup sees it come back through storage. The star turns at
// once (the popup's own guess until storage agrees); a mention muted leaves the lists when the
// background has written the rule, before the command even answers.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { MuteRequest, RowActions } from '@/components/row-actions';
import type { Report } from '@/components/StatusToast';
import { t } from '@/lib/i18n';
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';
import { callBackground } from '@/lib/messaging/call-background';
import type { Command, CommandData, CommandReply } from '@/lib/messaging/protocol';
import type { TriageData } from '@/lib/mention-view/triage-data';
import { useStableCallback } from '@/entrypoints/popup/hooks';
import type { MentionFilter } from '@/entrypoints/popup/use-mention-filter';
import type { Undo } from '@/entrypoints/popup/use-undo';

export interface TriageActions {
  /** Keys of the saved mentions, as the stars show them (this popup's changes included). */
  savedKeys: ReadonlySet<string>;
  /** The same object every render: the rows compare it to skip rendering again. */
  rowActions: RowActions;
  /** The mention whose phrase dialog is open, or null. */
  phraseOf: StoredMention | null;
  submitPhrase(phrase: string, onlyThisProject: boolean): void;
  closePhrase(): void;
  /** Snoozes notifications until then (epoch ms), or until resumed (null). */
  snooze(until: number | null): void;
  resume(): Promise<void>;
}

const NO_KEYS: ReadonlySet<string> = new Set();
const NO_CHANGES: ReadonlyMap<string, boolean> = new Map();

/** What the toast says after a mute, in the rule's own (normalised) words. */
function mutedMessage(kind: MuteRequest['kind'], value: string): string {
  if (kind === 'author') return t('popupMutedAuthor', value);
  if (kind === 'site') return t('popupMutedSite', value);
  return t('popupMutedPhrase', value);
}

export function useTriageActions(
  triage: TriageData | null,
  list: Pick<MentionFilter, 'filter' | 'keepSaved'>,
  onToggleRead: (mention: StoredMention) => void,
  report: (report: Report) => void,
  offerUndo: Undo['offerUndo'],
): TriageActions {
  const stored = triage?.savedKeys ?? NO_KEYS;
  // Saves and unsaves sent from this popup that storage does not show yet.
  const [changes, setChanges] = useState(NO_CHANGES);
  const [phraseOf, setPhraseOf] = useState<StoredMention | null>(null);

  // Storage agrees: the popup's guess has done its work.
  useEffect(() => {
    setChanges((current) => {
      const left = [...current].filter(([key, saved]) => stored.has(key) !== saved);
      return left.length === current.size ? current : new Map(left);
    });
  }, [stored]);

  const savedKeys = useMemo(() => {
    if (changes.size === 0) return stored;
    const keys = new Set(stored);
    for (const [key, saved] of changes) {
      if (saved) keys.add(key);
      else keys.delete(key);
    }
    return keys;
  }, [stored, changes]);

  /** The command's value, or null once a failure is reported in the browser's words. */
  async function send<K extends Command>(type: K, data: CommandData<K>) {
    const result: CommandReply<K> = await callBackground(type, data, {
      unanswered: (reason) => reason,
    });
    if (result.ok) return result;
    report({ text: t('popupActionFailed', result.error.message), tone: 'error' });
    return null;
  }

  function setChange(key: string, saved: boolean | null) {
    setChanges((current) => {
      const next = new Map(current);
      if (saved === null) next.delete(key);
      else next.set(key, saved);
      return next;
    });
  }

  async function toggleSave(mention: StoredMention) {
    const key = keyOf(mention);
    const id = keyString(key);
    const save = !savedKeys.has(id);
    setChange(id, save);
    if (!save && list.filter.view === 'saved') {
      const item = triage?.saved.items.find((saved) => keyString(keyOf(saved.record)) === id);
      if (item) list.keepSaved(item);
    }
    const reply = await send(save ? 'saveMention' : 'unsaveMention', { key });
    if (!reply) setChange(id, null);
  }

  async function mute(request: MuteRequest) {
    const reply = await send('mute', request);
    if (!reply) return;
    const { rule } = reply.value;
    offerUndo(mutedMessage(rule.kind, rule.value), () => send('unmute', { ruleId: rule.id }));
  }

  const toggleRow = useStableCallback((mention: StoredMention) => void toggleSave(mention));
  const muteRow = useStableCallback((_: StoredMention, request: MuteRequest) => void mute(request));
  const rowActions = useMemo<RowActions>(
    () => ({
      toggleRead: onToggleRead,
      toggleSave: toggleRow,
      mute: muteRow,
      mutePhrase: setPhraseOf,
    }),
    [onToggleRead],
  );

  return {
    savedKeys,
    rowActions,
    phraseOf,
    submitPhrase(phrase, onlyThisProject) {
      const mention = phraseOf;
      // Closed first: focus goes back to the row before the rule can take the row away.
      setPhraseOf(null);
      if (!mention) return;
      const projectId = onlyThisProject ? mention.project_id : null;
      void mute({ kind: 'phrase', value: phrase, projectId });
    },
    closePhrase: () => setPhraseOf(null),
    snooze: (until) => void send('snooze', { until }),
    async resume() {
      await send('resumeNotifications', {});
    },
  };
}
