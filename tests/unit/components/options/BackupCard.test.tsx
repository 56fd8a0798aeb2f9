// @vitest-environment happy-dom
// The Backup section: export downloads the settings as a JSON file (the key only when ticked);
// import checks a chosen file first, lists its problems and sends nothing when it has any, else
// hands it to the background and says what came in. A key that would connect a browser with no
// account asks first, for the permission prompt's click.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackupCard } from '@/components/options/BackupCard';
import { buildBackup } from '@/lib/backup/backup';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { savedMentionsItem, triageItem } from '@/lib/storage/items';
import type { TriageState } from '@/lib/triage/triage-state';
import { EMPTY_TRIAGE } from '../../support/triage-fixtures';
import {
  CONFIGURED,
  fail,
  installBackground,
  ok,
  type Background,
} from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const TRIAGE: TriageState = {
  ...EMPTY_TRIAGE,
  muteRules: [{ id: 'rb1', kind: 'author', value: 'Jane Doe', projectId: null, createdAt: 5 }],
  projectSwitches: { '3': { notify: false, badge: true } },
};
const IMPORTED = { muteRules: 1, projectSwitches: 1, saved: 0, apiKey: false };

let background: Background;
let downloads: { name: string; blob: Blob }[];
let permissions: { request: Mock; contains: Mock };

beforeEach(async () => {
  fakeBrowser.reset();
  background = installBackground();
  background.answers.importSettings = () => ok(IMPORTED);
  await triageItem(FIRST_ACCOUNT).setValue(TRIAGE);
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  permissions = { request: vi.fn(async () => true), contains: vi.fn(async () => false) };
  (fakeBrowser as unknown as { permissions: unknown }).permissions = permissions;
});
afterEach(() => cleanup());

const fileInput = () => screen.getByLabelText('Import settings') as HTMLInputElement;
function choose(content: string | object, name = 'backup.json') {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  const file = new File([text], name, { type: 'application/json' });
  Object.defineProperty(fileInput(), 'files', { value: [file], configurable: true });
  fireEvent.change(fileInput());
}
const goodBackup = (includeApiKey = false) =>
  JSON.parse(
    JSON.stringify(buildBackup(CONFIGURED, TRIAGE, { items: [] }, { includeApiKey })),
  ) as Record<string, unknown>;
const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `mention-monitor-settings-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.json`;
};

describe('export', () => {
  it('downloads the settings without the API key, named by the date', async () => {
    render(<BackupCard settings={CONFIGURED} />);
    expect(screen.getByRole('checkbox', { name: 'Include the API key' })).toHaveProperty(
      'checked',
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export settings' }));
    await screen.findByText(`Exported to ${today()}.`);
    expect(downloads.map((d) => d.name)).toEqual([today()]);
    const file = JSON.parse(await downloads[0].blob.text()) as Record<string, unknown>;
    expect(file).toEqual({ ...goodBackup(), exportedAt: file.exportedAt });
    expect(file).not.toHaveProperty('apiKey');
    expect(background.calls).toEqual([]);
  });

  it('includes the API key only when ticked, and says to keep the file private', async () => {
    await savedMentionsItem(FIRST_ACCOUNT).setValue({ items: [] });
    render(<BackupCard settings={CONFIGURED} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include the API key' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export settings' }));
    await screen.findByText(`Exported to ${today()}, with the API key: keep the file private.`);
    const file = JSON.parse(await downloads[0].blob.text()) as Record<string, unknown>;
    expect(file.apiKey).toBe(CONFIGURED.apiKey);
  });
});

