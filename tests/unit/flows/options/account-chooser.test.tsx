// @vitest-environment happy-dom
// The options page with several accounts: the "Account" chooser picks whose status, time zone,
// projects and muted rules are shown, and every command for that account's data names it by id
// and fingerprint; the add form asks which account the project goes to.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sendMessage } from '@/lib/messaging/messenger';
import { accountFingerprint } from '@/lib/service/connection';
import { row, useOptions } from '../../support/options-flow';
import {
  CLIENT_B,
  CONFIGURED,
  ok,
  project,
  renderOptions,
  seed,
  seedAccount,
  SERVICE_URL,
  TWO_ACCOUNTS,
} from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const options = useOptions();

/** Each command of `type` as sent on the wire, the fingerprint included. */
function sent(type: string): unknown[] {
  return vi
    .mocked(sendMessage)
    .mock.calls.filter(([name]) => name === type)
    .map(([, data]) => data);
}

const chooser = () => screen.getByRole('combobox', { name: 'Account' });

beforeEach(async () => {
  await seed({ settings: TWO_ACCOUNTS, projects: [project(1, 'Acme')] });
  await seedAccount(CLIENT_B.id, { projects: [project(1, 'Beta'), project(2, 'Beta blog')] });
});

describe('the account chooser', () => {
  it('shows the first account’s projects, then the chosen one’s', async () => {
    await renderOptions();
    expect(chooser()).toHaveProperty('value', '1');
    expect(
      within(chooser())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['mentions.example.com', 'Client B']);
    expect(row('Acme')).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Status of mentions.example.com' }),
    ).toBeTruthy();
    // The chooser stays where it is while the other account's data is read: focus stays on it.
    chooser().focus();
    fireEvent.change(chooser(), { target: { value: '2' } });
    await waitFor(() => expect(row('Beta')).toBeTruthy());
    expect(row('Beta blog')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Acme' })).toBeNull();
    expect(screen.getByText('2 projects')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Status of Client B' })).toBeTruthy();
    expect(document.activeElement).toBe(chooser());
  });

  it('sends the chosen account’s id and fingerprint with its projects’ commands', async () => {
    const fingerprintB = await accountFingerprint(CLIENT_B.serviceUrl, CLIENT_B.apiKey);
    options.background.answers.getProjectStats = () => ok({ rows: [] });
    options.background.answers.removeProject = () => ok(null);
    await renderOptions();
    fireEvent.change(chooser(), { target: { value: '2' } });
    await waitFor(() => expect(row('Beta')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Statistics for Beta' }));
    await waitFor(() => expect(sent('getProjectStats')).toHaveLength(1));
    expect(sent('getProjectStats')).toEqual([
      { projectId: 1, account: fingerprintB, accountId: '2' },
    ]);
    fireEvent.click(within(row('Beta blog')).getByRole('button', { name: 'Remove Beta blog' }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove project' }),
    );
    await waitFor(() => expect(sent('removeProject')).toHaveLength(1));
    expect(sent('removeProject')).toEqual([
      { projectId: 2, account: fingerprintB, accountId: '2' },
    ]);
  });

  it('checks the chosen account from its status panel, named by its id', async () => {
    options.background.answers.pollNow = () => ok({ polled: true });
    await renderOptions();
    fireEvent.change(chooser(), { target: { value: '2' } });
    const panel = (
      await screen.findByRole('heading', { level: 3, name: 'Status of Client B' })
    ).closest('section') as HTMLElement;
    fireEvent.click(within(panel).getByRole('button', { name: 'Check now Client B' }));
    await waitFor(() => expect(options.background.types()).toEqual(['pollNow']));
    expect(options.background.last('pollNow')).toEqual({ accountId: '2' });
  });

  it('sets the chosen account’s service time zone', async () => {
    options.background.answers.setServiceClockOverride = () => ok(null);
    await renderOptions();
    fireEvent.change(chooser(), { target: { value: '2' } });
    await waitFor(() => expect(row('Beta')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Service time zone'), { target: { value: '60' } });
    await waitFor(() => expect(options.background.types()).toEqual(['setServiceClockOverride']));
    expect(options.background.last('setServiceClockOverride')).toEqual({
      overrideMinutes: 60,
      accountId: '2',
    });
  });

  it('names the first account by its id too, once there are several', async () => {
    const fingerprintA = await accountFingerprint(SERVICE_URL, CONFIGURED.apiKey);
    options.background.answers.getProjectStats = () => ok({ rows: [] });
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Statistics for Acme' }));
    await waitFor(() => expect(sent('getProjectStats')).toHaveLength(1));
    expect(sent('getProjectStats')).toEqual([
      { projectId: 1, account: fingerprintA, accountId: '1' },
    ]);
  });
});

describe('the add form', () => {
  it('asks which account, and adds the project to the one chosen', async () => {
    const fingerprintB = await accountFingerprint(CLIENT_B.serviceUrl, CLIENT_B.apiKey);
    options.background.answers.addProject = () => ok({ projectId: 9 });
    await renderOptions('#add=backlinks&domain=www.acme.test');
    const account = screen.getByRole('combobox', { name: 'Account' });
    expect(account).toHaveProperty('required', true);
    expect(account).toHaveProperty('value', '1');
    fireEvent.change(account, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(sent('addProject')).toHaveLength(1));
    expect(sent('addProject')[0]).toMatchObject({
      input: { name: 'www.acme.test', type: 'backlinks' },
      accountId: '2',
      account: fingerprintB,
    });
    // Back on the list, which shows the account the project went to.
    await screen.findByText('Added “www.acme.test”. Its mentions appear after the next check.');
    expect(chooser()).toHaveProperty('value', '2');
  });

  it('asks nothing of a person with one account', async () => {
    await seed({ projects: [project(1, 'Acme')] });
    await renderOptions('#add=backlinks&domain=www.acme.test');
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });
});
