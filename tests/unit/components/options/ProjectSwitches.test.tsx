// @vitest-environment happy-dom
// A project's two local switches: named with the project, sent to the background one at a time,
// shown in their new position until storage has it, and back with the reason when refused.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ProjectSwitches } from '@/components/options/ProjectSwitches';
import { parseCommand } from '@/lib/background/command-schemas';
import { fail, installBackground, ok, project, type Background } from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let background: Background;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  background.answers.setProjectSwitches = (data) => {
    parseCommand('setProjectSwitches', data);
    return ok(null);
  };
});
afterEach(() => cleanup());

const ACME = project(7, 'Acme');
const ON = { notify: true, badge: true };
const notify = () => screen.getByRole('switch', { name: 'Notify on this computer: Acme' });
const badge = () => screen.getByRole('switch', { name: 'Count on the badge: Acme' });

describe('per-project switches', () => {
  it('are named with the project and show what is stored', () => {
    render(<ProjectSwitches project={ACME} switches={{ notify: true, badge: false }} />);
    expect(notify()).toHaveProperty('checked', true);
    expect(badge()).toHaveProperty('checked', false);
    expect(screen.getByText('Notify on this computer')).toBeTruthy();
    expect(screen.getByText('Count on the badge')).toBeTruthy();
  });

  it('send one switch at a time, and stay in the new position until storage has it', async () => {
    const view = render(<ProjectSwitches project={ACME} switches={ON} />);
    fireEvent.click(notify());
    await waitFor(() =>
      expect(background.last('setProjectSwitches')).toEqual({ projectId: 7, notify: false }),
    );
    expect(notify()).toHaveProperty('checked', false);
    view.rerender(<ProjectSwitches project={ACME} switches={{ notify: false, badge: true }} />);
    fireEvent.click(badge());
    await waitFor(() =>
      expect(background.last('setProjectSwitches')).toEqual({ projectId: 7, badge: false }),
    );
    view.rerender(<ProjectSwitches project={ACME} switches={{ notify: false, badge: false }} />);
    expect(notify()).toHaveProperty('checked', false);
    expect(badge()).toHaveProperty('checked', false);
  });

  it('follow storage once it has the asked position (another tab may change it later)', async () => {
    const view = render(<ProjectSwitches project={ACME} switches={ON} />);
    fireEvent.click(badge());
    await waitFor(() => expect(background.types()).toEqual(['setProjectSwitches']));
    view.rerender(<ProjectSwitches project={ACME} switches={{ notify: true, badge: false }} />);
    view.rerender(<ProjectSwitches project={ACME} switches={ON} />);
    await waitFor(() => expect(badge()).toHaveProperty('checked', true));
  });

  it('go back and say why when the background refuses', async () => {
    background.answers.setProjectSwitches = () => fail('storage', 'Storage is full.');
    render(<ProjectSwitches project={ACME} switches={ON} />);
    fireEvent.click(notify());
    expect((await screen.findByRole('alert')).textContent).toBe('Not saved: Storage is full.');
    expect(notify()).toHaveProperty('checked', true);
  });
});
