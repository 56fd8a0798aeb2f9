// @vitest-environment happy-dom
// The options page's "Muted" list: each rule with its kind and value (as text), its scope, how many
// stored mentions it hides, and an Unmute button that asks the background and then moves focus on.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MutedRules } from '@/components/options/MutedRules';
import { writeMentionStore } from '@/lib/mentions/mention-storage';
import type { MuteRule } from '@/lib/triage/triage-state';
import { stored, storeOf } from '../../support/mention-factory';
import { fail, installBackground, ok, project, type Background } from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let background: Background;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  background.answers.unmute = () => ok(null);
});
afterEach(() => cleanup());

const PROJECTS = [project(1, 'Acme'), project(2, 'Initech')];
const AUTHOR: MuteRule = {
  id: 'ra1',
  kind: 'author',
  value: 'Jane Doe',
  projectId: null,
  createdAt: 3,
};
const SITE: MuteRule = {
  id: 'ra2',
  kind: 'site',
  value: 'example.com',
  projectId: 1,
  createdAt: 2,
};
const PHRASE: MuteRule = { id: 'ra3', kind: 'phrase', value: 'launch', projectId: 9, createdAt: 1 };
const RULES = [AUTHOR, SITE, PHRASE];

const unmute = (name: string) => screen.getByRole('button', { name });
const ruleItem = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('the Muted list', () => {
  it('says when nothing is muted, and reads no store for it', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    render(<MutedRules rules={[]} projects={PROJECTS} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Muted' })).toBeTruthy();
    expect(screen.getByText('Nothing is muted.')).toBeTruthy();
    await Promise.resolve();
    expect(get).not.toHaveBeenCalled();
  });

  it('lists each rule with its kind, value, scope and button', () => {
    render(<MutedRules rules={RULES} projects={PROJECTS} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Muted 3 rules' })).toBeTruthy();
    expect(ruleItem('Author: Jane Doe').textContent).toContain('All projects');
    expect(ruleItem('Site: example.com').textContent).toContain('Acme');
    expect(ruleItem('Phrase: launch').textContent).toContain(
      'Project 9 (no longer on the service)',
    );
    expect(unmute('Unmute author Jane Doe').textContent).toBe('Unmute');
    expect(unmute('Unmute site example.com')).toBeTruthy();
    expect(unmute('Unmute phrase launch')).toBeTruthy();
  });

  it('shows remote text as text', () => {
    const rule: MuteRule = { ...AUTHOR, value: '<img src=x onerror=alert(1)>' };
    render(<MutedRules rules={[rule]} projects={PROJECTS} />);
    expect(screen.getByText('Author: <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('counts the stored mentions each rule hides, read or not, and follows the store', async () => {
    await writeMentionStore(
      FIRST_ACCOUNT,
      storeOf(
        stored({ id: 1, project_id: 1, author: 'Jane Doe', url: 'https://www.example.com/a' }),
        stored({ id: 2, project_id: 2, author: 'jane doe ', read: true }),
        stored({ id: 3, project_id: 2, url: 'https://example.com/b', title: 'Launch day' }),
        stored({ id: 4, project_id: 1, url: 'https://other.test/4' }),
      ),
    );
    render(<MutedRules rules={RULES} projects={PROJECTS} />);
    await waitFor(() =>
      expect(ruleItem('Author: Jane Doe').textContent).toContain('Hides 2 stored mentions'),
    );
    // The site rule is for Acme only; the phrase rule's project has no mention.
    expect(ruleItem('Site: example.com').textContent).toContain('Hides 1 stored mention');
    expect(ruleItem('Phrase: launch').textContent).toContain('Hides 0 stored mentions');

    await writeMentionStore(
      FIRST_ACCOUNT,
      storeOf(stored({ id: 4, project_id: 1, url: 'https://other.test/4' })),
    );
    await waitFor(() =>
      expect(ruleItem('Author: Jane Doe').textContent).toContain('Hides 0 stored mentions'),
    );
  });

  it('unmutes through the background, says so, and moves focus to the rule that took its place', async () => {
    const view = render(<MutedRules rules={RULES} projects={PROJECTS} />);
    fireEvent.click(unmute('Unmute site example.com'));
    await waitFor(() => expect(background.last('unmute')).toEqual({ ruleId: 'ra2' }));
    await screen.findByText('Unmuted site example.com.');
    // The background rewrites the triage state; the page shows it.
    view.rerender(<MutedRules rules={[AUTHOR, PHRASE]} projects={PROJECTS} />);
    await waitFor(() => expect(document.activeElement).toBe(unmute('Unmute phrase launch')));
  });

  it('moves focus to the rule before when the last one goes, and to the heading when none is left', async () => {
    const view = render(<MutedRules rules={[AUTHOR, PHRASE]} projects={PROJECTS} />);
    fireEvent.click(unmute('Unmute phrase launch'));
    await screen.findByText('Unmuted phrase “launch”.');
    view.rerender(<MutedRules rules={[AUTHOR]} projects={PROJECTS} />);
    await waitFor(() => expect(document.activeElement).toBe(unmute('Unmute author Jane Doe')));

    fireEvent.click(unmute('Unmute author Jane Doe'));
    await screen.findByText('Unmuted author Jane Doe.');
    view.rerender(<MutedRules rules={[]} projects={PROJECTS} />);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 })),
    );
    expect(screen.getByText('Nothing is muted.')).toBeTruthy();
  });

  it('moves focus even when the new list arrives before the reply', async () => {
    let answer: (value: unknown) => void = () => {};
    background.answers.unmute = () => new Promise((resolve) => (answer = resolve)) as never;
    const view = render(<MutedRules rules={RULES} projects={PROJECTS} />);
    fireEvent.click(unmute('Unmute author Jane Doe'));
    await waitFor(() => expect(background.types()).toEqual(['unmute']));
    view.rerender(<MutedRules rules={[SITE, PHRASE]} projects={PROJECTS} />);
    await waitFor(() => expect(document.activeElement).toBe(unmute('Unmute site example.com')));
    answer(ok(null));
    await screen.findByText('Unmuted author Jane Doe.');
  });

  it('keeps the rule and says why when the background refuses', async () => {
    background.answers.unmute = () => fail('storage', 'Storage is full.');
    render(<MutedRules rules={RULES} projects={PROJECTS} />);
    const button = unmute('Unmute author Jane Doe');
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Not unmuted: Storage is full.');
    expect(screen.getByText('Author: Jane Doe')).toBeTruthy();
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });
});
