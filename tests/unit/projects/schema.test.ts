import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateField, validateProjectInput } from '@/lib/projects/schema';
import { PROJECT_TYPES, type ProjectType } from '@/lib/projects/types';
import { ownFieldsOf, projectInputArb } from '../support/project-arbitraries';
import { expectOnlyError } from '../support/project-schema';

const base = (type: ProjectType = 'brandMonitoring', fields: Record<string, unknown> = {}) => ({
  name: 'Acme',
  type,
  language: 'en',
  source: ['reddit', 'web'],
  location: 'all',
  email_notification: 0,
  browser_notification: 1,
  fields,
});

describe('validateProjectInput: one rule at a time', () => {
  it.each([
    ['name', undefined, /cannot be empty/],
    ['name', '', /cannot be empty/],
    ['name', '   \n ', /cannot be empty/],
    ['name', 'x'.repeat(101), /at most 100 characters/],
    ['name', ` ${'😀'.repeat(101)} `, /at most 100 characters/],
    ['name', 42, /must be text/],
    ['type', undefined, /must be one of: Backlinks, Brand monitoring/],
    ['type', 'Brand monitoring', /must be one of/],
    ['type', 'brandmonitoring', /must be one of/],
    ['language', undefined, /cannot be empty/],
    ['language', '', /enter language codes/],
    ['language', 'english', /"english" is not a code/],
    ['language', 'all,en', /"all" cannot be combined/],
    ['language', ['en'], /must be text/],
    ['source', undefined, /choose at least one source/],
    ['source', [], /choose at least one source/],
    ['source', '', /choose at least one source/],
    ['source', ' , ', /choose at least one source/],
    ['source', ['web', 'myspace'], /"myspace" is not a source; choose from twitter/],
    ['source', 'web,the service', /"the service" is not a source/],
    ['source', [1], /A value is not a source/],
    ['source', 7, /choose at least one source/],
    ['location', undefined, /cannot be empty/],
    ['location', 'x', /"x" is not a code/],
    ['location', 'all,us', /"all" cannot be combined/],
    ['email_notification', undefined, /must be on \(1\) or off \(0\)/],
    ['email_notification', 2, /on \(1\) or off \(0\)/],
    ['email_notification', 'yes', /on \(1\) or off \(0\)/],
    ['email_notification', null, /on \(1\) or off \(0\)/],
    ['browser_notification', -1, /on \(1\) or off \(0\)/],
    ['browser_notification', '01', /on \(1\) or off \(0\)/],
    ['browser_notification', 0.5, /on \(1\) or off \(0\)/],
  ])('%s = %j is rejected', (field, value, pattern) => {
    expectOnlyError({ ...base(), [field]: value }, field, pattern);
  });

  it.each([
    ['backlinks', 'backlinks_url', 'not a domain', /no spaces/],
    ['backlinks', 'backlinks_url', 'localhost', /not a domain/],
    ['brandMonitoring', 'brand_url', '1.2.3.4', /not a domain/],
    ['brandMonitoring', 'brand_url', `${'abc.'.repeat(64)}com`, /at most 255 characters/],
    ['competitiveMonitoring', 'competitor_url', 'ftp://rival.com', /http or https/],
    ['competitiveMonitoring', 'competitor_url', 42, /must be text/],
    ['brandMonitoring', 'brand_name', 42, /must be text/],
    ['competitiveMonitoring', 'competitior_name', ['a'], /must be text/],
    ['competitiveMonitoring', 'competitior_excluded_keywords', true, /must be text/],
    ['topicMonitoring', 'topic_keywords', {}, /must be text/],
    ['leadsSalesOpportunities', 'sales_product_description', 'x'.repeat(1001), /at most 1000/],
    ['startup', 'startup_product_description', ` ${'é'.repeat(1001)} `, /at most 1000/],
    ['startup', 'startup_competitors', 5, /must be text/],
  ] as const)('%s: %s = %j is rejected', (type, field, value, pattern) => {
    expectOnlyError(base(type, { [field]: value }), field, pattern);
  });

  it('reports every failing field at once', () => {
    const result = validateProjectInput({
      ...base('backlinks', { backlinks_url: 'nope' }),
      name: '',
      source: [],
      browser_notification: 3,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(
        ['backlinks_url', 'browser_notification', 'name', 'source'].sort(),
      );
    }
  });

  it('treats something that is not an object as an empty form', () => {
    for (const raw of [undefined, null, 'name=x', 42, []]) {
      const result = validateProjectInput(raw);
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(Object.keys(result.errors)).toEqual([
          'name',
          'type',
          'language',
          'source',
          'location',
          'email_notification',
          'browser_notification',
        ]);
    }
  });
});

describe('validateProjectInput: what it accepts and how it normalizes', () => {
  it('normalizes every field of a messy form', () => {
    const result = validateProjectInput({
      name: '  Acme launch ',
      type: 'brandMonitoring',
      language: ' EN, pt-br ,en,',
      source: ['Web', ' reddit', 'web'],
      location: 'US, de',
      email_notification: true,
      browser_notification: '0',
      fields: {
        brand_url: 'https://www.Acme.com/launch?utm=1',
        brand_name: ' Acme\r\n\r\nACME\nAcme Corp ',
        brand_excluded_keywords: '   ',
      },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Acme launch',
        type: 'brandMonitoring',
        language: 'en,pt-BR',
        source: ['reddit', 'web'],
        location: 'US,de',
        email_notification: 1,
        browser_notification: 0,
        fields: { brand_url: 'acme.com', brand_name: 'Acme\nAcme Corp' },
      },
    });
  });

  it.each([
    [true, 1],
    [false, 0],
    [1, 1],
    [0, 0],
    ['1', 1],
    ['0', 0],
  ])('reads the flag %j as %d', (raw, flag) => {
    const result = validateProjectInput({ ...base(), email_notification: raw });
    expect(result.ok && result.value.email_notification).toBe(flag);
  });

  it('reads sources from a comma-separated string, in contract order', () => {
    const result = validateProjectInput({ ...base(), source: 'blogs, Twitter,,reddit' });
    expect(result.ok && result.value.source).toEqual(['twitter', 'reddit', 'blogs']);
  });

  it('drops other types’ fields and unknown members, and reads flat fields', () => {
    const result = validateProjectInput({
      ...base('topicMonitoring', { topic_keywords: 'a', brand_name: 'not mine' }),
      topic_excluded_keywords: 'b',
      backlinks_url: 'https://elsewhere.com',
      project_id: 7,
      extra: 'x',
    });
    expect(result.ok && result.value.fields).toEqual({
      topic_keywords: 'a',
      topic_excluded_keywords: 'b',
    });
    expect(result.ok && Object.keys(result.value)).toEqual([
      'name',
      'type',
      'language',
      'source',
      'location',
      'email_notification',
      'browser_notification',
      'fields',
    ]);
  });

  it('prefers the nested field over a flat one of the same name', () => {
    const result = validateProjectInput({
      ...base('topicMonitoring', { topic_keywords: 'nested' }),
      topic_keywords: 'flat',
    });
    expect(result.ok && result.value.fields).toEqual({ topic_keywords: 'nested' });
  });

  it('does not judge fields of other types, even invalid ones', () => {
    const result = validateProjectInput(base('startup', { brand_url: 'not a domain', name: 5 }));
    expect(result).toEqual({ ok: true, value: { ...base('startup'), fields: {} } });
  });

  it('accepts names and descriptions at their limits, counting characters not UTF-16 units', () => {
    const result = validateProjectInput({
      ...base('startup', { startup_product_description: '𝒜'.repeat(1000) }),
      name: '😀'.repeat(100),
    });
    expect(result.ok).toBe(true);
  });

  it('accepts every type with no optional fields', () => {
    for (const type of PROJECT_TYPES) {
      expect(validateProjectInput(base(type))).toEqual({ ok: true, value: base(type) });
    }
  });
});

