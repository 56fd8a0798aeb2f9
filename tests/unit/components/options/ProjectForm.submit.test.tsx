// @vitest-environment happy-dom
// The add/edit form on submit: nothing sent while a field is invalid, the checked project sent
// with only its type's fields, and a failed save that keeps the input and says why.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newProjectForm } from '@/lib/projects/form-state';
import type { ProjectInput } from '@/lib/projects/types';
import { chooseType, errorOf, renderForm, submit, type } from '../../support/options-project-form';

afterEach(() => cleanup());

describe('submitting', () => {
  it('sends nothing while a field is invalid, and points at the first one', async () => {
    const { onSubmit } = renderForm({ typeChosen: true });
    type('Brand website', 'not a domain');
    type('Languages', 'english');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Check the fields marked below: 3 need attention.');
    expect(errorOf(screen.getByLabelText('Name'))).toBe('Name cannot be empty.');
    expect(errorOf(screen.getByLabelText('Brand website'))).toMatch(/no spaces/);
    expect(errorOf(screen.getByLabelText('Languages'))).toMatch(/"english" is not a code/);
    await waitFor(() => expect(document.activeElement?.id).toBe('pf-name'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says one field in the singular', async () => {
    renderForm({ typeChosen: true });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Check the field marked below: 1 needs attention.',
    );
  });

  it('sends the checked project with only its type’s fields, normalized', async () => {
    const { onSubmit } = renderForm();
    chooseType('competitiveMonitoring');
    type('Name', '  Globex watch ');
    type('Competitor website', 'https://www.globex.test/');
    type('Competitor names', 'Globex\n\n globex \nGlobex Volt');
    type('Languages', 'EN, de');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Twitter' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Email notifications' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Browser notifications' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'Globex watch',
      type: 'competitiveMonitoring',
      language: 'en,de',
      source: ['linkedin', 'social', 'youtube', 'reddit', 'web', 'blogs'],
      location: 'all',
      email_notification: 1,
      browser_notification: 0,
      fields: { competitor_url: 'globex.test', competitior_name: 'Globex\nGlobex Volt' },
    });
  });

  it('keeps everything and shows the service’s objection beside the field it names', async () => {
    const onSubmit = vi.fn(async () => ({
      kind: 'invalid-input',
      message: 'Brand website: this domain is not allowed.',
      field: 'brand_url',
    }));
    renderForm({ typeChosen: true, onSubmit });
    type('Name', 'Acme');
    type('Brand website', 'acme.test');
    type('Brand names', 'Acme\nRoadrunner');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const field = screen.getByLabelText('Brand website');
    await waitFor(() => expect(errorOf(field)).toBe('Brand website: this domain is not allowed.'));
    expect(screen.getByRole('alert').textContent).toBe(
      'The service did not accept “Brand website”. See the message beside it.',
    );
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme');
    expect(field).toHaveProperty('value', 'acme.test');
    expect(screen.getByLabelText('Brand names')).toHaveProperty('value', 'Acme\nRoadrunner');
  });

  it('keeps everything and says what went wrong when the save fails', async () => {
    const onSubmit = vi.fn(async () => ({
      kind: 'server',
      message: 'The service sent a web page instead of data.',
    }));
    renderForm({ initial: newProjectForm('startup'), typeChosen: true, onSubmit });
    type('Name', 'Kickstand');
    type('Product description', 'A kickstand for cargo bikes.');
    submit();
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toBe(
        'Could not save the project: The service sent a web page instead of data. Everything you entered is still here.',
      ),
    );
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Kickstand');
    expect(screen.getByLabelText('Product description')).toHaveProperty(
      'value',
      'A kickstand for cargo bikes.',
    );
    // A second try sends again.
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });

  it('cancels without sending', () => {
    const { onSubmit, onCancel } = renderForm({ typeChosen: true });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('edits with the type fixed and a "Save changes" button', () => {
    const initial: ProjectInput = {
      ...newProjectForm('topicMonitoring'),
      name: 'E-bike policy',
      fields: { topic_keywords: 'e-bike law' },
    };
    renderForm({ mode: 'edit', initial });
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.getByText('Topic monitoring')).toBeTruthy();
    expect(screen.getByLabelText('Topic keywords')).toHaveProperty('value', 'e-bike law');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });
});
