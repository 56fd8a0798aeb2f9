// The welcome page, opened on a first install (lib/background/app.ts) and from the popup's
// "Set up" state: what the extension does and the options page's own connection form; once
// connected, how to pin the toolbar button and where things are. It reads what the options page
// reads and writes nothing itself (the form asks the background).
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { useEffect, useRef } from 'preact/hooks';
import { ConnectionForm } from '@/components/options/ConnectionForm';
import { PinSection } from '@/components/welcome/PinSection';
import { WhereThingsAre } from '@/components/welcome/WhereThingsAre';
import { t } from '@/lib/i18n';
import { isConfigured } from '@/lib/settings/settings';
import { readSettings, settingsItem, syncStatusItem } from '@/lib/storage/items';
import { useStored } from '@/lib/storage/use-stored';
import { readSyncStatus } from '@/lib/sync/status-storage';

const PIN_HEADING_ID = 'pin-heading';

// The welcome page connects the first account. Its status is read by one function made once:
// useStored reads again whenever the function it is given changes.
const readFirstStatus = () => readSyncStatus(FIRST_ACCOUNT);

export function WelcomeApp() {
  const settings = useStored(settingsItem, readSettings);
  const status = useStored(syncStatusItem(FIRST_ACCOUNT), readFirstStatus);
  // A rejected key means connecting again: the form comes back.
  const connected =
    settings !== undefined && status !== undefined && isConfigured(settings) && !status.keyRejected;
  const wasConnected = useRef<boolean | undefined>(undefined);

  // Connecting here replaces the form with the next steps: focus follows to their heading, so a
  // screen reader or keyboard user is not left on a control that went away. A page that opens
  // already connected keeps focus where the browser put it.
  useEffect(() => {
    if (settings === undefined || status === undefined) return;
    if (wasConnected.current === false && connected) {
      document.getElementById(PIN_HEADING_ID)?.focus();
    }
    wasConnected.current = connected;
  }, [connected, settings, status]);

  return (
    <main id="main" class="welcome">
      <header class="welcome-header">
        <img src="/icon/48.png" alt="" width={48} height={48} />
        <h1>{t('welcomeHeading')}</h1>
      </header>
      {settings === undefined || status === undefined ? (
        <p class="muted">{t('welcomeLoading')}</p>
      ) : connected ? (
        <>
          <p class="notice welcome-connected">{t('welcomeConnected')}</p>
          <PinSection headingId={PIN_HEADING_ID} />
          <WhereThingsAre />
        </>
      ) : (
        <>
          <p class="welcome-intro">{t('welcomeIntro')}</p>
          <section aria-labelledby="connect-heading">
            <h2 id="connect-heading">{t('welcomeConnectHeading')}</h2>
            <ConnectionForm settings={settings} />
          </section>
        </>
      )}
    </main>
  );
}
