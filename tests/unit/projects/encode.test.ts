import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  UnknownProjectTypeError,
  emptyProjectInput,
  encodeProjectForm,
  projectInputFromService,
} from '@/lib/projects/encode';
import { validateProjectInput } from '@/lib/projects/schema';
import {
  PROJECT_TYPES,
  SOURCES,
  type ProjectInput,
  type ProjectType,
  type ServiceProject,
} from '@/lib/projects/types';
import { ownFieldsOf, projectInputArb } from '../support/project-arbitraries';

const COMMON = [
  ['name', 'Acme'],
  ['type', ''], // filled per test
  ['language', 'en,de'],
  ['source', 'twitter,reddit,web'],
  ['location', 'all'],
  ['email_notification', '1'],
  ['browser_notification', '0'],
];

const input = (type: ProjectType, fields: Record<string, string>): ProjectInput => ({
  name: 'Acme',
  type,
  language: 'en,de',
  source: ['twitter', 'reddit', 'web'],
  location: 'all',
  email_notification: 1,
  browser_notification: 0,
  fields,
});

// Every type-specific field filled in, so each type's body shows exactly which of them it sends.
const EVERY_FIELD: Record<string, string> = Object.fromEntries(
  PROJECT_TYPES.flatMap((type) => ownFieldsOf(type)).map((spec) => [
    spec.name,
    spec.kind === 'domain' ? 'acme.com' : spec.kind === 'keywords' ? 'one\ntwo' : 'We sell.',
  ]),
);

describe('encodeProjectForm', () => {
  it.each([
    ['backlinks', [['backlinks_url', 'acme.com']]],
    [
      'brandMonitoring',
      [
        ['brand_url', 'acme.com'],
        ['brand_name', 'one\ntwo'],
        ['brand_excluded_keywords', 'one\ntwo'],
      ],
    ],
    [
      'competitiveMonitoring',
      [
        ['competitor_url', 'acme.com'],
        ['competitior_name', 'one\ntwo'],
        ['competitior_excluded_keywords', 'one\ntwo'],
      ],
    ],
    [
      'topicMonitoring',
      [
        ['topic_keywords', 'one\ntwo'],
        ['topic_excluded_keywords', 'one\ntwo'],
      ],
    ],
    [
      'leadsSalesOpportunities',
      [
        ['sales_product_description', 'We sell.'],
        ['sales_keywords', 'one\ntwo'],
        ['sales_competitors', 'one\ntwo'],
        ['sales_excluded_keywords', 'one\ntwo'],
      ],
    ],
    [
      'startup',
      [
        ['startup_keywords', 'one\ntwo'],
        ['startup_product_description', 'We sell.'],
        ['startup_competitors', 'one\ntwo'],
        ['startup_excluded_keywords', 'one\ntwo'],
      ],
    ],
  ] as const)('%s sends the common fields, then only its own, in order', (type, own) => {
    const body = encodeProjectForm(input(type, EVERY_FIELD));
    const common = COMMON.map(([k, v]) => [k, k === 'type' ? type : v]);
    expect([...body]).toEqual([...common, ...own]);
  });

  it('sends flags as 1 and 0, sources comma-joined, keyword lists joined with \\n', () => {
    const body = encodeProjectForm({
      ...input('brandMonitoring', { brand_name: 'Acme\nAcme Corp' }),
      source: ['linkedin', 'blogs'],
      email_notification: 0,
      browser_notification: 1,
    });
    expect(body.get('email_notification')).toBe('0');
    expect(body.get('browser_notification')).toBe('1');
    expect(body.get('source')).toBe('linkedin,blogs');
    expect(body.toString()).toContain('brand_name=Acme%0AAcme+Corp');
  });

  it('leaves out empty type fields instead of sending them blank', () => {
    const body = encodeProjectForm(input('topicMonitoring', { topic_keywords: '' }));
    expect(body.has('topic_keywords')).toBe(false);
    expect(body.has('topic_excluded_keywords')).toBe(false);
    expect([...body.keys()]).toHaveLength(7);
  });

  it('sends the misspelt competitor field names the contract requires', () => {
    const body = encodeProjectForm(
      input('competitiveMonitoring', {
        competitior_name: 'Rival',
        competitior_excluded_keywords: 'jobs',
      }),
    );
    expect(body.toString()).toBe(
      'name=Acme&type=competitiveMonitoring&language=en%2Cde&source=twitter%2Creddit%2Cweb' +
        '&location=all&email_notification=1&browser_notification=0' +
        '&competitior_name=Rival&competitior_excluded_keywords=jobs',
    );
  });

  it('round-trips every valid input unchanged through encode and decode', () => {
    fc.assert(
      fc.property(projectInputArb, (valid) => {
        const body = new URLSearchParams(encodeProjectForm(valid).toString());
        // The service reads each key once; the encoder never repeats one.
        expect(validateProjectInput(Object.fromEntries(body))).toEqual({ ok: true, value: valid });
      }),
    );
  });

  it('never sends a field of another type, whatever the input holds', () => {
    fc.assert(
      fc.property(projectInputArb, (valid) => {
        const body = encodeProjectForm({ ...valid, fields: { ...EVERY_FIELD, ...valid.fields } });
        const own = new Set(ownFieldsOf(valid.type).map((f) => f.name));
        const sentTypeFields = [...body.keys()].slice(7);
        expect(sentTypeFields.every((name) => own.has(name))).toBe(true);
        expect(sentTypeFields).toEqual(ownFieldsOf(valid.type).map((f) => f.name));
      }),
    );
  });
});

