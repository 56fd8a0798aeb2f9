// @vitest-environment happy-dom
// The options page's triage parts over storage, as the background leaves them: the Muted list
// (what each rule hides, unmute and the list after it), the per-project switches, quiet hours kept
// in the preferences, and a backup exported then imported back.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseBackup } from '@/lib/backup/backup';
import { settingsItem, triageItem } from '@/lib/storage/items';
import { switchesOf, type MuteRule, type TriageState } from '@/lib/triage/triage-state';
import { stored, storeOf } from '../../support/mention-factory';
import { EMPTY_TRIAGE } from '../../support/triage-fixtures';
import { PROJECTS, row, useOptions } from '../../support/options-flow';
import { CONFIGURED, ok, renderOptions, seed } from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const options = useOptions();

const AUTHOR: MuteRule = {
  id: 'rq1',
  kind: 'author',
  value: 'Jane Doe',
  projectId: 1,
  createdAt: 2,
};
const SITE: MuteRule = {
  id: 'rq2',
  kind: 'site',
  value: 'spam.test',
  projectId: null,
  createdAt: 1,
};
const TRIAGE: TriageState = {
  ...EMPTY_TRIAGE,
  muteRules: [AUTHOR, SITE],
  projectSwitches: { '2': { notify: false, badge: true } },
};
const STORE = storeOf(
  stored({ id: 10, project_id: 1, author: 'Jane Doe' }),
  stored({ id: 11, project_id: 1, author: 'Jane Doe', read: true }),
  stored({ id: 12, project_id: 2, author: 'Jane Doe', url: 'https://www.spam.test/x' }),
  stored({ id: 13, project_id: 3 }),
);

/** What the background does on these commands: writes the triage state (the page follows it). */
function backgroundWritesTriage() {
  options.background.answers.unmute = async (data) => {
    const { ruleId } = data as { ruleId: string };
    const state = await triageItem(FIRST_ACCOUNT).read();
    await triageItem(FIRST_ACCOUNT).setValue({
      ...state,
      muteRules: state.muteRules.filter((r) => r.id !== ruleId),
    });
    return ok(null);
  };
  options.background.answers.setProjectSwitches = async (data) => {
    const { projectId, ...change } = data as {
      projectId: number;
      notify?: boolean;
      badge?: boolean;
    };
    const state = await triageItem(FIRST_ACCOUNT).read();
    const switches = { ...switchesOf(state, projectId), ...change };
    await triageItem(FIRST_ACCOUNT).setValue({
      ...state,
      projectSwitches: { ...state.projectSwitches, [projectId]: switches },
    });
    return ok(null);
  };
}

beforeEach(async () => {
  await seed({ projects: PROJECTS, store: STORE });
  await triageItem(FIRST_ACCOUNT).setValue(TRIAGE);
  backgroundWritesTriage();
});

const muted = () => screen.getByRole('region', { name: /^Muted/ });

describe('the options page’s triage parts', () => {
  it('lists the rules with their scope and what they hide, under "Muted"', async () => {
    await renderOptions();
    const section = muted();
    expect(within(section).getByText('Author: Jane Doe')).toBeTruthy();
    expect(within(section).getByText('Acme')).toBeTruthy();
    expect(within(section).getByText('All projects')).toBeTruthy();
    await within(section).findByText('Hides 2 stored mentions');
    expect(within(section).getByText('Hides 1 stored mention')).toBeTruthy();
  });

  it('unmutes a rule: the list follows storage and focus moves to the next rule', async () => {
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Unmute author Jane Doe' }));
    await waitFor(() => expect(within(muted()).queryByText('Author: Jane Doe')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Unmute site spam.test' }),
      ),
    );
    expect(within(muted()).getByText('Unmuted author Jane Doe.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unmute site spam.test' }));
    await within(muted()).findByText('Nothing is muted.');
  });

  it('shows each project’s switches as stored, and keeps a change', async () => {
    await renderOptions();
    const notify = (name: string) =>
      within(row(name)).getByRole('switch', { name: `Notify on this computer: ${name}` });
    const badge = (name: string) =>
      within(row(name)).getByRole('switch', { name: `Count on the badge: ${name}` });
    expect(notify('Acme')).toHaveProperty('checked', true);
    expect(notify('Acme backlinks')).toHaveProperty('checked', false);
    fireEvent.click(badge('Acme'));
    await waitFor(async () =>
      expect((await triageItem(FIRST_ACCOUNT).read()).projectSwitches['1']).toEqual({
        notify: true,
        badge: false,
      }),
    );
    expect(badge('Acme')).toHaveProperty('checked', false);
    expect(options.background.last('setProjectSwitches')).toEqual({ projectId: 1, badge: false });
  });

  it('shows quiet hours as stored, beside the other preferences', async () => {
    await settingsItem.setValue({
      ...CONFIGURED,
      quietHours: { enabled: true, start: 21 * 60, end: 6 * 60 + 30 },
    });
    await renderOptions();
    expect(screen.getByRole('switch', { name: 'Quiet hours' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Quiet hours start')).toHaveProperty('value', '21:00');
    expect(screen.getByLabelText('Quiet hours end')).toHaveProperty('value', '06:30');
  });

  it('exports a backup the import takes back, sent as it was checked', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    const blobOf = vi.spyOn(globalThis, 'Blob');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    options.background.answers.importSettings = () =>
      ok({ muteRules: 0, projectSwitches: 1, saved: 0, apiKey: false });
    await renderOptions();
    const backup = screen.getByRole('region', { name: 'Backup' });
    fireEvent.click(within(backup).getByRole('button', { name: 'Export settings' }));
    await within(backup).findByText(/^Exported to mention-monitor-settings-/);
    const exported = String((blobOf.mock.calls[0][0] as BlobPart[])[0]);
    const parsed = parseBackup(JSON.parse(exported));
    expect(parsed.ok && parsed.value.muteRules).toEqual([AUTHOR, SITE]);

    const input = within(backup).getByLabelText('Import settings');
    const file = new File([exported], 'settings.json', { type: 'application/json' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
    await within(backup).findByText(/^Imported the preferences, 0 mute rules/);
    expect(options.background.last('importSettings')).toEqual({
      backup: parsed.ok && parsed.value,
    });
  });
});
