// A settings backup's fixtures for the backup tests: settings, triage state and saved mentions with
// something in every part, the file export writes of them, and that file changed one way or another.
import { buildBackup, parseBackup } from '@/lib/backup/backup';
import { recordOf } from '@/lib/mentions/mention-record';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import type { SavedMentions } from '@/lib/triage/saved';
import type { TriageState } from '@/lib/triage/triage-state';
import { EMPTY_TRIAGE } from './triage-fixtures';
import { stored } from './mention-factory';

export const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  serviceUrl: 'https://mentions.example.com',
  apiKey: 'secret-key-123',
  pollIntervalMinutes: 15,
  openInBackground: true,
  quietHours: { enabled: true, start: 22 * 60 + 30, end: 7 * 60 },
};
export const TRIAGE: TriageState = {
  ...EMPTY_TRIAGE,
  muteRules: [
    { id: 'rlx1abc', kind: 'phrase', value: 'launch', projectId: 4, createdAt: 3_000 },
    { id: 'rlx1abb', kind: 'site', value: 'example.co.uk', projectId: null, createdAt: 2_000 },
    { id: 'rlx1aba', kind: 'author', value: 'Jane Doe', projectId: null, createdAt: 1_000 },
  ],
  projectSwitches: { '4': { notify: false, badge: true }, '7': { notify: true, badge: false } },
  snooze: { until: null },
  missed: 3,
};
export const SAVED: SavedMentions = {
  items: [
    { record: recordOf(stored({ id: 55, project_id: 4 })), savedAt: 20 },
    { record: recordOf(stored({ id: 9, project_id: 7 })), savedAt: 10 },
  ],
};
export const AT = new Date(Date.UTC(2025, 2, 4, 9, 30));

export const built = (includeApiKey = false) =>
  buildBackup(SETTINGS, TRIAGE, SAVED, { includeApiKey, exportedAt: AT });
/** A good file, as read back from its JSON text, with `change` applied to it. */
export function file(change: (backup: Record<string, unknown>) => void = () => {}): unknown {
  const backup = JSON.parse(JSON.stringify(built(true))) as Record<string, unknown>;
  change(backup);
  return backup;
}
export const problemsOf = (raw: unknown) => {
  const result = parseBackup(raw);
  return result.ok ? [] : result.problems;
};

/** A mute rule of a file (numbered from 1), to change it. */
export const rule = (n: number) => (b: Record<string, unknown>) =>
  (b.muteRules as Record<string, unknown>[])[n - 1];
