// "Account": the select that picks one of several accounts, each by the name it goes by (the
// chooser of whose projects the options page shows, and the add form's account).
import type { Account } from '@/lib/accounts/accounts';
import { t } from '@/lib/i18n';
import { hintId } from '@/components/form/TextField';

interface AccountSelectProps {
  id: string;
  /** The accounts in their order, and the name each goes by (accountNames). */
  accounts: readonly Account[];
  names: ReadonlyMap<string, string>;
  value: string;
  hint: string;
  onChange(accountId: string): void;
}

export function AccountSelect({ id, accounts, names, value, hint, onChange }: AccountSelectProps) {
  return (
    <div class="field account-select">
      <label for={id}>{t('optionsAccountChooser')}</label>
      <select
        id={id}
        required
        value={value}
        aria-describedby={hintId(id)}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {names.get(account.id) ?? account.id}
          </option>
        ))}
      </select>
      <p id={hintId(id)} class="hint">
        {hint}
      </p>
    </div>
  );
}
