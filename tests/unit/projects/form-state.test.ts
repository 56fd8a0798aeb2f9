// The project form's state: a new form, editing, the checks and what it produces.
import { describe, expect, it } from 'vitest';
import {
  changeFormType,
  checkForm,
  checkFormField,
  formFieldOrder,
  formValue,
  newProjectForm,
  setFormValue,
} from '@/lib/projects/form-state';
import { PROJECT_TYPES, SOURCES } from '@/lib/projects/types';
import { ownFieldsOf } from '../support/project-arbitraries';

describe('the project form state', () => {
  it('starts a new project with every source, all languages and locations', () => {
    expect(newProjectForm('topicMonitoring')).toEqual({
      name: '',
      type: 'topicMonitoring',
      language: 'all',
      source: [...SOURCES],
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      fields: {},
    });
  });

  it.each([
    ['backlinks', { backlinks_url: 'acme.test' }],
    ['brandMonitoring', { brand_url: 'acme.test' }],
    ['competitiveMonitoring', { competitor_url: 'acme.test' }],
    ['topicMonitoring', {}],
    ['leadsSalesOpportunities', {}],
    ['startup', {}],
  ] as const)('puts a linked domain into the %s website field and the name', (type, fields) => {
    const form = newProjectForm(type, { domain: 'acme.test' });
    expect(form.name).toBe('acme.test');
    expect(form.fields).toEqual(fields);
  });

  it('shows the fields in the order the form shows them, per type', () => {
    for (const type of PROJECT_TYPES) {
      const own = ownFieldsOf(type).map((f) => f.name);
      expect(formFieldOrder(type)).toEqual([
        'name',
        'type',
        ...own,
        'source',
        'language',
        'location',
        'email_notification',
        'browser_notification',
      ]);
    }
  });

  it('keeps everything typed when the type changes, and carries the website over', () => {
    let form = newProjectForm('brandMonitoring');
    form = setFormValue(form, 'name', 'Acme');
    form = setFormValue(form, 'brand_url', 'acme.test');
    form = setFormValue(form, 'brand_name', 'Acme\nRoadrunner');
    const backlinks = changeFormType(form, 'backlinks');
    expect(backlinks.type).toBe('backlinks');
    expect(backlinks.name).toBe('Acme');
    expect(backlinks.fields.backlinks_url).toBe('acme.test');
    const back = changeFormType(backlinks, 'brandMonitoring');
    expect(back.fields.brand_name).toBe('Acme\nRoadrunner');
    // Only the current type's fields are sent.
    const check = checkForm(backlinks);
    expect(check.ok && check.input.fields).toEqual({ backlinks_url: 'acme.test' });
  });

  it('does not overwrite a website already typed for the new type', () => {
    let form = newProjectForm('competitiveMonitoring');
    form = setFormValue(form, 'brand_url', 'mine.test');
    form = { ...form, type: 'brandMonitoring' };
    form = setFormValue(form, 'brand_url', 'acme.test');
    form = setFormValue(form, 'competitor_url', 'globex.test');
    expect(changeFormType(form, 'competitiveMonitoring').fields.competitor_url).toBe('globex.test');
  });

  it.each([
    ['name', 'Acme', { name: 'Acme' }],
    ['language', 'en,de', { language: 'en,de' }],
    ['location', 'us', { location: 'us' }],
    ['source', ['web', 'blogs'], { source: ['web', 'blogs'] }],
    ['email_notification', true, { email_notification: 1 }],
    ['browser_notification', false, { browser_notification: 0 }],
  ] as const)('sets %s', (name, value, expected) => {
    const form = setFormValue(newProjectForm('startup'), name, value as never);
    expect(form).toMatchObject(expected);
    expect(formValue(form, name)).toEqual(Object.values(expected)[0]);
  });

  it('sets a type field as text and ignores attempts to set the type', () => {
    const form = setFormValue(newProjectForm('startup'), 'startup_keywords', 'a\nb');
    expect(form.fields).toEqual({ startup_keywords: 'a\nb' });
    expect(formValue(form, 'startup_keywords')).toBe('a\nb');
    expect(formValue(form, 'startup_competitors')).toBe('');
    expect(setFormValue(form, 'type', 'backlinks')).toBe(form);
  });

  it('checks a field on leaving it, and gives a pasted link back as its domain', () => {
    const form = setFormValue(
      newProjectForm('backlinks'),
      'backlinks_url',
      'https://www.acme.test/x',
    );
    expect(checkFormField(form, 'backlinks_url')).toEqual({ normalized: 'acme.test' });
    expect(checkFormField(form, 'name').message).toBe('Name cannot be empty.');
    expect(checkFormField(setFormValue(form, 'name', 'A'), 'name')).toEqual({});
  });

  it('reports every invalid field on submit and names the first one the form shows', () => {
    let form = newProjectForm('brandMonitoring');
    form = setFormValue(form, 'language', 'english!');
    form = setFormValue(form, 'brand_url', 'not a domain');
    form = setFormValue(form, 'source', []);
    const check = checkForm(form);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors).sort()).toEqual(['brand_url', 'language', 'name', 'source']);
    expect(check.first).toBe('name');
    const named = checkForm(setFormValue(form, 'name', 'Acme'));
    expect(!named.ok && named.first).toBe('brand_url');
  });

  it('knows which fields the service may name for each type', () => {
    // The options form names a refused field beside it when its order holds the name.
    expect(formFieldOrder('brandMonitoring')).toContain('brand_url');
    expect(formFieldOrder('brandMonitoring')).not.toContain('competitor_url');
    expect(formFieldOrder('startup')).toContain('name');
  });
});