describe('import', () => {
  it('opens the file chooser from its button', () => {
    render(<BackupCard settings={CONFIGURED} />);
    const click = vi.spyOn(fileInput(), 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Import settings' }));
    expect(click).toHaveBeenCalledOnce();
  });

  it('hands a good file to the background and says what came in', async () => {
    render(<BackupCard settings={CONFIGURED} />);
    const file = goodBackup();
    choose(file);
    await screen.findByText(
      'Imported the preferences, 1 mute rule, the switches of 1 project and 0 saved mentions.',
    );
    expect(background.types()).toEqual(['importSettings']);
    const sent = background.last('importSettings') as { backup: Record<string, unknown> };
    expect(sent.backup).toEqual(file);
  });

  it('lists a bad file’s problems and sends nothing', async () => {
    render(<BackupCard settings={CONFIGURED} />);
    const bad = goodBackup();
    (bad.muteRules as Record<string, unknown>[])[0].kind = 'user';
    bad.savedIds = ['nope'];
    choose(bad);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h3')?.textContent).toBe(
      'Nothing was imported: the file has these problems.',
    );
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Mute rule 1: the kind must be author, site or phrase.',
      'Saved mention 1: “nope” is not a project id and a mention id (like 12:345).',
    ]);
    expect(background.calls).toEqual([]);
  });

  it('refuses what is not JSON, and a file over 2 MB', async () => {
    render(<BackupCard settings={CONFIGURED} />);
    choose('not json at all');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This file is not a Mention Monitor settings backup.',
    );
    choose('x'.repeat(2 * 1024 * 1024 + 1));
    await screen.findByText('This file is larger than 2 MB: it is not a settings backup.');
    expect(background.calls).toEqual([]);
  });

  it('refuses a file nested far too deep in words, sends nothing, and can import again', async () => {
    render(<BackupCard settings={CONFIGURED} />);
    const good = JSON.stringify(goodBackup());
    // About 400 KB: a saved id nested 200,000 lists deep.
    choose(
      good.replace('"savedIds":[', `"savedIds":[${'['.repeat(200_000)}${']'.repeat(200_000)},`),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h3')?.textContent).toBe(
      'Nothing was imported: the file has these problems.',
    );
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'This file nests its values far deeper than a settings backup does: it is not a settings backup.',
    ]);
    expect(background.calls).toEqual([]);
    const button = screen.getByRole('button', { name: 'Import settings' });
    expect(button.getAttribute('aria-disabled')).toBeNull();

    choose(good);
    await screen.findByText(
      'Imported the preferences, 1 mute rule, the switches of 1 project and 0 saved mentions.',
    );
    expect(background.types()).toEqual(['importSettings']);
  });

  it('says why when the background refuses, and that nothing changed', async () => {
    background.answers.importSettings = () => fail('storage', 'Storage is full.');
    render(<BackupCard settings={CONFIGURED} />);
    choose(goodBackup());
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h3')?.textContent).toBe('Nothing was imported.');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Storage is full.',
    ]);
  });

  it('lists the background’s own problems with a file one a line', async () => {
    background.answers.importSettings = () =>
      fail('invalid-input', 'This file was not imported; nothing changed.\nMute rule 1: odd.\n');
    render(<BackupCard settings={CONFIGURED} />);
    choose(goodBackup());
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'This file was not imported; nothing changed.',
      'Mute rule 1: odd.',
    ]);
  });

  it('says the key was left out when this browser is connected already', async () => {
    render(<BackupCard settings={CONFIGURED} />);
    choose(goodBackup(true));
    await screen.findByText(/The API key in the file was left out: this browser is connected/);
    expect(permissions.request).not.toHaveBeenCalled();
  });

  it('asks before a key connects a browser with no account, then asks the browser and imports', async () => {
    background.answers.importSettings = () => ok({ ...IMPORTED, apiKey: true });
    render(<BackupCard settings={DEFAULT_SETTINGS} />);
    choose(goodBackup(true));
    const dialog = await screen.findByRole('dialog', {
      name: 'Connect with the backup’s API key?',
    });
    expect(dialog.textContent).toContain('This backup holds an API key for mentions.example.com.');
    expect(background.calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Import and connect' }));
    await screen.findByText(/The API key was imported too\.$/);
    expect(permissions.request).toHaveBeenCalledWith({
      origins: ['https://mentions.example.com/*'],
    });
    expect(background.types()).toEqual(['importSettings']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Import settings' })),
    );
  });

  it('imports without asking when the browser may reach the service already', async () => {
    permissions.contains.mockResolvedValue(true);
    render(<BackupCard settings={DEFAULT_SETTINGS} />);
    choose(goodBackup(true));
    await waitFor(() => expect(background.types()).toEqual(['importSettings']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('changes nothing when the question is declined, or the browser refuses', async () => {
    render(<BackupCard settings={DEFAULT_SETTINGS} />);
    choose(goodBackup(true));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Import cancelled: nothing changed.');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Import settings' })),
    );

    permissions.request.mockResolvedValue(false);
    choose(goodBackup(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Import and connect' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Mention Monitor needs your permission to reach mentions.example.com.',
    );
    expect(background.calls).toEqual([]);
  });
});

