// Importing a settings backup: the chosen file is read and checked here first, so a bad file shows
// its problems in words (never a page left at "Reading…") and changes nothing; a good one goes to
// the background (importSettings), which takes only values its storage reads back as sent and
// applies them all or nothing. A backup with an API key connects a browser that has no account
// yet; that needs the browser's permission to reach the service, and the prompt needs a click of
// its own (the file chooser's is long past once the file is read), so it asks.
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { parseBackup, type ParsedBackup, readBackupFile } from '@/lib/backup/backup';
import { t, tn } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { originHost, requiredHostPattern } from '@/lib/permissions/host-pattern';
import { isConfigured, type Settings } from '@/lib/settings/settings';

type ImportOutcome =
  { tone: 'info' | 'success'; text: string } | { tone: 'error'; text: string; problems: string[] };

interface ConnectQuestion {
  backup: ParsedBackup;
  host: string;
  busy: boolean;
  error?: string;
}

interface BackupImport {
  outcome: ImportOutcome | null;
  busy: boolean;
  /** Asked before a backup that changes the connection is imported. */
  question: ConnectQuestion | null;
  importFile(file: File): Promise<void>;
  /** The question's answer (call it first thing in the click: it asks for a permission). */
  connect(): Promise<void>;
  cancel(): void;
}

/**
 * The service a backup would connect to: its key connects only a browser that has no account yet
 * (the background never replaces an account by way of an import).
 */
function connectsTo(backup: ParsedBackup, settings: Settings): string | null {
  if (backup.apiKey === undefined || backup.serviceUrl === undefined) return null;
  return isConfigured(settings) ? null : backup.serviceUrl;
}

/** Whether the browser already lets the extension reach `origin`. */
async function mayReach(origin: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [requiredHostPattern(origin)] });
  } catch {
    return false;
  }
}

export function useBackupImport(settings: Settings): BackupImport {
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [question, setQuestion] = useState<ConnectQuestion | null>(null);

  const refuse = (problems: string[]) =>
    setOutcome({ tone: 'error', text: t('optionsImportRefused'), problems });

  async function send(backup: ParsedBackup): Promise<void> {
    const reply = await callBackground('importSettings', { backup });
    if (!reply.ok) {
      // The background's words, a line at a time (a refusal is one line).
      const problems = reply.error.message.split('\n').filter((line) => line.trim() !== '');
      setOutcome({ tone: 'error', text: t('optionsImportFailed'), problems });
      return;
    }
    const done = reply.value;
    const text = t('optionsImported', [
      tn('optionsImportedRules', done.muteRules),
      tn('optionsImportedSwitches', done.projectSwitches),
      tn('optionsImportedSaved', done.saved),
    ]);
    let key = '';
    if (done.apiKey) key = ` ${t('optionsImportedKey')}`;
    else if (backup.apiKey !== undefined) key = ` ${t('optionsImportedKeyKept')}`;
    setOutcome({ tone: 'success', text: text + key });
  }

  async function importFile(file: File): Promise<void> {
    if (busy) return;
    setBusy(true);
    setOutcome({ tone: 'info', text: t('optionsImporting', file.name) });
    try {
      const read = await readBackupFile(file);
      if (!read.ok) return refuse([read.problem]);
      const parsed = parseBackup(read.raw);
      if (!parsed.ok) return refuse(parsed.problems);
      const backup = parsed.value;
      const origin = connectsTo(backup, settings);
      if (origin !== null && !(await mayReach(origin))) {
        setOutcome(null);
        setQuestion({ backup, host: originHost(origin), busy: false });
        return;
      }
      await send(backup);
    } catch {
      // Every step above answers in words; should one throw all the same, the page still says
      // that nothing changed rather than staying at "Reading…".
      refuse([t('optionsBackupUncheckable')]);
    } finally {
      setBusy(false);
    }
  }

  async function connect(): Promise<void> {
    if (!question || question.busy) return;
    const { backup } = question;
    let granted: boolean;
    try {
      // The first await of the click: the prompt needs its user gesture.
      granted = await browser.permissions.request({
        origins: [requiredHostPattern(backup.serviceUrl ?? '')],
      });
    } catch {
      granted = false;
    }
    if (!granted) {
      setQuestion({ ...question, error: t('optionsPermissionRefused', question.host) });
      return;
    }
    setQuestion({ ...question, busy: true, error: undefined });
    await send(backup);
    setQuestion(null);
  }

  function cancel(): void {
    setQuestion(null);
    setOutcome({ tone: 'info', text: t('optionsImportCancelled') });
  }

  return { outcome, busy, question, importFile, connect, cancel };
}
