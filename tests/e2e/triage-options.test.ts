// The options page's triage parts in the built extension in real Chromium, against the fake service
// (issue 16), driven by accessible names: a rule made with the popup's mute command is listed under
// "Muted" with what it hides and removed by its Unmute button; quiet hours and a project's badge
// switch are saved and still there after a reload; the settings are exported to a file and imported
// back; a bad file changes nothing and shows its problems. axe-core clean along the way. The steps
// share one browser and run in order.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { connectedSuite } from './support/connected-suite';

interface SettingsView {
  quietHours?: { enabled: boolean; start: number; end: number };
  apiKey?: string;
}
interface TriageView {
  muteRules?: { id: string; kind: string; value: string }[];
  projectSwitches?: Record<string, { notify: boolean; badge: boolean }>;
}

const suite = connectedSuite();
let options: Page;
const files = mkdtempSync(join(tmpdir(), 'mm-backup-'));

beforeAll(async () => {
  options = await suite.browser.openPage('options.html');
  await options.setViewportSize({ width: 1000, height: 900 });
  options.setDefaultTimeout(5_000);
  await options.getByRole('heading', { level: 2, name: /^Muted/ }).waitFor();
});

async function expectNoAxeViolations(state: string): Promise<void> {
  expect(await axeViolations(options), `axe violations with ${state}`).toEqual([]);
}

async function reload(): Promise<void> {
  await options.reload();
  await options.getByRole('heading', { level: 2, name: /^Muted/ }).waitFor();
}

const muted = () => options.getByRole('region', { name: /^Muted/ });
const backup = () => options.getByRole('region', { name: 'Backup' });
const settings = () => suite.ext.local<SettingsView>('settings');
const triage = () => suite.ext.local<TriageView | undefined>('triage');

/** Chooses `path` with the Import settings button, as a person does. */
async function importFile(path: string): Promise<void> {
  const chooser = options.waitForEvent('filechooser');
  await backup().getByRole('button', { name: 'Import settings' }).click();
  await (await chooser).setFiles(path);
}

