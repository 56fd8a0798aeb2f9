// The connection card, for one account or several. A person with one account sees the card of
// old (ConnectionForm) with "Add account" beside; once there is more than one account, or once
// "Add account" is chosen, the card is a list: each account with its name, host and state, and its
// own "Check now", "Edit" and "Remove account" (a confirmation that names it; the background then
// removes its data, token and permission). Focus follows: to the new account's row after an add,
// to "Add account" after a removal.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  accountNames,
  accountSettings,
  commandAccountId,
  listAccounts,
  type Account,
} from '@/lib/accounts/accounts';
import { attentionFrom } from '@/lib/badge/badge-state';
import { t, type MessageKey } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { originHost } from '@/lib/permissions/host-pattern';
import type { Settings } from '@/lib/settings/settings';
import { syncStatusItem } from '@/lib/storage/items';
import { useStored } from '@/lib/storage/use-stored';
import type { SyncStatus } from '@/lib/sync/status';
import { readSyncStatus } from '@/lib/sync/status-storage';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { AccountForm, type EditedAccount } from '@/components/options/AccountForm';
import { ADD_ACCOUNT_ID, ConnectionForm } from '@/components/options/ConnectionForm';
import { useCheckNow } from '@/components/options/StatusPanel';

type AccountState =
  'connected' | 'checking' | 'key-rejected' | 'permission-missing' | 'unreachable' | 'paused';

const STATE_WORDS: Record<AccountState, MessageKey> = {
  connected: 'optionsAccountStateConnected',
  checking: 'optionsAccountStateChecking',
  'key-rejected': 'optionsAccountStateKeyRejected',
  'permission-missing': 'optionsAccountStatePermissionMissing',
  unreachable: 'optionsAccountStateUnreachable',
  paused: 'optionsAccountStatePaused',
};

/** An account's state from its status, by the badge's rule of what needs attention first. */
function accountState(status: SyncStatus | undefined, checking: boolean): AccountState {
  if (checking || !status) return 'checking';
  const attention = attentionFrom({
    configured: true,
    permissionGranted: !status.permissionMissing,
    keyRejected: status.keyRejected,
    serviceFailing: status.schedule.attention,
  });
  if (attention !== null && attention !== 'not-set-up') return attention;
  // Failed, but not often enough to call the service unreachable: the next check waits longer.
  if (status.schedule.consecutiveFailures > 0) return 'paused';
  if (status.schedule.lastSuccessAt === null && status.lastPollAt === null) return 'checking';
  return 'connected';
}

const rowId = (id: string) => `account-${id}`;
const nameId = (id: string) => `account-${id}-name`;

interface ListedAccount extends EditedAccount {
  host: string;
}

interface AccountRowProps {
  account: ListedAccount;
  editing: boolean;
  onEdit(): void;
  onRemove(): void;
  onSaved(): void;
  onCancelEdit(): void;
}

function AccountRow({
  account,
  editing,
  onEdit,
  onRemove,
  onSaved,
  onCancelEdit,
}: AccountRowProps) {
  const { id, name } = account;
  const read = useCallback(() => readSyncStatus(id), [id]);
  const status = useStored(syncStatusItem(id), read);
  const { checking, result, checkNow } = useCheckNow(account.commandId);
  const state = accountState(status, checking);
  return (
    <li class="account" id={rowId(id)}>
      <div class="account-summary">
        <div class="account-text">
          <h4 id={nameId(id)} class="account-name" tabIndex={-1}>
            {name}
          </h4>
          <p class="account-host">{account.host}</p>
          <p class="account-state" data-state={state}>
            {t(STATE_WORDS[state])}
          </p>
        </div>
        <div class="account-actions">
          <button
            type="button"
            class="secondary"
            aria-disabled={checking ? 'true' : undefined}
            onClick={checkNow}
          >
            {t('optionsAccountCheckNow', name)}
          </button>
          <button
            type="button"
            class="secondary"
            id={`${rowId(id)}-edit`}
            aria-expanded={editing ? 'true' : 'false'}
            onClick={onEdit}
          >
            {t('optionsAccountEdit', name)}
          </button>
          <button type="button" class="danger" id={`${rowId(id)}-remove`} onClick={onRemove}>
            {t('optionsAccountRemove', name)}
          </button>
        </div>
      </div>
      <p role="status" class={result ? `outcome ${result.tone}` : 'outcome'}>
        {result?.text}
      </p>
      {editing && <AccountForm account={account} onDone={onSaved} onCancel={onCancelEdit} />}
    </li>
  );
}

