// Properties of validateProjectInput: every valid input passes unchanged, a messy form of it
// normalizes back to it, and a single broken field is named alone.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateProjectInput } from '@/lib/projects/schema';
import { PROJECT_TYPES, type ProjectInput } from '@/lib/projects/types';
import { ownFieldsOf, projectInputArb } from '../support/project-arbitraries';
import { expectOnlyError } from '../support/project-schema';

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
    const kind = ownFieldsOf(input.type).find((f) => f.name === name)?.kind;
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
      const stray = { [ownFieldsOf(otherType)[0].name]: 'stray', project_id: 3 };
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
  const specs = ownFieldsOf(input.type);
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
