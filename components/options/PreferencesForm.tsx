// How often to check, whether to notify, quiet hours and where a clicked mention opens: saved as
// soon as they change, all together, with a visible "Saved".
import { useEffect, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { intervalOptions, type Settings } from '@/lib/settings/settings';
import { Switch } from '@/components/form/Switch';
import { QuietHoursFields } from '@/components/options/QuietHoursFields';

interface PreferencesFormProps {
  settings: Settings;
}

type Prefs = Pick<
  Settings,
  'pollIntervalMinutes' | 'notificationsEnabled' | 'openInBackground' | 'quietHours'
>;

function prefsOf(settings: Settings): Prefs {
  return {
    pollIntervalMinutes: settings.pollIntervalMinutes,
    notificationsEnabled: settings.notificationsEnabled,
    openInBackground: settings.openInBackground,
    quietHours: settings.quietHours,
  };
}

export function PreferencesForm({ settings }: PreferencesFormProps) {
  const [prefs, setPrefs] = useState<Prefs>(() => prefsOf(settings));
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // Storage is the truth: a change from elsewhere (another options tab) shows here too.
  const { quietHours: quiet } = settings;
  useEffect(() => {
    setPrefs(prefsOf(settings));
  }, [
    settings.pollIntervalMinutes,
    settings.notificationsEnabled,
    settings.openInBackground,
    quiet.enabled,
    quiet.start,
    quiet.end,
  ]);

  // A stored interval that is not one of the choices (an older version, another device) is shown
  // in its place; saving keeps it, since the background accepts any interval within the bounds.
  const choices = intervalOptions(prefs.pollIntervalMinutes);

  async function save(next: Prefs, saved: string) {
    const before = prefs;
    setPrefs(next);
    setResult(null);
    const reply = await callBackground('savePreferences', next);
    if (reply.ok) {
      setResult({ tone: 'success', text: saved });
    } else {
      setPrefs(before);
      setResult({ tone: 'error', text: t('optionsPrefsFailed', reply.error.message) });
    }
  }

  return (
    <form class="card" onSubmit={(event) => event.preventDefault()}>
      <div class="field">
        <label for="poll-interval">{t('optionsIntervalLabel')}</label>
        <select
          id="poll-interval"
          value={String(prefs.pollIntervalMinutes)}
          aria-describedby="poll-interval-hint"
          onChange={(event) => {
            const minutes = Number(event.currentTarget.value);
            void save(
              { ...prefs, pollIntervalMinutes: minutes },
              tn('optionsSavedInterval', minutes),
            );
          }}
        >
          {choices.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {tn('optionsIntervalEvery', minutes)}
            </option>
          ))}
        </select>
        <p id="poll-interval-hint" class="hint">
          {t('optionsIntervalHint')}
        </p>
      </div>
      <Switch
        id="notifications-enabled"
        label={t('optionsNotificationsLabel')}
        hint={t('optionsNotificationsHint')}
        checked={prefs.notificationsEnabled}
        onChange={(enabled) =>
          void save(
            { ...prefs, notificationsEnabled: enabled },
            enabled ? t('optionsSavedNotificationsOn') : t('optionsSavedNotificationsOff'),
          )
        }
      />
      <QuietHoursFields
        quiet={prefs.quietHours}
        onChange={(quietHours, saved) => void save({ ...prefs, quietHours }, saved)}
      />
      <Switch
        id="open-in-background"
        label={t('optionsOpenInBackgroundLabel')}
        hint={t('optionsOpenInBackgroundHint')}
        checked={prefs.openInBackground}
        onChange={(inBackground) =>
          void save(
            { ...prefs, openInBackground: inBackground },
            inBackground
              ? t('optionsSavedOpenInBackgroundOn')
              : t('optionsSavedOpenInBackgroundOff'),
          )
        }
      />
      <p role="status" class={result ? `outcome ${result.tone}` : 'outcome'}>
        {result?.text}
      </p>
    </form>
  );
}
