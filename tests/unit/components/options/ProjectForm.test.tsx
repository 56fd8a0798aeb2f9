// @vitest-environment happy-dom
// The add/edit form: exactly the chosen type's fields, every validation rule beside its field on
// leaving it and on submit, nothing sent while invalid, and a failed save that keeps the input.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectForm, type ProjectFormProps } from '@/components/options/ProjectForm';
import type { CommandError } from '@/lib/messaging/protocol';
import { newProjectForm } from '@/lib/projects/form-state';
import { fieldsOf, typeLabel } from '@/lib/projects/fields';
import { PROJECT_TYPES, SOURCES, type ProjectInput, type ProjectType } from '@/lib/projects/types';

afterEach(() => cleanup());

function renderForm(props: Partial<ProjectFormProps> = {}) {
  const onSubmit = vi.fn<(input: ProjectInput) => Promise<CommandError | null>>(async () => null);
  const onCancel = vi.fn();
  const view = render(
    <ProjectForm
      mode="add"
      initial={newProjectForm('brandMonitoring')}
      onSubmit={onSubmit}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { ...view, onSubmit: props.onSubmit ? vi.mocked(props.onSubmit) : onSubmit, onCancel };
}

function chooseType(type: ProjectType) {
  fireEvent.click(screen.getByRole('radio', { name: typeLabel(type) }));
}

/** The ids of every field control the form shows (type radios aside). */
function shownControls(): string[] {
  return [...document.querySelectorAll('form input, form textarea, form select')]
    .filter((el) => (el as HTMLInputElement).type !== 'radio')
    .map((el) => el.id)
    .sort();
}

function type(label: string | RegExp, value: string) {
  const field = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.input(field, { target: { value } });
  return field;
}

function leave(label: string | RegExp, value?: string) {
  const field =
    value === undefined ? (screen.getByLabelText(label) as HTMLInputElement) : type(label, value);
  fireEvent.blur(field);
  return field;
}

function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('field-error'));
  return error?.textContent ?? null;
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: /^(Add project|Save changes)$/ }));
}

describe('the fields of each type', () => {
  it.each(PROJECT_TYPES)('%s shows the common fields and exactly its own', (projectType) => {
    renderForm();
    chooseType(projectType);
    const own = fieldsOf(projectType).map((spec) => `pf-${spec.name}`);
    expect(shownControls()).toEqual(
      [
        'pf-name',
        ...own,
        ...SOURCES.map((s) => `pf-source-${s}`),
        'pf-language',
        'pf-location',
        'pf-email_notification',
        'pf-browser_notification',
      ].sort(),
    );
    for (const spec of fieldsOf(projectType)) {
      const control = screen.getByLabelText(spec.label);
      // Websites are one line; keyword lists (one per line) and descriptions are text areas.
      expect(control.tagName).toBe(spec.kind === 'domain' ? 'INPUT' : 'TEXTAREA');
      expect(screen.getByText(spec.help)).toBeTruthy();
    }
  });

  it('offers the six types as radio buttons and shows no fields before one is chosen', () => {
    renderForm();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      ...PROJECT_TYPES,
    ]);
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(shownControls()).toEqual([]);
  });

  it('asks for a type first when submitted without one', async () => {
    const { onSubmit } = renderForm();
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Choose a project type first.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows sources as checkboxes, languages and locations as text with all, and switches', () => {
    renderForm({ typeChosen: true });
    for (const label of ['Twitter', 'LinkedIn', 'Social', 'YouTube', 'Reddit', 'Web', 'Blogs']) {
      expect(screen.getByRole('checkbox', { name: label })).toHaveProperty('checked', true);
    }
    expect(screen.getByRole('group', { name: 'Sources' })).toBeTruthy();
    expect(screen.getByLabelText('Languages')).toHaveProperty('value', 'all');
    expect(screen.getByLabelText('Locations')).toHaveProperty('value', 'all');
    expect(errorOf(screen.getByLabelText('Languages'))).toBeNull();
    expect(screen.getByLabelText('Languages').getAttribute('aria-describedby')).toBe(
      'pf-language-hint',
    );
    expect(screen.getByText(/or all for every language/)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Email notifications' })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByRole('switch', { name: 'Browser notifications' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('keeps what was typed when the type changes, and shows only the new type’s fields', () => {
    renderForm();
    chooseType('brandMonitoring');
    type('Name', 'Acme');
    type('Brand website', 'acme.test');
    type('Brand names', 'Acme');
    chooseType('backlinks');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Acme');
    expect(screen.getByLabelText('Website')).toHaveProperty('value', 'acme.test');
    expect(screen.queryByLabelText('Brand names')).toBeNull();
    chooseType('brandMonitoring');
    expect(screen.getByLabelText('Brand names')).toHaveProperty('value', 'Acme');
  });
});

