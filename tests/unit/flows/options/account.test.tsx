// @vitest-environment happy-dom
// The options page after the account changed in another tab: the edit view saves under the
// account it loaded the project from (so the background refuses it, and the page says to reload),
// and a project's statistics are always the shown account's, though ids of two services collide.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, expect, it, vi } from 'vitest';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/messenger';
import { accountFingerprint } from '@/lib/service/connection';
import { settingsItem } from '@/lib/storage/items';
import { PROJECTS, STORE, useOptions } from '../../support/options-flow';
import { CONFIGURED, fail, ok, renderOptions, seed, SERVICE_URL } from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const options = useOptions();
const ACCOUNT_B = { ...CONFIGURED, apiKey: 'key-of-account-b' };

/** The account each command of `type` carried, as sent on the wire. */
function accountsSent(type: string): unknown[] {
  return vi
    .mocked(sendMessage)
    .mock.calls.filter(([sent]) => sent === type)
    .map(([, data]) => (data as { account?: unknown }).account);
}

beforeEach(async () => {
  await seed({ projects: PROJECTS, store: STORE });
});

it('saves an edit under the account it was loaded from, and says to reload after a switch', async () => {
  const accountA = await accountFingerprint(SERVICE_URL, CONFIGURED.apiKey);
  options.background.answers.getProject = () => ok({ ...PROJECTS[0], fields: {} });
  // The background's rule: a command for another account than the settings' is refused.
  options.background.answers.editProject = () => fail('superseded', t('bgAccountChanged'));
  await renderOptions('#project=1');
  await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme'));

  // Another tab connects to account B; this view still holds account A's project.
  await settingsItem.setValue(ACCOUNT_B);
  fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

  await screen.findByText(t('bgAccountChanged'), { exact: false });
  expect(accountsSent('getProject')).toEqual([accountA]);
  expect(accountsSent('editProject')).toEqual([accountA]);
});

it('asks for a project’s statistics again when the account changes under the same id', async () => {
  const accountA = await accountFingerprint(SERVICE_URL, CONFIGURED.apiKey);
  const accountB = await accountFingerprint(SERVICE_URL, ACCOUNT_B.apiKey);
  // The service behind the settings as they are when asked: each account's project 1.
  options.background.answers.getProjectStats = async () => {
    const { apiKey } = await settingsItem.getValue();
    const total = apiKey === CONFIGURED.apiKey ? '111' : '222';
    return ok({ rows: [{ key: 'total_mentions', value: total }] });
  };
  await renderOptions();
  fireEvent.click(screen.getByRole('button', { name: 'Statistics for Acme' }));
  const region = await screen.findByRole('region', { name: 'Statistics of Acme' });
  await waitFor(() => expect(within(region).getByText('111')).toBeTruthy());

  // Account B has a project with the same id (and name): its statistics, not A's, are shown.
  await settingsItem.setValue(ACCOUNT_B);
  await waitFor(() =>
    expect(
      within(screen.getByRole('region', { name: 'Statistics of Acme' })).getByText('222'),
    ).toBeTruthy(),
  );
  expect(accountsSent('getProjectStats')).toEqual([accountA, accountB]);
});
