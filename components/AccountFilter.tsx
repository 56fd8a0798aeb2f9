// Filter by account, beside the project filter, when there are several; each option carries its
// unread count.
import { t, uiLanguage } from '@/lib/i18n';

interface AccountChoice {
  id: string;
  name: string;
  unread: number;
}

interface AccountFilterProps {
  accounts: readonly AccountChoice[];
  totalUnread: number;
  value: string | null;
  onChange(account: string | null): void;
}

export function AccountFilter(props: AccountFilterProps) {
  const format = new Intl.NumberFormat(uiLanguage());
  return (
    <label class="field field--account">
      <span class="field__label">{t('popupAccountFilter')}</span>
      <select
        class="field__select"
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.currentTarget.value || null)}
      >
        <option value="">{t('popupAllAccounts', format.format(props.totalUnread))}</option>
        {props.accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {t('popupAccountOption', [account.name, format.format(account.unread)])}
          </option>
        ))}
      </select>
    </label>
  );
}
