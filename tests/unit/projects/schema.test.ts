import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldsOf } from '@/lib/projects/fields';
import { validateField, validateProjectInput } from '@/lib/projects/schema';
import { PROJECT_TYPES, type ProjectInput, type ProjectType } from '@/lib/projects/types';
import { projectInputArb } from '../support/project-arbitraries';

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

/** Expects exactly one error, on `field`, whose message names the field and matches `pattern`. */
function expectOnlyError(raw: unknown, field: string, pattern?: RegExp) {
  const result = validateProjectInput(raw);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(Object.keys(result.errors)).toEqual([field]);
  expect(result.errors[field]).toContain(fieldLabel(field));
  if (pattern) expect(result.errors[field]).toMatch(pattern);
}

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
        for (const spec of fieldsOf(input.type)) {
          const one = validateField(input.type, spec.name, junk);
          const whole = validateProjectInput({ ...input, fields: { [spec.name]: junk } });
          expect(one.ok).toBe(whole.ok);
          if (!one.ok && !whole.ok) expect(whole.errors[spec.name]).toBe(one.message);
        }
      }),
    );
  });
});

describe('zod in jitless mode, as the extension configures it', () => {
  it('validates the same', () => {
    const before = z.config().jitless;
    z.config({ jitless: true });
    try {
      expect(validateProjectInput(base()).ok).toBe(true);
      expect(validateProjectInput({}).ok).toBe(false);
    } finally {
      z.config({ jitless: before });
    }
  });
});

// ---- properties ----

const ws = fc.constantFrom('', ' ', '\t', ' \n');
const flagForm = (flag: 0 | 1) => fc.constantFrom<unknown>(flag, flag === 1, String(flag));
const swapCase = (s: string) => (s === s.toUpperCase() ? s.toLowerCase() : s.toUpperCase());

/** The same project as a person might type it: spaces, other cases, repeats, pasted links. */
function messyForm(input: ProjectInput): fc.Arbitrary<Record<string, unknown>> {
  const codes = (list: string, recase: boolean) =>
    fc.tuple(ws, ws, fc.boolean()).map(([before, after, repeat]) => {
      const items = list.split(',').map((code) => (recase ? code.toUpperCase() : code));
      const all = repeat ? [...items, swapCase(items[0]), ''] : items;
      return all.map((item) => before + item + after).join(',');
    });
  const messyField = (name: string, value: string) => {
    const kind = fieldsOf(input.type).find((f) => f.name === name)?.kind;
    if (kind === 'domain') {
      return fc.constantFrom(
        value.toUpperCase(),
        `https://www.${value}/some/path?q=1`,
        ` ${value}:8080/x `,
      );
    }
    if (kind === 'keywords') {
      return fc.tuple(ws, fc.constantFrom('\n', '\r\n')).map(([pad, eol]) => {
        const lines = value.split('\n');
        return [...lines.map((l) => pad + l + pad), '', lines[0].toUpperCase()].join(eol);
      });
    }
    return fc.tuple(ws, ws).map(([a, b]) => a + value + b);
  };
  const fieldEntries = Object.entries(input.fields).map(([name, value]) =>
    messyField(name, value ?? '').map((messy) => [name, messy] as const),
  );
  return fc
    .record({
      name: fc.tuple(ws, ws).map(([a, b]) => a + input.name + b),
      language: codes(input.language, true),
      source: fc.oneof(
        fc.shuffledSubarray(input.source, { minLength: input.source.length }),
        fc.constant(input.source.map((s) => ` ${s.toUpperCase()} `).join(',')),
        fc.constant([...input.source, input.source[0]]),
      ),
      location: codes(input.location, false),
      email_notification: flagForm(input.email_notification),
      browser_notification: flagForm(input.browser_notification),
      typeFields: fc.tuple(...fieldEntries),
      flat: fc.boolean(),
    })
    .map(({ typeFields, flat, ...common }) => {
      const fields = Object.fromEntries(typeFields);
      // Another type's field and an unknown member ride along; neither may come out.
      const otherType = input.type === 'topicMonitoring' ? 'startup' : 'topicMonitoring';
      const stray = { [fieldsOf(otherType)[0].name]: 'stray', project_id: 3 };
      return flat
        ? { ...common, type: input.type, ...stray, ...fields }
        : { ...common, type: input.type, fields: { ...stray, ...fields } };
    });
}

const LONG_NAME = fc
  .string({ unit: 'binary', minLength: 101, maxLength: 140 })
  .filter((s) => Array.from(s.trim()).length > 100);
const LONG_TEXT = fc
  .string({ unit: 'grapheme-ascii', minLength: 1001, maxLength: 1100 })
  .filter((s) => s.trim().length > 1000);
const BAD_FLAG = fc.constantFrom<unknown>(2, -1, 'yes', 'true', null, undefined, 0.5, [1], '01');

const CORRUPTIONS: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.oneof(fc.constantFrom<unknown>('', '  ', '\n', 42, null, undefined), LONG_NAME),
  type: fc.oneof(
    fc.constantFrom<unknown>(undefined, 'Brand monitoring', 'STARTUP', 7),
    fc.string().filter((s) => !(PROJECT_TYPES as readonly string[]).includes(s)),
  ),
  language: fc.constantFrom<unknown>('', 'english', 'all,en', 'e', 'en_US', 'en-', 3, ['en']),
  source: fc.constantFrom<unknown>([], '', 'myspace', ['web', 'myspace'], 'web,x', 7, [1]),
  location: fc.constantFrom<unknown>('', 'x', 'all,us', 'new york', 'abcdefghijk', 12),
  email_notification: BAD_FLAG,
  browser_notification: BAD_FLAG,
};
const KIND_CORRUPTIONS = {
  domain: fc.constantFrom<unknown>('not a domain', 'localhost', '1.2.3.4', 'ftp://a.com', 42),
  keywords: fc.constantFrom<unknown>(42, ['a'], {}, true),
  description: fc.oneof(fc.constantFrom<unknown>(42, ['a']), LONG_TEXT),
};

/** A valid project with one field replaced by a value its rule forbids, and that field's name. */
const corruptedArb = projectInputArb.chain((input) => {
  const specs = fieldsOf(input.type);
  const choices = [
    ...Object.entries(CORRUPTIONS).map(([field, bad]) => ({ field, bad, own: false })),
    ...specs.map((spec) => ({ field: spec.name, bad: KIND_CORRUPTIONS[spec.kind], own: true })),
  ];
  return fc.constantFrom(...choices).chain(({ field, bad, own }) =>
    bad.map((value) => ({
      field,
      raw: own
        ? { ...input, fields: { ...input.fields, [field]: value } }
        : { ...input, [field]: value },
    })),
  );
});

describe('validateProjectInput properties', () => {
  it('accepts every valid normalized input unchanged', () => {
    fc.assert(
      fc.property(projectInputArb, (input) => {
        expect(validateProjectInput(input)).toEqual({ ok: true, value: input });
      }),
    );
  });

  it('accepts what the rules allow however it is typed, and normalizes it', () => {
    fc.assert(
      fc.property(
        projectInputArb.chain((input) => messyForm(input).map((raw) => ({ input, raw }))),
        ({ input, raw }) => {
          expect(validateProjectInput(raw)).toEqual({ ok: true, value: input });
        },
      ),
    );
  });

  it('rejects a single broken field, naming that field and only that one', () => {
    fc.assert(
      fc.property(corruptedArb, ({ field, raw }) => {
        expectOnlyError(raw, field);
      }),
    );
  });
});
