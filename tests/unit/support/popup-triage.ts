// The popup's triage flows (tests/unit/flows/popup/triage*.test.tsx): the stand-in background of
// ./popup-page.tsx answers the triage commands with the background's own handlers
// (lib/background/triage-commands.ts) over the same fake storage, so the popup sees rules, the
// preview they rewrite, saved copies and the snooze come back exactly as the background writes them.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { createTriageCommands } from '@/lib/background/triage-commands';
import { readMentionStore } from '@/lib/mentions/mention-storage';
import { readSettings, savedMentionsItem, triageItem } from '@/lib/storage/items';
import { createSerialQueue } from '@/lib/sync/locks';
import type { SavedMentions } from '@/lib/triage/saved';
import type { TriageState } from '@/lib/triage/triage-state';
import type { Background } from './popup-page';
import { asRecorded } from './page-account';

const TRIAGE_COMMANDS = [
  'mute',
  'unmute',
  'snooze',
  'resumeNotifications',
  'saveMention',
  'unsaveMention',
] as const;

type TriageCommand = (typeof TRIAGE_COMMANDS)[number];

const isTriageCommand = (type: string): type is TriageCommand =>
  (TRIAGE_COMMANDS as readonly string[]).includes(type);

/** Adds the triage commands to this test's stand-in background (call it in a beforeEach). */
export function answerTriage(background: Background): void {
  const triage = createTriageCommands({
    storeQueue: createSerialQueue(),
    account: FIRST_ACCOUNT,
    readStore: () => readMentionStore(FIRST_ACCOUNT),
    readSettings,
    now: () => Date.now(),
    accountReplaced: () => undefined,
    accountsBeingAdded: () => new Set(),
    pollAfterImport: () => undefined,
  });
  const others = background.mock.getMockImplementation();
  background.mock.mockImplementation(async (type: string, data?: unknown) => {
    if (!isTriageCommand(type)) return others?.(type, data);
    background.calls.push({ type, data: asRecorded(type, data) });
    try {
      return await triage.commands[type](data);
    } catch (error) {
      // What the background's guard turns a refusal into.
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { kind: 'invalid-input', message } };
    }
  });
}

export function storedTriage(): Promise<TriageState> {
  return triageItem(FIRST_ACCOUNT).read();
}

export function storedSaved(): Promise<SavedMentions> {
  return savedMentionsItem(FIRST_ACCOUNT).read();
}