describe('emptyProjectInput', () => {
  it.each(PROJECT_TYPES)('%s starts with the defaults and lacks only a name', (type) => {
    const empty = emptyProjectInput(type);
    expect(empty).toEqual({
      name: '',
      type,
      language: 'all',
      source: [...SOURCES],
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      fields: {},
    });
    const result = validateProjectInput(empty);
    expect(result.ok === false && Object.keys(result.errors)).toEqual(['name']);
  });

  it('hands out a fresh source list each time', () => {
    emptyProjectInput('startup').source.pop();
    expect(emptyProjectInput('startup').source).toEqual([...SOURCES]);
  });
});

describe('projectInputFromService', () => {
  const record = (over: Partial<ServiceProject>): ServiceProject => ({
    project_id: 12,
    name: 'Acme',
    type: 'brandMonitoring',
    fields: {},
    ...over,
  });

  it('loads a full record, keeping only the type’s own non-blank fields as sent', () => {
    const loaded = projectInputFromService(
      record({
        language: 'en',
        source: 'web, Reddit,myspace',
        location: 'us',
        email_notification: 1,
        browser_notification: 0,
        fields: {
          brand_url: 'https://www.acme.com',
          brand_name: 'Acme\r\nAcme Corp',
          brand_excluded_keywords: ' ',
          topic_keywords: 'not mine',
          created: '2024-01-01',
        },
      }),
    );
    expect(loaded).toEqual({
      name: 'Acme',
      type: 'brandMonitoring',
      language: 'en',
      source: ['reddit', 'web'],
      location: 'us',
      email_notification: 1,
      browser_notification: 0,
      fields: { brand_url: 'https://www.acme.com', brand_name: 'Acme\r\nAcme Corp' },
    });
  });

  it('fills what the record leaves out with the new-project defaults', () => {
    const loaded = projectInputFromService(
      record({ type: 'startup', language: ' ', source: 'myspace' }),
    );
    expect(loaded).toEqual({ ...emptyProjectInput('startup'), name: 'Acme' });
  });

  it('matches a type spelled in another case or with spaces', () => {
    expect(projectInputFromService(record({ type: ' TopicMonitoring ' })).type).toBe(
      'topicMonitoring',
    );
  });

  it('refuses an unknown type with an error naming the project and the type', () => {
    const load = () => projectInputFromService(record({ name: 'Old', type: 'newsMonitoring' }));
    expect(load).toThrow(UnknownProjectTypeError);
    expect(load).toThrow('The project "Old" has the type "newsMonitoring"');
  });

  it('gives a form that saves back what the service holds when that was valid', () => {
    fc.assert(
      fc.property(projectInputArb, (valid) => {
        const sent = Object.fromEntries(encodeProjectForm(valid));
        const { name, type, language, source, location } = sent;
        const loaded = projectInputFromService({
          project_id: 1,
          name,
          type,
          language,
          source,
          location,
          email_notification: valid.email_notification,
          browser_notification: valid.browser_notification,
          fields: sent,
        });
        expect(validateProjectInput(loaded)).toEqual({ ok: true, value: valid });
      }),
    );
  });
});
