// @vitest-environment happy-dom
// The whole options page over storage, its forms: deep links into the edit and add forms
// (#project=ID, #add=TYPE&domain=HOST), adding and editing from the list, and the fragment
// followed while the page is open.
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceProject } from '@/lib/projects/types';
import { PROJECTS, STORE, useOptions } from '../../support/options-flow';
import { fail, ok, renderOptions, seed } from '../../support/options-page';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const options = useOptions();

const SERVICE_BRAND: ServiceProject = {
  project_id: 1,
  name: 'Acme',
  type: 'brandMonitoring',
  language: 'en,de',
  source: 'twitter,web',
  location: 'all',
  email_notification: 1,
  browser_notification: 0,
  fields: { brand_url: 'acme.test', brand_name: 'Acme\nAcme Cargo', other_field: 'x' },
};

describe('deep links and the forms', () => {
  beforeEach(async () => {
    await seed({ projects: PROJECTS, store: STORE });
  });

  it('#project=ID opens that project, loaded from the service, and saves every field', async () => {
    options.background.answers.getProject = () => ok(SERVICE_BRAND);
    options.background.answers.editProject = () => ok(null);
    await renderOptions('#project=1');
    await screen.findByRole('heading', { level: 2, name: 'Edit “Acme”' });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme'));
    expect(options.background.calls[0]).toEqual({ type: 'getProject', data: { projectId: 1 } });
    expect(screen.getByLabelText('Brand website')).toHaveProperty('value', 'acme.test');
    expect(screen.getByLabelText('Languages')).toHaveProperty('value', 'en,de');
    expect(screen.getByRole('checkbox', { name: 'Twitter' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Reddit' })).toHaveProperty('checked', false);
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Acme Bikes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(options.background.types()).toContain('editProject'));
    expect(options.background.last('editProject')).toEqual({
      projectId: 1,
      input: {
        name: 'Acme Bikes',
        type: 'brandMonitoring',
        language: 'en,de',
        source: ['twitter', 'web'],
        location: 'all',
        email_notification: 1,
        browser_notification: 0,
        fields: { brand_url: 'acme.test', brand_name: 'Acme\nAcme Cargo' },
      },
    });
    await screen.findByText('Saved “Acme Bikes”.');
    expect(location.hash).toBe('');
  });

  it('says why a project cannot be loaded, and tries again', async () => {
    options.background.answers.getProject = () => fail('server', 'No such project.');
    await renderOptions('#project=77');
    await screen.findByText('Could not load the project: No such project.');
    expect(screen.getByRole('heading', { level: 2, name: 'Edit project' })).toBeTruthy();
    options.background.answers.getProject = () => ok({ ...SERVICE_BRAND, project_id: 77 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme'));
  });

  it('says a project of an unknown type cannot be edited here', async () => {
    options.background.answers.getProject = () => ok({ ...SERVICE_BRAND, type: 'somethingNew' });
    await renderOptions('#project=3');
    await screen.findByText(
      'The project “Acme” has the type “somethingNew”, which cannot be edited here.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to settings' }));
    await screen.findByRole('heading', { level: 2, name: /Projects/ });
  });

  it('#add=TYPE&domain=HOST opens a prefilled add form', async () => {
    options.background.answers.addProject = () => ok({ projectId: 9 });
    await renderOptions('#add=backlinks&domain=www.acme.test');
    expect(screen.getByRole('heading', { level: 2, name: 'Add a project' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Backlinks' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Website')).toHaveProperty('value', 'www.acme.test');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'www.acme.test');
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(options.background.types()).toEqual(['addProject']));
    expect(options.background.last('addProject')).toMatchObject({
      input: {
        name: 'www.acme.test',
        type: 'backlinks',
        fields: { backlinks_url: 'www.acme.test' },
      },
    });
    await screen.findByText('Added “www.acme.test”. Its mentions appear after the next check.');
  });

  it('#add with an unknown type lets the person choose', async () => {
    await renderOptions('#add=nonsense&domain=acme.test');
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Competitive monitoring' }));
    expect(screen.getByLabelText('Competitor website')).toHaveProperty('value', 'acme.test');
  });

  it('adds from the list: the form opens, sends, and the list comes back with a message', async () => {
    options.background.answers.addProject = () => ok({ projectId: 9 });
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Add a project' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Add a project' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(location.hash).toBe('#add');
    fireEvent.click(screen.getByRole('radio', { name: 'Topic monitoring' }));
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Cargo bikes' } });
    fireEvent.input(screen.getByLabelText('Topic keywords'), {
      target: { value: 'cargo bike\nlongtail' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await screen.findByText('Added “Cargo bikes”. Its mentions appear after the next check.');
    expect(options.background.last('addProject')).toEqual({
      input: {
        name: 'Cargo bikes',
        type: 'topicMonitoring',
        language: 'all',
        source: ['twitter', 'linkedin', 'social', 'youtube', 'reddit', 'web', 'blogs'],
        location: 'all',
        email_notification: 0,
        browser_notification: 1,
        fields: { topic_keywords: 'cargo bike\nlongtail' },
      },
    });
    await waitFor(() => expect(document.activeElement?.id).toBe('projects-heading'));
  });

  it('opens the edit form from the list, and Cancel goes back', async () => {
    options.background.answers.getProject = () => ok(SERVICE_BRAND);
    await renderOptions();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Acme' }));
    expect(location.hash).toBe('#project=1');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('button', { name: 'Add a project' });
    expect(options.background.types()).toEqual(['getProject']);
  });

  it('follows the fragment when it changes while open', async () => {
    options.background.answers.getProject = () => ok(SERVICE_BRAND);
    await renderOptions();
    history.replaceState(null, '', '/options.html#project=1');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await screen.findByRole('heading', { level: 2, name: 'Edit “Acme”' });
  });
});