type Form = null | { kind: 'add' } | { kind: 'edit'; id: string };
type Notice = null | { text: string } | { id: string; key: MessageKey };
type Removing = null | { account: ListedAccount; busy: boolean; error?: string };

export function Accounts({ settings }: { settings: Settings }) {
  const [listOpen, setListOpen] = useState(false);
  const [form, setForm] = useState<Form>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // Where focus goes once the element is on the page (a new row comes with the settings).
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfter.current;
    const element = id ? document.getElementById(id) : null;
    if (element) {
      focusAfter.current = null;
      element.focus();
    }
  });

  const accounts = listAccounts(settings);
  const names = accountNames(accounts, (place) => t('accountNumbered', String(place)));
  const listed = accounts.map((account: Account): ListedAccount => ({
    ...account,
    name: names.get(account.id) ?? account.id,
    host: originHost(account.serviceUrl),
    commandId: commandAccountId(settings, account.id),
  }));

  const open = (next: Form, focus: string) => {
    focusAfter.current = focus;
    setNotice(null);
    setForm(next);
  };
  const openAdd = () => {
    setListOpen(true);
    open({ kind: 'add' }, 'new-account-label');
  };

  if (listed.length === 0 || (listed.length === 1 && !listOpen)) {
    const only = listed[0];
    return (
      <ConnectionForm
        settings={only ? accountSettings(settings, only.id) : settings}
        accountId={only?.commandId}
        onAddAccount={openAdd}
      />
    );
  }

  async function remove() {
    if (!removing) return;
    const { account } = removing;
    setRemoving({ account, busy: true });
    // The list stays while the page is open, with what was done said under it, even with one left.
    setListOpen(true);
    const reply = await callBackground('disconnect', { accountId: account.id });
    if (!reply.ok) {
      setRemoving({
        account,
        busy: false,
        error: t('optionsDisconnectFailed', reply.error.message),
      });
      return;
    }
    setRemoving(null);
    setForm(null);
    setNotice({ text: t('optionsAccountRemoved', account.name) });
    focusAfter.current = listed.length > 1 ? ADD_ACCOUNT_ID : 'service-url';
  }

  const noticeName = notice && 'id' in notice ? names.get(notice.id) : undefined;
  const noticeText =
    notice === null
      ? null
      : 'text' in notice
        ? notice.text
        : // Said once the account's settings (and so its name) are on the page.
          noticeName && t(notice.key, noticeName);

  return (
    <div class="card accounts">
      <h3 id="accounts-heading" tabIndex={-1}>
        {t('optionsAccountsHeading')}
      </h3>
      <ul class="account-list" aria-labelledby="accounts-heading">
        {listed.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            editing={form?.kind === 'edit' && form.id === account.id}
            onEdit={() => open({ kind: 'edit', id: account.id }, `account-${account.id}-label`)}
            onRemove={() => setRemoving({ account, busy: false })}
            onSaved={() => {
              focusAfter.current = nameId(account.id);
              setForm(null);
              setNotice({ id: account.id, key: 'optionsAccountSaved' });
            }}
            onCancelEdit={() => {
              focusAfter.current = `${rowId(account.id)}-edit`;
              setForm(null);
            }}
          />
        ))}
      </ul>
      {form?.kind === 'add' ? (
        <AccountForm
          onDone={(id) => {
            focusAfter.current = nameId(id);
            setForm(null);
            setNotice({ id, key: 'optionsAccountAdded' });
          }}
          onCancel={() => {
            focusAfter.current = ADD_ACCOUNT_ID;
            setForm(null);
            // Back to the one account's card it was opened from.
            if (listed.length === 1) setListOpen(false);
          }}
        />
      ) : (
        <div class="actions">
          <button type="button" class="secondary" id={ADD_ACCOUNT_ID} onClick={openAdd}>
            {t('optionsAddAccount')}
          </button>
        </div>
      )}
      <p role="status" class={noticeText ? 'notice' : 'notice empty'}>
        {noticeText}
      </p>
      {removing && (
        <ConfirmDialog
          title={t('optionsAccountRemoveTitle', removing.account.name)}
          message={t('optionsAccountRemoveMessage', removing.account.name)}
          confirmLabel={t('optionsAccountRemoveConfirm')}
          busy={removing.busy}
          error={removing.error}
          danger
          onConfirm={remove}
          onCancel={() => {
            focusAfter.current = `${rowId(removing.account.id)}-remove`;
            setRemoving(null);
          }}
        />
      )}
    </div>
  );
}
