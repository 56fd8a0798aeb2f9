// Importing a settings backup: the chosen file is read and checked here first, so a bad file shows
// its problems in words (never a page left at "Reading…") and changes nothing; a good one goes to
// the background (importSettings), which takes only values its storage reads back as sent and
// applies them all or nothing. A backup's API key connects an account this browser does not have
// yet (lib/backup/import-accounts.ts); that needs the browser's permission to reach its service,
// and the prompt needs a click of its own (the file chooser's is long past once the file is read),
// so it asks, once for all of them.
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { parseBackup, type ParsedBackup, readBackupFile } from '@/lib/backup/backup';
import { placeAccounts } from '@/lib/backup/import-accounts';
import { t, tn } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { originHost, requiredHostPattern } from '@/lib/permissions/host-pattern';
import type { Settings } from '@/lib/settings/settings';

type ImportOutcome =
  { tone: 'info' | 'success'; text: string } | { tone: 'error'; text: string; problems: string[] };

interface ConnectQuestion {
  backup: ParsedBackup;
  /** The services the import connects that the browser does not let the extension reach yet. */
  origins: string[];
  /** Their hosts, as the question names them. */
  hosts: string[];
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

/** The services a backup would connect: those of its accounts with a key that are new here. */
function connectsTo(backup: ParsedBackup, settings: Settings): string[] {
  const { placed } = placeAccounts(settings, { own: backup, others: backup.accounts });
  return [...new Set(placed.flatMap((each) => (each.added ? [each.added.serviceUrl] : [])))];
}

/** Whether the browser already lets the extension reach `origin`. */
async function mayReach(origin: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [requiredHostPattern(origin)] });
  } catch {
    return false;
  }
}

/** What an import of a file of several accounts did with them, after the rest of its summary. */
function accountsWords(added: number, leftOut: number): string {
  const words = [
    ...(added > 0 ? [tn('optionsImportedAccounts', added)] : []),
    ...(leftOut > 0 ? [tn('optionsImportedLeftOut', leftOut)] : []),
  ];
  return words.map((sentence) => ` ${sentence}`).join('');
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
    if (backup.accounts !== undefined) key = accountsWords(done.accounts, done.leftOut);
    else if (done.apiKey) key = ` ${t('optionsImportedKey')}`;
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
      const origins: string[] = [];
      for (const origin of connectsTo(backup, settings)) {
        if (!(await mayReach(origin))) origins.push(origin);
      }
      if (origins.length > 0) {
        setOutcome(null);
        setQuestion({ backup, origins, hosts: origins.map(originHost), busy: false });
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
        origins: question.origins.map(requiredHostPattern),
      });
    } catch {
      granted = false;
    }
    if (!granted) {
      const hosts = question.hosts.join(', ');
      setQuestion({ ...question, error: t('optionsPermissionRefused', hosts) });
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