describe('the options page’s triage parts in Chromium', () => {
  it('lists a rule made by the popup’s mute command under Muted, and its Unmute button removes it', async () => {
    await muted().getByText('Nothing is muted.').waitFor();
    suite.svc.addMentions(suite.acme.project_id, 2, {
      author: 'Options Tester',
      title: 'Tester writes',
    });
    await suite.poll();
    expect((await suite.ext.settledBadge()).text).toBe('2');

    await suite.ext.ok('mute', { kind: 'author', value: 'Options Tester', projectId: null });
    const section = muted();
    await section.getByText('Author: Options Tester').waitFor();
    await section.getByText('All projects').waitFor();
    await section.getByText('Hides 2 stored mentions').waitFor();
    expect((await suite.ext.settledBadge()).text).toBe('');
    await expectNoAxeViolations('a mute rule listed');

    await section.getByRole('button', { name: 'Unmute author Options Tester' }).click();
    await section.getByText('Nothing is muted.').waitFor();
    await section.getByText('Unmuted author Options Tester.').waitFor();
    // Focus on the section's heading: nothing is left to move to.
    await expect
      .poll(() => options.evaluate(() => document.activeElement?.id))
      .toBe('muted-heading');
    await expect.poll(async () => (await triage())?.muteRules ?? []).toEqual([]);
    expect((await suite.ext.settledBadge()).text).toBe('2');
  });

  it('saves quiet hours, and they are still there after a reload', async () => {
    await options.getByRole('switch', { name: 'Quiet hours' }).check();
    await options.getByText('Saved: quiet hours from 22:00 to 08:00.').waitFor();
    await options.getByLabel('Quiet hours start').fill('21:30');
    await options.getByText('Saved: quiet hours from 21:30 to 08:00.').waitFor();
    await expect
      .poll(async () => (await settings())?.quietHours)
      .toEqual({ enabled: true, start: 21 * 60 + 30, end: 8 * 60 });
    await expectNoAxeViolations('quiet hours on');

    await reload();
    expect(await options.getByRole('switch', { name: 'Quiet hours' }).isChecked()).toBe(true);
    expect(await options.getByLabel('Quiet hours start').inputValue()).toBe('21:30');
    expect(await options.getByLabel('Quiet hours end').inputValue()).toBe('08:00');
  });

  it('turns a project’s badge switch off, and it stays off after a reload', async () => {
    const badge = () =>
      options.getByRole('switch', { name: 'Count on the badge: Acme', exact: true });
    const notify = () =>
      options.getByRole('switch', { name: 'Notify on this computer: Acme', exact: true });
    expect(await badge().isChecked()).toBe(true);
    expect(await notify().isChecked()).toBe(true);
    await badge().uncheck();
    await expect
      .poll(async () => (await triage())?.projectSwitches?.[String(suite.acme.project_id)])
      .toEqual({ notify: true, badge: false });
    // Acme's two unread no longer count.
    expect((await suite.ext.settledBadge()).text).toBe('');

    await reload();
    expect(await badge().isChecked()).toBe(false);
    expect(await notify().isChecked()).toBe(true);
    await expectNoAxeViolations('a project switch off');
  });

  let exported = '';
  it('exports the settings to a file, without the API key', async () => {
    await suite.ext.ok('mute', {
      kind: 'site',
      value: 'https://www.example.co.uk/a',
      projectId: suite.acme.project_id,
    });
    await muted().getByText('Site: example.co.uk').waitFor();
    await options.screenshot({ path: '/tmp/options-triage.png', fullPage: true });
    const download = options.waitForEvent('download');
    await backup().getByRole('button', { name: 'Export settings' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^mention-monitor-settings-\d{4}-\d{2}-\d{2}\.json$/);
    await backup().getByText(`Exported to ${file.suggestedFilename()}.`).waitFor();
    exported = join(files, file.suggestedFilename());
    await file.saveAs(exported);

    const backupFile = JSON.parse(readFileSync(exported, 'utf8')) as Record<string, unknown>;
    expect(backupFile.format).toBe('mention-monitor-settings');
    expect(backupFile).not.toHaveProperty('apiKey');
    expect(readFileSync(exported, 'utf8')).not.toContain(suite.svc.apiKey);
    expect((backupFile.preferences as SettingsView).quietHours).toEqual({
      enabled: true,
      start: 1290,
      end: 480,
    });
    expect(backupFile.projectSwitches).toEqual({
      [suite.acme.project_id]: { notify: true, badge: false },
    });
    expect(backupFile.muteRules).toMatchObject([{ kind: 'site', value: 'example.co.uk' }]);
  });

  it('imports the file back: what changed since comes back as exported', async () => {
    // Change everything the file holds.
    await options.getByRole('switch', { name: 'Quiet hours' }).uncheck();
    await options.getByText('Saved: quiet hours off.').waitFor();
    await options.getByRole('switch', { name: 'Count on the badge: Acme', exact: true }).check();
    await muted().getByRole('button', { name: 'Unmute site example.co.uk' }).click();
    await muted().getByText('Nothing is muted.').waitFor();
    await expect.poll(async () => (await triage())?.projectSwitches ?? {}).toEqual({});

    await importFile(exported);
    await backup()
      .getByText(
        'Imported the preferences, 1 mute rule, the switches of 1 project and 0 saved mentions.',
      )
      .waitFor();
    await muted().getByText('Site: example.co.uk').waitFor();
    await reload();
    expect(await options.getByRole('switch', { name: 'Quiet hours' }).isChecked()).toBe(true);
    expect(await options.getByLabel('Quiet hours start').inputValue()).toBe('21:30');
    expect(
      await options
        .getByRole('switch', { name: 'Count on the badge: Acme', exact: true })
        .isChecked(),
    ).toBe(false);
    expect((await settings())?.apiKey).toBe(suite.svc.apiKey);
  });

  it('a bad file changes nothing, and its problems are listed', async () => {
    const before = { settings: await settings(), triage: await triage() };
    const bad = JSON.parse(readFileSync(exported, 'utf8')) as Record<string, unknown>;
    (bad.muteRules as Record<string, unknown>[])[0].kind = 'user';
    (bad.preferences as Record<string, unknown>).pollIntervalMinutes = 0;
    bad.projectSwitches = { acme: { notify: false, badge: false } };
    const path = join(files, 'bad.json');
    writeFileSync(path, JSON.stringify(bad));

    await importFile(path);
    const problems = backup().getByRole('alert');
    await problems.getByText('Nothing was imported: the file has these problems.').waitFor();
    expect(await problems.getByRole('listitem').allTextContents()).toEqual([
      'Preferences: the check interval must be a number of minutes from 1 to 1440.',
      'Mute rule 1: the kind must be author, site or phrase.',
      'Project switches: “acme” is not a project id.',
    ]);
    await expectNoAxeViolations('an import refused with problems');
    expect({ settings: await settings(), triage: await triage() }).toEqual(before);

    writeFileSync(path, 'this is not JSON');
    await importFile(path);
    await problems.getByText('This file is not a Mention Monitor settings backup.').waitFor();
    expect({ settings: await settings(), triage: await triage() }).toEqual(before);
  });
});
