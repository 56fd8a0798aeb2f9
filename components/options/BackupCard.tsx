// The "Backup" section: export the settings (preferences, and each account's mute rules,
// per-project switches and saved mentions; the API keys only when ticked) as a JSON file, and import one back. The download is a
// Blob URL and a link click, which needs no permission; the import's rules are use-backup-import.ts's.
import { useEffect, useRef, useState } from 'preact/hooks';
import { hasSeveralAccounts } from '@/lib/accounts/accounts';
import { accountsToBack, buildBackup, backupFileName, backupText } from '@/lib/backup/backup';
import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/settings';
import { savedMentionsItem, triageItem } from '@/lib/storage/items';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useBackupImport } from '@/components/options/use-backup-import';

interface BackupCardProps {
  settings: Settings;
}

/** Saves `text` as a file named `name` in the browser's downloads. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: the download may still be reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function BackupCard({ settings }: BackupCardProps) {
  const [includeKey, setIncludeKey] = useState(false);
  // With several accounts the box puts every account's key in the file, and says so.
  const several = hasSeveralAccounts(settings);
  const [exported, setExported] = useState<{ tone: 'success' | 'error'; text: string } | null>(
    null,
  );
  const importing = useBackupImport(settings);
  const fileInput = useRef<HTMLInputElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);

  async function exportSettings() {
    try {
      // Every account's own rules, switches and saved mentions; the first is the file's own.
      const [own, ...others] = await Promise.all(
        accountsToBack(settings).map(async (account) => ({
          account,
          triage: await triageItem(account.id).read(),
          saved: await savedMentionsItem(account.id).read(),
        })),
      );
      const now = new Date();
      const backup = buildBackup(settings, own.triage, own.saved, {
        includeApiKey: includeKey,
        exportedAt: now,
        account: own.account,
        others,
      });
      const name = backupFileName(now);
      download(backupText(backup), name);
      const keyed = Boolean(backup.apiKey) || (backup.accounts ?? []).some((a) => a.apiKey);
      const withKeys = several
        ? t('optionsExportedWithKeys', name)
        : t('optionsExportedWithKey', name);
      setExported({ tone: 'success', text: keyed ? withKeys : t('optionsExported', name) });
    } catch {
      setExported({ tone: 'error', text: t('optionsExportFailed') });
    }
  }

  const outcome = importing.outcome;
  // Once the question about the connection is gone (answered either way), focus is back where the
  // import began.
  const asked = useRef(false);
  useEffect(() => {
    if (importing.question) asked.current = true;
    else if (asked.current) {
      asked.current = false;
      importButton.current?.focus();
    }
  }, [importing.question]);

  return (
    <section aria-labelledby="backup-heading">
      <h2 id="backup-heading">{t('optionsBackupHeading')}</h2>
      <p class="section-intro">{t('optionsBackupIntro')}</p>
      <div class="card backup-card">
        <div class="checkbox-field">
          <input
            id="backup-include-key"
            type="checkbox"
            checked={includeKey}
            aria-describedby="backup-include-key-hint"
            onChange={(event) => setIncludeKey(event.currentTarget.checked)}
          />
          <label for="backup-include-key">
            {t(several ? 'optionsBackupIncludeKeys' : 'optionsBackupIncludeKey')}
          </label>
        </div>
        <p id="backup-include-key-hint" class="hint">
          {t(several ? 'optionsBackupIncludeKeysHint' : 'optionsBackupIncludeKeyHint')}
        </p>
        <div class="actions">
          <button type="button" class="secondary" onClick={() => void exportSettings()}>
            {t('optionsExportSettings')}
          </button>
          <button
            ref={importButton}
            type="button"
            class="secondary"
            aria-disabled={importing.busy ? 'true' : undefined}
            onClick={() => {
              if (!importing.busy) fileInput.current?.click();
            }}
          >
            {t('optionsImportSettings')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            hidden
            aria-label={t('optionsImportSettings')}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // Cleared, so choosing the same file again (after fixing it) is a change too.
              event.currentTarget.value = '';
              if (file) void importing.importFile(file);
            }}
          />
        </div>
        <p role="status" class={exported ? `outcome ${exported.tone}` : 'outcome'}>
          {exported?.text}
        </p>
        <p role="status" class={outcome ? `outcome ${outcome.tone}` : 'outcome'}>
          {outcome?.tone !== 'error' && outcome?.text}
        </p>
        {outcome?.tone === 'error' && (
          <div role="alert" class="problem import-problems">
            <h3>{outcome.text}</h3>
            <ul>
              {outcome.problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {importing.question && (
        <ConfirmDialog
          title={t(
            importing.question.hosts.length === 1
              ? 'optionsImportConnectTitle'
              : 'optionsImportConnectManyTitle',
          )}
          message={
            importing.question.hosts.length === 1
              ? t('optionsImportConnectMessage', importing.question.hosts[0])
              : t('optionsImportConnectManyMessage', importing.question.hosts.join(', '))
          }
          confirmLabel={t('optionsImportConnect')}
          busy={importing.question.busy}
          error={importing.question.error}
          onConfirm={() => void importing.connect()}
          onCancel={importing.cancel}
        />
      )}
    </section>
  );
}