describe('validateField', () => {
  it.each([
    ['brandMonitoring', 'name', '  Acme ', 'Acme'],
    ['brandMonitoring', 'type', 'startup', 'startup'],
    ['brandMonitoring', 'language', 'EN', 'en'],
    ['brandMonitoring', 'source', 'web,Reddit', ['reddit', 'web']],
    ['brandMonitoring', 'location', 'all', 'all'],
    ['brandMonitoring', 'email_notification', true, 1],
    ['brandMonitoring', 'brand_url', 'https://www.acme.com/x', 'acme.com'],
    ['brandMonitoring', 'brand_url', '  ', undefined],
    ['brandMonitoring', 'brand_name', 'a\r\nA\nb', 'a\nb'],
    ['brandMonitoring', 'brand_name', undefined, undefined],
    ['startup', 'startup_product_description', ' We make widgets. ', 'We make widgets.'],
  ] as const)('%s %s %j → %j', (type, name, value, normalized) => {
    expect(validateField(type, name, value)).toEqual({ ok: true, value: normalized });
  });

  it.each([
    ['brandMonitoring', 'name', '', 'Name'],
    ['brandMonitoring', 'source', [], 'Sources'],
    ['backlinks', 'backlinks_url', 'acme', 'Website'],
    ['competitiveMonitoring', 'competitor_url', 'http://', 'Competitor website'],
    ['leadsSalesOpportunities', 'sales_keywords', 3, 'Sales keywords'],
  ] as const)('%s %s %j fails naming "%s"', (type, name, value, label) => {
    const result = validateField(type, name, value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(label);
  });

  it('refuses a field of another type, naming it and the type', () => {
    expect(validateField('backlinks', 'brand_url', 'acme.com')).toEqual({
      ok: false,
      message: 'Brand website is not a field of Backlinks projects.',
    });
  });

  it('agrees with the whole-project check on every field', () => {
    fc.assert(
      fc.property(projectInputArb, fc.string(), (input, junk) => {
        for (const spec of ownFieldsOf(input.type)) {
          const one = validateField(input.type, spec.name, junk);
          const whole = validateProjectInput({ ...input, fields: { [spec.name]: junk } });
          expect(one.ok).toBe(whole.ok);
          if (!one.ok && !whole.ok) expect(whole.errors[spec.name]).toBe(one.message);
        }
      }),
    );
  });
});
