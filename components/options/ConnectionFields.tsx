// A service address and an API key as the person types them, and what connecting them takes: the
// checks of the input, the host permission asked first thing in the click (a permission prompt
// needs the click's user gesture), then the background's command, whose refusal is said beside
// the field it names. "Save and connect" of the single account and the accounts list's add and
// edit forms all connect through here.
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import type { CommandResult } from '@/lib/messaging/protocol';
import {
  checkConnectionInput,
  describeConnectionError,
  type ConnectionField,
} from '@/lib/service/connection';
import { originHost, requiredHostPattern } from '@/lib/permissions/host-pattern';
import { SecretInput } from '@/components/options/SecretInput';
import { describedBy, errorId, hintId, TextField } from '@/components/form/TextField';

/**
 * Asks the browser for the service origin's host permission. Call it before anything else is
 * awaited in a click handler: the prompt needs the click's user gesture.
 */
export async function askHostPermission(origin: string): Promise<boolean> {
  try {
    return await browser.permissions.request({ origins: [requiredHostPattern(origin)] });
  } catch {
    return false;
  }
}

export type Outcome = { tone: 'success' | 'error' | 'info'; text: string } | null;

/** The ids of the two inputs (one form's; another on the page takes others). */
interface ConnectionIds {
  serviceUrl: string;
  apiKey: string;
}

interface Saved {
  serviceUrl: string;
  apiKey: string;
}

/** The background's command for a checked origin and key (saveConnection, addAccount). */
type Connect<V> = (serviceUrl: string, apiKey: string) => Promise<CommandResult<V>>;

export function useConnection(saved: Saved, ids: ConnectionIds) {
  const [serviceUrl, setServiceUrl] = useState(saved.serviceUrl);
  const [apiKey, setApiKey] = useState(saved.apiKey);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ConnectionField, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  // Until the person types, the form shows what is saved (it may change in another tab).
  useEffect(() => {
    if (dirty) return;
    setServiceUrl(saved.serviceUrl);
    setApiKey(saved.apiKey);
  }, [saved.serviceUrl, saved.apiKey, dirty]);

  function focusField(field: ConnectionField) {
    document.getElementById(field === 'serviceUrl' ? ids.serviceUrl : ids.apiKey)?.focus();
  }

  /**
   * Checks the input, asks the permission, then sends `connect`. Resolves with its value once
   * connected (what `said` makes of it is then on screen), or null (what went wrong is). Call it
   * in the submit handler before anything else is awaited.
   */
  async function submit<V>(connect: Connect<V>, said: (value: V) => Outcome): Promise<V | null> {
    if (busy) return null;
    const check = checkConnectionInput(serviceUrl, apiKey);
    if (!check.ok) {
      setErrors(check.errors);
      setOutcome(null);
      focusField(check.errors.serviceUrl ? 'serviceUrl' : 'apiKey');
      return null;
    }
    setErrors({});
    setBusy(true);
    setOutcome({ tone: 'info', text: t('optionsConnecting') });
    // The first await of the handler: the prompt needs this click's user gesture.
    const granted = await askHostPermission(check.origin);
    if (!granted) {
      setBusy(false);
      setOutcome({ tone: 'error', text: t('optionsPermissionRefused', originHost(check.origin)) });
      return null;
    }
    const reply = await connect(check.origin, check.apiKey);
    setBusy(false);
    // A later Save or a Disconnect took its place: what that one says stays on screen.
    if (!reply.ok && reply.error.kind === 'superseded') return null;
    if (reply.ok) {
      setServiceUrl(check.origin);
      setApiKey(check.apiKey);
      setDirty(false);
      setOutcome(said(reply.value));
      return reply.value;
    }
    const failure = describeConnectionError(reply.error);
    if (failure.field) {
      setErrors({ [failure.field]: failure.message });
      setOutcome({ tone: 'error', text: t('optionsConnectCheckField') });
      focusField(failure.field);
    } else {
      setOutcome({ tone: 'error', text: failure.message });
    }
    return null;
  }

  /** Back to what is saved, with nothing said (after a Disconnect). */
  function reset() {
    setDirty(false);
    setErrors({});
  }

  const edit = (field: ConnectionField, value: string) => {
    if (field === 'serviceUrl') setServiceUrl(value);
    else setApiKey(value);
    setDirty(true);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  return {
    serviceUrl,
    apiKey,
    errors,
    outcome,
    setOutcome,
    busy,
    submit,
    reset,
    focusField,
    edit,
    ids,
  };
}

type ConnectionController = ReturnType<typeof useConnection>;

/** The two inputs, each with its hint and the error the checks or the background gave it. */
export function ConnectionFields({ ctl }: { ctl: ConnectionController }) {
  const { ids, errors } = ctl;
  const keyError = errors.apiKey;
  return (
    <>
      <TextField
        id={ids.serviceUrl}
        label={t('optionsServiceUrlLabel')}
        hint={t('optionsServiceUrlHint')}
        value={ctl.serviceUrl}
        error={errors.serviceUrl}
        inputMode="url"
        spellcheck={false}
        onInput={(value) => ctl.edit('serviceUrl', value)}
      />
      <div class={keyError ? 'field invalid' : 'field'}>
        <label for={ids.apiKey}>{t('optionsApiKeyLabel')}</label>
        <SecretInput
          id={ids.apiKey}
          value={ctl.apiKey}
          invalid={Boolean(keyError)}
          describedBy={describedBy(ids.apiKey, true, keyError)}
          onInput={(value) => ctl.edit('apiKey', value)}
        />
        <p id={hintId(ids.apiKey)} class="hint">
          {t('optionsApiKeyHint')}
        </p>
        {keyError && (
          <p id={errorId(ids.apiKey)} class="field-error">
            {keyError}
          </p>
        )}
      </div>
    </>
  );
}

/** What the last connect or disconnect came to, read out as it changes. */
export function ConnectionOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <p
      role="status"
      class={outcome ? `outcome ${outcome.tone}` : 'outcome'}
      data-tone={outcome?.tone}
    >
      {outcome?.text}
    </p>
  );
}
