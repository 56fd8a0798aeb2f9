// How the connection is doing: when the last check succeeded, when the next one is due, what went
// wrong (for the whole service and per project), and "Check now".
import { useState } from 'preact/hooks';
import { t, tn, uiLanguage } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { originHost } from '@/lib/permissions/host-pattern';
import { exactTime, isoTime } from '@/lib/time/format';
import { formatTimeFromNow } from '@/lib/time/relative-time';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import type { SyncStatus } from '@/lib/sync/status';
import { askHostPermission } from '@/components/options/ConnectionFields';

interface StatusPanelProps {
  /** The settings as the account's world sees them (accountSettings). */
  settings: Settings;
  /** The account's id as commands name it (commandAccountId); none for the first of one. */
  accountId?: string;
  /** Several accounts: the account's name, which the heading and the button say. */
  accountName?: string;
  status: SyncStatus;
  projects: readonly ServiceProject[];
  now: number;
}

function When({ at, now, withinMinute }: { at: number; now: number; withinMinute: string }) {
  const locale = uiLanguage();
  return (
    <time dateTime={isoTime(at)} title={exactTime(at, locale)}>
      {formatTimeFromNow(at, now, locale, withinMinute)}
    </time>
  );
}

type CheckResult = { tone: 'success' | 'error'; text: string } | null;

/**
 * "Check now" of one account (`accountId`, as commands name it; none for the first of one): runs
 * its poll at once and says how it went.
 */
export function useCheckNow(accountId: string | undefined) {
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<CheckResult>(null);

  async function checkNow() {
    if (checking) return;
    setChecking(true);
    setResult(null);
    const reply = await callBackground('pollNow', accountId ? { accountId } : undefined);
    setChecking(false);
    if (!reply.ok) setResult({ tone: 'error', text: t('optionsCheckFailed', reply.error.message) });
    else if (reply.value.polled) setResult({ tone: 'success', text: t('optionsCheckDone') });
    else setResult({ tone: 'error', text: t('optionsCheckSkipped') });
  }

  return { checking, result, setResult, checkNow };
}

export function StatusPanel(props: StatusPanelProps) {
  const { settings, accountName, status, projects, now } = props;
  const { checking, result, setResult, checkNow } = useCheckNow(props.accountId);
  const { lastSuccessAt, nextPollAt } = status.schedule;
  const paused = status.keyRejected || status.permissionMissing;
  const host = originHost(settings.serviceUrl);

  async function allowAccess() {
    // First await of the click handler, for the prompt's user gesture.
    const granted = await askHostPermission(settings.serviceUrl);
    if (!granted) {
      setResult({ tone: 'error', text: t('optionsPermissionRefused', host) });
      return;
    }
    await checkNow();
  }

  const projectName = (id: string) =>
    projects.find((p) => String(p.project_id) === id)?.name ?? t('optionsProjectNumber', id);
  const projectErrors = Object.entries(status.projectErrors);
  const { skipped, refused, undated } = status.records;
  // What the last check could not take as sent, in words: never a silent loss.
  const records = [
    skipped > 0 && tn('optionsRecordsSkipped', skipped),
    refused > 0 && tn('optionsRecordsRefused', refused),
    undated > 0 && tn('optionsRecordsUndated', undated),
  ].filter((line): line is string => line !== false);

  return (
    <section class="card status-panel" aria-labelledby="status-heading">
      <h3 id="status-heading">
        {accountName ? t('optionsStatusHeadingOf', accountName) : t('optionsStatusHeading')}
      </h3>
      <dl class="status-list">
        <div>
          <dt>{t('optionsStatusService')}</dt>
          <dd>{host}</dd>
        </div>
        <div>
          <dt>{t('optionsStatusLastSuccess')}</dt>
          <dd>
            {lastSuccessAt ? (
              <When at={lastSuccessAt} now={now} withinMinute={t('optionsJustNow')} />
            ) : (
              t('optionsStatusNever')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('optionsStatusNext')}</dt>
          <dd>
            {paused ? (
              t('optionsStatusPaused')
            ) : nextPollAt > now ? (
              <When at={nextPollAt} now={now} withinMinute={t('optionsStatusDue')} />
            ) : (
              t('optionsStatusDue')
            )}
          </dd>
        </div>
      </dl>
      {status.keyRejected && <p class="problem">{t('optionsStatusKeyRejected')}</p>}
      {status.permissionMissing && (
        <div class="problem">
          <p>{t('optionsStatusPermissionMissing', host)}</p>
          <button type="button" class="secondary" onClick={allowAccess}>
            {t('optionsAllowAccess')}
          </button>
        </div>
      )}
      {status.lastError && !status.keyRejected && (
        <p class="problem">{t('optionsStatusLastError', status.lastError.message)}</p>
      )}
      {projectErrors.length > 0 && (
        <div class="problem">
          <h4>{t('optionsStatusProjectErrors')}</h4>
          <ul>
            {projectErrors.map(([id, error]) => (
              <li key={id}>
                <strong>{projectName(id)}</strong>: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {records.length > 0 && (
        <div class="problem">
          <ul>
            {records.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <div class="actions">
        <button
          type="button"
          class="secondary"
          aria-disabled={checking ? 'true' : undefined}
          onClick={checkNow}
        >
          {checking
            ? t('optionsChecking')
            : accountName
              ? t('optionsAccountCheckNow', accountName)
              : t('optionsCheckNow')}
        </button>
        <p role="status" class={result ? `outcome ${result.tone}` : 'outcome'}>
          {result?.text}
        </p>
      </div>
    </section>
  );
}
