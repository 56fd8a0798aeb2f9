// One account's form in the accounts list: a new account (addAccount) or an account's edit
// (saveConnection with its id), with the same address and key fields and checks as the single
// account's card, and the name the person gives it. Esc cancels.
import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { MAX_LABEL_LENGTH } from '@/lib/settings/settings';
import type { Account } from '@/lib/accounts/accounts';
import { TextField } from '@/components/form/TextField';
import {
  ConnectionFields,
  ConnectionOutcome,
  useConnection,
} from '@/components/options/ConnectionFields';

/** The account an edit is of: its id as commands name it and the name it goes by. */
export interface EditedAccount extends Account {
  commandId: string | undefined;
  name: string;
}

interface AccountFormProps {
  /** The account edited; none for a new one. */
  account?: EditedAccount;
  /** Connected and saved: the account's id. */
  onDone(accountId: string): void;
  onCancel(): void;
}

const EMPTY = { serviceUrl: '', apiKey: '' };

export function AccountForm({ account, onDone, onCancel }: AccountFormProps) {
  const prefix = account ? `account-${account.id}` : 'new-account';
  const ctl = useConnection(account ?? EMPTY, {
    serviceUrl: `${prefix}-service-url`,
    apiKey: `${prefix}-api-key`,
  });
  const [label, setLabel] = useState(account?.label ?? '');
  const headingId = `${prefix}-form-heading`;

  async function submit(event: Event) {
    event.preventDefault();
    const name = label.trim();
    if (account) {
      const saved = await ctl.submit(
        (serviceUrl, apiKey) =>
          callBackground('saveConnection', {
            serviceUrl,
            apiKey,
            label: name,
            ...(account.commandId && { accountId: account.commandId }),
          }),
        () => null,
      );
      if (saved) onDone(account.id);
      return;
    }
    const added = await ctl.submit(
      (serviceUrl, apiKey) =>
        callBackground('addAccount', { serviceUrl, apiKey, ...(name && { label: name }) }),
      () => null,
    );
    if (added) onDone(added.accountId);
  }

  return (
    <form
      class="account-form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || ctl.busy) return;
        event.preventDefault();
        onCancel();
      }}
    >
      <h4 id={headingId}>
        {account ? t('optionsEditAccountHeading', account.name) : t('optionsAddAccountHeading')}
      </h4>
      <TextField
        id={`${prefix}-label`}
        label={t('optionsAccountLabel')}
        hint={t('optionsAccountLabelHint')}
        value={label}
        onInput={(value) => setLabel(value.slice(0, MAX_LABEL_LENGTH))}
      />
      <ConnectionFields ctl={ctl} />
      <div class="actions">
        <button type="submit" class="primary" aria-disabled={ctl.busy ? 'true' : undefined}>
          {ctl.busy
            ? t('optionsConnectingButton')
            : account
              ? t('optionsSaveAndConnect')
              : t('optionsAddAccount')}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          {t('optionsCancel')}
        </button>
      </div>
      <ConnectionOutcome outcome={ctl.outcome} />
    </form>
  );
}