describe('several accounts', () => {
  const CLIENT = {
    id: '2',
    label: 'Client B',
    serviceUrl: 'https://client.example',
    apiKey: 'client-key',
  };
  const SEVERAL = { ...CONFIGURED, accounts: [CLIENT] };

  it('exports each account’s own rules after the first, named and addressed', async () => {
    const theirs = { ...EMPTY_TRIAGE, muteRules: [{ ...TRIAGE.muteRules[0], id: 'rc1' }] };
    await triageItem('2').setValue(theirs);
    render(<BackupCard settings={SEVERAL} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export settings' }));
    await screen.findByText(`Exported to ${today()}.`);
    const file = JSON.parse(await downloads[0].blob.text()) as Record<string, unknown>;
    expect(file.muteRules).toEqual(TRIAGE.muteRules);
    expect(file.accounts).toEqual([
      {
        muteRules: theirs.muteRules,
        projectSwitches: {},
        savedIds: [],
        serviceUrl: CLIENT.serviceUrl,
        label: 'Client B',
      },
    ]);
  });

  it('puts every account’s key in the file when ticked, and speaks of keys', async () => {
    render(<BackupCard settings={SEVERAL} />);
    expect(screen.queryByRole('checkbox', { name: 'Include the API key' })).toBeNull();
    const box = screen.getByRole('checkbox', { name: 'Include the API keys' });
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText('Anyone with such a file can use your accounts: keep it private.');
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Export settings' }));
    await screen.findByText(`Exported to ${today()}, with the API keys: keep the file private.`);
    const file = JSON.parse(await downloads[0].blob.text()) as {
      apiKey?: string;
      accounts: { apiKey?: string }[];
    };
    expect(file.apiKey).toBe(CONFIGURED.apiKey);
    expect(file.accounts.map((account) => account.apiKey)).toEqual([CLIENT.apiKey]);
  });

  it('asks once for every service a file of several would add, then says what it added', async () => {
    background.answers.importSettings = () => ok({ ...IMPORTED, accounts: 2, leftOut: 1 });
    render(<BackupCard settings={CONFIGURED} />);
    const file = {
      ...goodBackup(),
      accounts: [
        { ...CLIENT, id: undefined, muteRules: [], projectSwitches: {}, savedIds: [] },
        {
          serviceUrl: 'https://third.example',
          apiKey: 'k3',
          muteRules: [],
          projectSwitches: {},
          savedIds: [],
        },
        { serviceUrl: 'https://keyless.example', muteRules: [], projectSwitches: {}, savedIds: [] },
      ],
    };
    choose(JSON.parse(JSON.stringify(file)) as object);
    const dialog = await screen.findByRole('dialog', { name: 'Add the backup’s accounts?' });
    expect(dialog.textContent).toContain(
      'This backup holds API keys for client.example, third.example.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import and connect' }));
    await screen.findByText(
      'Imported the preferences, 1 mute rule, the switches of 1 project and 0 saved mentions. Added 2 accounts. 1 account of the file was left out: it has no API key in the file, and no account here is the same.',
    );
    expect(permissions.request).toHaveBeenCalledWith({
      origins: ['https://client.example/*', 'https://third.example/*'],
    });
    expect(background.types()).toEqual(['importSettings']);
  });
});
