// The options page's pure rules: deep links, the project form's state, the connection checks and
// messages, the statistics view and relative times.
import { describe, expect, it } from 'vitest';
import { checkConnectionInput, describeConnectionError } from '@/lib/service/connection-input';
import { optionsHash, parseOptionsHash, type OptionsRoute } from '@/lib/navigation/deep-link';
import {
  changeFormType,
  checkForm,
  checkFormField,
  formFieldOrder,
  formValue,
  isFormField,
  newProjectForm,
  setFormValue,
} from '@/lib/projects/form-state';
import { groupStats, readableKey, readableValue } from '@/lib/projects/stats';
import { fieldsOf } from '@/lib/projects/fields';
import { PROJECT_TYPES, SOURCES } from '@/lib/projects/types';

describe('deep links', () => {
  it.each<[string, OptionsRoute]>([
    ['', { view: 'home' }],
    ['#', { view: 'home' }],
    ['#project=1201', { view: 'project', projectId: 1201 }],
    ['project=7', { view: 'project', projectId: 7 }],
    ['#project=0', { view: 'project', projectId: 0 }],
    ['#project=', { view: 'home' }],
    ['#project=-3', { view: 'home' }],
    ['#project=12abc', { view: 'home' }],
    ['#project=1.5', { view: 'home' }],
    ['#project=99999999999999999999', { view: 'home' }],
    ['#add', { view: 'add' }],
    ['#add=', { view: 'add' }],
    ['#add=backlinks', { view: 'add', type: 'backlinks' }],
    ['#add=BRANDMONITORING', { view: 'add', type: 'brandMonitoring' }],
    ['#add=nonsense', { view: 'add' }],
    [
      '#add=brandMonitoring&domain=acme.test',
      { view: 'add', type: 'brandMonitoring', domain: 'acme.test' },
    ],
    [
      '#add=backlinks&domain=https%3A%2F%2Fwww.Acme.test%2Fshop%3Fx%3D1',
      { view: 'add', type: 'backlinks', domain: 'acme.test' },
    ],
    ['#add=backlinks&domain=not%20a%20domain', { view: 'add', type: 'backlinks' }],
    ['#add=backlinks&domain=javascript%3Aalert(1)', { view: 'add', type: 'backlinks' }],
    [
      '#add=topicMonitoring&domain=acme.test',
      { view: 'add', type: 'topicMonitoring', domain: 'acme.test' },
    ],
    ['#something=else', { view: 'home' }],
  ])('%s opens %j', (hash, route) => {
    expect(parseOptionsHash(hash)).toEqual(route);
  });

  it.each<OptionsRoute>([
    { view: 'home' },
    { view: 'project', projectId: 42 },
    { view: 'add' },
    { view: 'add', type: 'startup' },
    { view: 'add', type: 'competitiveMonitoring', domain: 'globex.test' },
  ])('writes %j so that it reads back the same', (route) => {
    expect(parseOptionsHash(`#${optionsHash(route)}`)).toEqual(route);
  });
});

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
      const own = fieldsOf(type).map((f) => f.name);
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
    expect(isFormField('brandMonitoring', 'brand_url')).toBe(true);
    expect(isFormField('brandMonitoring', 'competitor_url')).toBe(false);
    expect(isFormField('startup', 'name')).toBe(true);
    expect(isFormField('startup', undefined)).toBe(false);
  });
});

describe('the connection checks', () => {
  it.each([
    [
      'app.example.com/api/',
      ' key ',
      { ok: true, origin: 'https://app.example.com', apiKey: 'key' },
    ],
    ['http://127.0.0.1:8787', 'k', { ok: true, origin: 'http://127.0.0.1:8787', apiKey: 'k' }],
  ])('accepts %s', (url, key, expected) => {
    expect(checkConnectionInput(url, key)).toEqual(expected);
  });

  it.each([
    ['', 'k', ['serviceUrl']],
    ['http://example.com', 'k', ['serviceUrl']],
    ['https://app.example.com', '  ', ['apiKey']],
    ['ftp://x', '', ['apiKey', 'serviceUrl']],
  ])('refuses %j with key %j', (url, key, fields) => {
    const check = checkConnectionInput(url, key);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.errors).sort()).toEqual(fields);
  });

  it.each([
    [
      { kind: 'key-rejected', message: 'x' },
      'apiKey',
      'The service rejected this API key. Check it and try again.',
    ],
    [
      { kind: 'auth', message: 'x' },
      'apiKey',
      'The service rejected this API key. Check it and try again.',
    ],
    [{ kind: 'network', message: 'Offline.' }, undefined, 'Cannot reach the service: Offline.'],
    [{ kind: 'timeout', message: 'Too slow.' }, undefined, 'Cannot reach the service: Too slow.'],
    [{ kind: 'invalid-input', message: 'Bad URL.', field: 'serviceUrl' }, 'serviceUrl', 'Bad URL.'],
    [
      { kind: 'invalid-input', message: 'Odd.', field: 'other' },
      undefined,
      'Could not connect: Odd.',
    ],
    [{ kind: 'server', message: 'Broken.' }, undefined, 'Could not connect: Broken.'],
  ])('says %j in words', (error, field, message) => {
    expect(describeConnectionError(error)).toEqual(field ? { field, message } : { message });
  });
});

describe('statistics', () => {
  it.each([
    ['mentions_last_24h', 'Mentions last 24h'],
    ['averageScore', 'Average score'],
    ['total', 'Total'],
    ['__', '__'],
  ])('reads %s as %s', (key, label) => {
    expect(readableKey(key)).toBe(label);
  });

  it.each([
    ['1234', 'total', '1,234'],
    ['72.5', 'score', '72.5'],
    ['1201', 'project_id', '1201'],
    ['1201', 'id', '1201'],
    ['', 'x', '—'],
    ['2026-01-02 10:00:00', 'last', '2026-01-02 10:00:00'],
  ])('shows %j (%s) as %j', (value, key, shown) => {
    expect(readableValue(value, 'en', key)).toBe(shown);
  });

  it('groups dotted keys under their first part, in the order sent', () => {
    const groups = groupStats(
      [
        { key: 'total_mentions', value: '14' },
        { key: 'sources.twitter', value: '2' },
        { key: 'sources.web', value: '3' },
        { key: 'sentiment.positive', value: '5' },
        { key: 'favorites', value: '0' },
        { key: 'sources.blogs', value: '1' },
        { key: 'top.0.name', value: 'x' },
      ],
      'en',
    );
    expect(groups).toEqual([
      { title: null, rows: [{ label: 'Total mentions', value: '14' }] },
      {
        title: 'Sources',
        rows: [
          { label: 'Twitter', value: '2' },
          { label: 'Web', value: '3' },
          { label: 'Blogs', value: '1' },
        ],
      },
      { title: 'Sentiment', rows: [{ label: 'Positive', value: '5' }] },
      { title: null, rows: [{ label: 'Favorites', value: '0' }] },
      { title: 'Top', rows: [{ label: '0 › Name', value: 'x' }] },
    ]);
  });
});
