// @vitest-environment happy-dom
// The add/edit form: exactly the chosen type's fields, and every validation rule beside its field
// on leaving it. On submit (nothing sent while invalid, a failed save that keeps the input):
// ProjectForm.submit.test.tsx.
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { newProjectForm } from '@/lib/projects/form-state';
import { PROJECT_TYPES, SOURCES, type ProjectType } from '@/lib/projects/types';
import {
  chooseType,
  errorOf,
  leave,
  renderForm,
  shownControls,
  submit,
  type,
} from '../../support/options-project-form';
import { ownFieldsOf } from '../../support/project-arbitraries';

afterEach(() => cleanup());

describe('the fields of each type', () => {
  it.each(PROJECT_TYPES)('%s shows the common fields and exactly its own', (projectType) => {
    renderForm();
    chooseType(projectType);
    const own = ownFieldsOf(projectType).map((spec) => `pf-${spec.name}`);
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
    for (const spec of ownFieldsOf(projectType)) {
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