describe('validation as a field is left', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each<[ProjectType, string, string, string | RegExp]>([
    ['topicMonitoring', 'Name', '', 'Name cannot be empty.'],
    ['topicMonitoring', 'Name', '   ', 'Name cannot be empty.'],
    ['topicMonitoring', 'Name', long(101), 'Name must be at most 100 characters.'],
    ['topicMonitoring', 'Languages', '', /^Languages: enter language codes such as en or pt-BR/],
    [
      'topicMonitoring',
      'Languages',
      'all, en',
      'Languages: "all" cannot be combined with other codes.',
    ],
    ['topicMonitoring', 'Languages', 'en, english', /^Languages: "english" is not a code/],
    ['topicMonitoring', 'Locations', ' , ', /^Locations: enter location codes such as us or de/],
    ['topicMonitoring', 'Locations', 'us, u.s.', /^Locations: "u.s." is not a code/],
    [
      'topicMonitoring',
      'Locations',
      'ALL,de',
      'Locations: "all" cannot be combined with other codes.',
    ],
    ['backlinks', 'Website', 'acme test', /^Website: A domain has no spaces\./],
    ['backlinks', 'Website', 'ftp://acme.test', /^Website: Only web addresses \(http or https\)/],
    ['backlinks', 'Website', 'localhost', /^Website: This is not a domain\./],
    ['backlinks', 'Website', '192.168.0.1', /^Website: This is not a domain\./],
    [
      'brandMonitoring',
      'Brand website',
      `${'a'.repeat(60)}.`.repeat(5) + 'test',
      'Brand website: A domain has at most 255 characters.',
    ],
    [
      'competitiveMonitoring',
      'Competitor website',
      'http://',
      /^Competitor website: This is not a domain/,
    ],
    [
      'leadsSalesOpportunities',
      'Product description',
      long(1001),
      'Product description must be at most 1000 characters.',
    ],
    [
      'startup',
      'Product description',
      long(1001),
      'Product description must be at most 1000 characters.',
    ],
  ])('%s: %s %j says %s', (projectType, label, value, message) => {
    renderForm({ initial: newProjectForm(projectType), typeChosen: true });
    const field = leave(label, value);
    expect(errorOf(field)).toMatch(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it.each<[ProjectType, string, string]>([
    ['topicMonitoring', 'Name', long(100)],
    ['topicMonitoring', 'Name', '🚲'.repeat(100)],
    ['topicMonitoring', 'Languages', 'en, pt-br, DE'],
    ['topicMonitoring', 'Locations', 'all'],
    ['backlinks', 'Website', ''],
    ['backlinks', 'Website', 'xn--bcher-kva.test'],
    ['topicMonitoring', 'Topic keywords', '\n\n'],
    ['leadsSalesOpportunities', 'Product description', long(1000)],
  ])('%s: %s %j is fine', (projectType, label, value) => {
    renderForm({ initial: newProjectForm(projectType), typeChosen: true });
    const field = leave(label, value);
    expect(errorOf(field)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('says so when every source is unticked, and stops saying it when one is ticked again', () => {
    renderForm({ typeChosen: true });
    for (const name of ['Twitter', 'LinkedIn', 'Social', 'YouTube', 'Reddit', 'Web', 'Blogs']) {
      fireEvent.click(screen.getByRole('checkbox', { name }));
    }
    const group = screen.getByRole('group', { name: 'Sources' });
    expect(errorOf(group)).toBe('Sources: choose at least one source.');
    expect(screen.getByRole('checkbox', { name: 'Web' }).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Web' }));
    expect(errorOf(group)).toBeNull();
  });

  it('shows a pasted link as the domain that will be sent', () => {
    renderForm({ initial: newProjectForm('backlinks'), typeChosen: true });
    const field = leave('Website', 'https://www.Acme.test/pricing?ref=1');
    expect(field.value).toBe('acme.test');
    expect(errorOf(field)).toBeNull();
  });

  it('takes the message away as soon as the field is fixed', () => {
    renderForm({ typeChosen: true });
    const field = leave('Name', '');
    expect(errorOf(field)).toBe('Name cannot be empty.');
    type('Name', 'A');
    expect(errorOf(field)).toBeNull();
  });
});

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
