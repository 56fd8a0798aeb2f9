// The service address and API key, one "Save and connect" action, and "Disconnect": the card of a
// person with one account (the accounts list takes its place once there are more), with "Add
// account" beside. Connecting asks the browser for the service origin first thing in the click
// handler, and only then does the background log in and save (ConnectionFields.tsx).
import { useRef, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { isConfigured, type Settings } from '@/lib/settings/settings';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import {
  ConnectionFields,
  ConnectionOutcome,
  useConnection,
} from '@/components/options/ConnectionFields';

interface ConnectionFormProps {
  /** The settings as the account's world sees them (accountSettings). */
  settings: Settings;
  /** The account's id as commands name it (commandAccountId); none for the first of one. */
  accountId?: string;
  /** Opens the form of one more account; no button without it. */
  onAddAccount?(): void;
}

const IDS = { serviceUrl: 'service-url', apiKey: 'api-key' };

/** The id of the "Add account" button, wherever it is (here or under the accounts list). */
export const ADD_ACCOUNT_ID = 'add-account';

export function ConnectionForm({ settings, accountId, onAddAccount }: ConnectionFormProps) {
  const ctl = useConnection(settings, IDS);
  const [disconnecting, setDisconnecting] = useState<null | { busy: boolean; error?: string }>(
    null,
  );
  const disconnectButton = useRef<HTMLButtonElement>(null);
  const configured = isConfigured(settings);

  async function connect(event: Event) {
    event.preventDefault();
    await ctl.submit(
      (serviceUrl, apiKey) =>
        callBackground('saveConnection', { serviceUrl, apiKey, ...(accountId && { accountId }) }),
      ({ projectCount }) => ({ tone: 'success', text: tn('optionsConnected', projectCount) }),
    );
  }

  async function disconnect() {
    setDisconnecting({ busy: true });
    // Everything stored for the account goes with it: kept, it would show under the next account.
    const reply = await callBackground('disconnect', accountId ? { accountId } : {});
    if (!reply.ok) {
      setDisconnecting({ busy: false, error: t('optionsDisconnectFailed', reply.error.message) });
      return;
    }
    setDisconnecting(null);
    ctl.reset();
    ctl.setOutcome({ tone: 'info', text: t('optionsDisconnectedCleared') });
    ctl.focusField('apiKey');
  }

  return (
    <form class="card connection-form" noValidate onSubmit={connect}>
      <ConnectionFields ctl={ctl} />
      <div class="actions">
        <button type="submit" class="primary" aria-disabled={ctl.busy ? 'true' : undefined}>
          {ctl.busy ? t('optionsConnectingButton') : t('optionsSaveAndConnect')}
        </button>
        {configured && (
          <button
            type="button"
            class="secondary"
            ref={disconnectButton}
            onClick={() => setDisconnecting({ busy: false })}
          >
            {t('optionsDisconnect')}
          </button>
        )}
        {configured && onAddAccount && (
          <button type="button" class="secondary" id={ADD_ACCOUNT_ID} onClick={onAddAccount}>
            {t('optionsAddAccount')}
          </button>
        )}
      </div>
      <ConnectionOutcome outcome={ctl.outcome} />
      {disconnecting && (
        <ConfirmDialog
          title={t('optionsDisconnectTitle')}
          message={t('optionsDisconnectMessageClears')}
          confirmLabel={t('optionsDisconnect')}
          busy={disconnecting.busy}
          error={disconnecting.error}
          danger
          onConfirm={disconnect}
          onCancel={() => {
            setDisconnecting(null);
            disconnectButton.current?.focus();
          }}
        />
      )}
    </form>
  );
}
