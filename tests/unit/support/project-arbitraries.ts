// Generators of project input in its normalized (wire) form, shared by the property tests.
// Everything generated here is valid by the contract's rules as we read them.

import fc from 'fast-check';
import { fieldOf } from '@/lib/projects/fields';
import { ownRowsOf, type FieldKind } from '@/lib/projects/field-table';
import { normalizeKeywordList } from '@/lib/projects/field-text';
import {
  PROJECT_TYPES,
  SOURCES,
  type Flag,
  type ProjectInput,
  type ProjectType,
} from '@/lib/projects/types';

const chars = (alphabet: string) => fc.constantFrom(...alphabet);
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';

/** Trimmed, non-empty text of at most `max` code points, from all of Unicode. */
export const trimmedText = (max: number) =>
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: max })
    .map((s) => s.trim())
    .filter((s) => s !== '' && Array.from(s).length <= max);

export const nameArb = trimmedText(100);

// `all` is three letters too, but it is the keyword, not a code.
const primaryLanguage = fc
  .string({ unit: chars(LOWER), minLength: 2, maxLength: 3 })
  .filter((s) => s !== 'all');
const languageSubtag = fc.oneof(
  fc.string({ unit: chars(UPPER), minLength: 2, maxLength: 2 }),
  fc.string({ unit: chars(LOWER), minLength: 3, maxLength: 3 }),
  fc
    .tuple(chars(UPPER), fc.string({ unit: chars(LOWER), minLength: 3, maxLength: 3 }))
    .map(([first, rest]) => first + rest),
);
/** A language code in canonical casing: `en`, `pt-BR`, `zh-Hant`. */
export const languageCode = fc
  .tuple(primaryLanguage, fc.option(languageSubtag, { nil: undefined }))
  .map(([primary, subtag]) => (subtag === undefined ? primary : `${primary}-${subtag}`));

export const languageArb = fc.oneof(
  fc.constant('all'),
  fc
    .uniqueArray(languageCode, { minLength: 1, maxLength: 4, selector: (c) => c.toLowerCase() })
    .map((codes) => codes.join(',')),
);

export const locationCode = fc
  .string({ unit: chars(LOWER + UPPER + DIGITS), minLength: 2, maxLength: 10 })
  .filter((s) => s.toLowerCase() !== 'all');

export const locationArb = fc.oneof(
  fc.constant('all'),
  fc
    .uniqueArray(locationCode, { minLength: 1, maxLength: 4, selector: (c) => c.toLowerCase() })
    .map((codes) => codes.join(',')),
);

export const sourcesArb = fc.subarray([...SOURCES], { minLength: 1 });
export const flagArb = fc.constantFrom<Flag>(0, 1);

// Labels that are not punycode: an `xn--` label must decode, which random text will not.
const hostLabel = fc
  .stringMatching(/^[a-z\d](?:[a-z\d-]{0,20}[a-z\d])?$/)
  .filter((label) => !label.startsWith('xn--'));
/** A bare host as normalizeDomain returns it. */
export const hostArb = fc
  .tuple(
    fc.array(hostLabel, { minLength: 1, maxLength: 4 }),
    fc.string({ unit: chars(LOWER), minLength: 2, maxLength: 8 }),
  )
  .map(([labels, top]) => [...labels, top].join('.'));

/** Whether two trimmed, non-blank keyword lines are one keyword to normalizeKeywordList. */
export const sameKeyword = (a: string, b: string) =>
  !normalizeKeywordList(`${a}\n${b}`).includes('\n');

/** A keyword list as normalizeKeywordList returns it. */
export const keywordListArb = fc
  .uniqueArray(
    trimmedText(30).filter((s) => !/[\r\n]/.test(s)),
    { minLength: 1, maxLength: 5, comparator: sameKeyword },
  )
  .map((lines) => lines.join('\n'));

export const descriptionArb = trimmedText(1000);

export const valueOfKind: Record<FieldKind, fc.Arbitrary<string>> = {
  domain: hostArb,
  keywords: keywordListArb,
  description: descriptionArb,
};

/** A type's own fields as the forms read them, in the contract's order. */
export const ownFieldsOf = (type: ProjectType) =>
  ownRowsOf(type).map((row) => fieldOf(type, row.name)!);

/** Some of the type's own fields, each valid and normalized, in field-table order. */
export const typeFieldsArb = (type: ProjectType) =>
  fc
    .tuple(
      ...ownFieldsOf(type).map((spec) =>
        fc.option(valueOfKind[spec.kind], { nil: undefined }).map((value) => [spec.name, value]),
      ),
    )
    .map((pairs) =>
      Object.fromEntries(pairs.filter((pair): pair is [string, string] => pair[1] !== undefined)),
    );

export const typeArb = fc.constantFrom(...PROJECT_TYPES);

export const projectInputOfType = (type: ProjectType): fc.Arbitrary<ProjectInput> =>
  fc.record({
    name: nameArb,
    type: fc.constant(type),
    language: languageArb,
    source: sourcesArb,
    location: locationArb,
    email_notification: flagArb,
    browser_notification: flagArb,
    fields: typeFieldsArb(type),
  });

/** A valid project input of any type, already in the form the validator returns. */
export const projectInputArb = typeArb.chain(projectInputOfType);
