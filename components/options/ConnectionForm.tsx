// The service address and API key, one "Save and connect" action, and "Disconnect". The browser is
// asked for the service origin first thing in the click handler (a permission prompt needs the
// click's user gesture), and only then does the background log in and save.
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t, tn } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import {
  checkConnectionInput,
  describeConnectionError,
  type ConnectionField,
} from '@/lib/service/connection';
import { originHost, requiredHostPattern } from '@/lib/permissions/host-pattern';
import { isConfigured, type Settings } from '@/lib/settings/settings';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SecretInput } from '@/components/options/SecretInput';
import { describedBy, errorId, hintId, TextField } from '@/components/form/TextField';

interface ConnectionFormProps {
  settings: Settings;
}

type Outcome = { tone: 'success' | 'error' | 'info'; text: string } | null;

export function ConnectionForm({ settings }: ConnectionFormProps) {
  const [serviceUrl, setServiceUrl] = useState(settings.serviceUrl);
  const [apiKey, setApiKey] = useState(settings.apiKey);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ConnectionField, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [disconnecting, setDisconnecting] = useState<null | { busy: boolean; error?: string }>(
    null,
  );
  const disconnectButton = useRef<HTMLButtonElement>(null);
  const configured = isConfigured(settings);

  // Until the person types, the form shows what is saved (it may change in another tab).
  useEffect(() => {
    if (dirty) return;
    setServiceUrl(settings.serviceUrl);
    setApiKey(settings.apiKey);
  }, [settings.serviceUrl, settings.apiKey, dirty]);

  function focusField(field: ConnectionField) {
    const id = field === 'serviceUrl' ? 'service-url' : 'api-key';
    document.getElementById(id)?.focus();
  }

  async function connect(event: Event) {
    event.preventDefault();
    if (busy) return;
    const check = checkConnectionInput(serviceUrl, apiKey);
    if (!check.ok) {
      setErrors(check.errors);
      setOutcome(null);
      focusField(check.errors.serviceUrl ? 'serviceUrl' : 'apiKey');
      return;
    }
    setErrors({});
    setBusy(true);
    setOutcome({ tone: 'info', text: t('optionsConnecting') });
    let granted: boolean;
    try {
      // The first await of the handler: the prompt needs this click's user gesture.
      granted = await browser.permissions.request({
        origins: [requiredHostPattern(check.origin)],
      });
    } catch {
      granted = false;
    }
    if (!granted) {
      setBusy(false);
      setOutcome({ tone: 'error', text: t('optionsPermissionRefused', originHost(check.origin)) });
      return;
    }
    const reply = await callBackground('saveConnection', {
      serviceUrl: check.origin,
      apiKey: check.apiKey,
    });
    setBusy(false);
    // A later Save or a Disconnect took its place: what that one says stays on screen.
    if (!reply.ok && reply.error.kind === 'superseded') return;
    if (reply.ok) {
      setServiceUrl(check.origin);
      setApiKey(check.apiKey);
      setDirty(false);
      setOutcome({ tone: 'success', text: tn('optionsConnected', reply.value.projectCount) });
      return;
    }
    const failure = describeConnectionError(reply.error);
    if (failure.field) {
      setErrors({ [failure.field]: failure.message });
      setOutcome({ tone: 'error', text: t('optionsConnectCheckField') });
      focusField(failure.field);
    } else {
      setOutcome({ tone: 'error', text: failure.message });
    }
  }

  async function disconnect() {
    setDisconnecting({ busy: true });
    // Everything stored for the account goes with it: kept, it would show under the next account.
    const reply = await callBackground('disconnect', {});
    if (!reply.ok) {
      setDisconnecting({ busy: false, error: t('optionsDisconnectFailed', reply.error.message) });
      return;
    }
    setDisconnecting(null);
    setDirty(false);
    setErrors({});
    setOutcome({ tone: 'info', text: t('optionsDisconnectedCleared') });
    focusField('apiKey');
  }

  const keyError = errors.apiKey;
  return (
    <form class="card connection-form" noValidate onSubmit={connect}>
      <TextField
        id="service-url"
        label={t('optionsServiceUrlLabel')}
        hint={t('optionsServiceUrlHint')}
        value={serviceUrl}
        error={errors.serviceUrl}
        inputMode="url"
        spellcheck={false}
        onInput={(value) => {
          setServiceUrl(value);
          setDirty(true);
          if (errors.serviceUrl) setErrors({ ...errors, serviceUrl: undefined });
        }}
      />
      <div class={keyError ? 'field invalid' : 'field'}>
        <label for="api-key">{t('optionsApiKeyLabel')}</label>
        <SecretInput
          id="api-key"
          value={apiKey}
          invalid={Boolean(keyError)}
          describedBy={describedBy('api-key', true, keyError)}
          onInput={(value) => {
            setApiKey(value);
            setDirty(true);
            if (keyError) setErrors({ ...errors, apiKey: undefined });
          }}
        />
        <p id={hintId('api-key')} class="hint">
          {t('optionsApiKeyHint')}
        </p>
        {keyError && (
          <p id={errorId('api-key')} class="field-error">
            {keyError}
          </p>
        )}
      </div>
      <div class="actions">
        <button type="submit" class="primary" aria-disabled={busy ? 'true' : undefined}>
          {busy ? t('optionsConnectingButton') : t('optionsSaveAndConnect')}
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
      </div>
      <p
        role="status"
        class={outcome ? `outcome ${outcome.tone}` : 'outcome'}
        data-tone={outcome?.tone}
      >
        {outcome?.text}
      </p>
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
