// The field table as the checks read it (the service worker among them): rows by type, by name,
// the website row, and each field's label. The forms' view of the same rows is fields.test.ts's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMMON_ROWS,
  FIELD_TABLE,
  domainRowOf,
  fieldLabel,
  ownRowsOf,
  rowOf,
} from '@/lib/projects/field-table';
import { PROJECT_TYPES } from '@/lib/projects/types';
import { ownFieldsOf } from '../support/project-arbitraries';

const typeArb = fc.constantFrom(...PROJECT_TYPES);
const nameArb = fc.oneof(
  fc.constantFrom(...FIELD_TABLE.map((row) => row.name)),
  fc.string({ maxLength: 30 }),
);

describe('the field table', () => {
  it('names every field once', () => {
    const names = FIELD_TABLE.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(PROJECT_TYPES)('%s: its own rows are the forms’ fields, in the same order', (type) => {
    expect(ownRowsOf(type).map((row) => [row.name, row.kind])).toEqual(
      ownFieldsOf(type).map((spec) => [spec.name, spec.kind]),
    );
  });

  it('finds a row of a common field or of the type’s own, and no other', () => {
    fc.assert(
      fc.property(typeArb, nameArb, (type, name) => {
        const row = rowOf(type, name);
        const expected = FIELD_TABLE.find(
          (r) => r.name === name && (r.types === 'all' || r.types === type),
        );
        expect(row).toBe(expected);
      }),
    );
  });

  it.each([
    ['backlinks', 'backlinks_url'],
    ['brandMonitoring', 'brand_url'],
    ['competitiveMonitoring', 'competitor_url'],
    ['topicMonitoring', undefined],
    ['leadsSalesOpportunities', undefined],
    ['startup', undefined],
  ] as const)('the website row of %s is %s', (type, name) => {
    expect(domainRowOf(type)?.name).toBe(name);
  });

  it.each(PROJECT_TYPES)('%s: labels each of its fields, each with words of its own', (type) => {
    const rows = [...FIELD_TABLE.filter((row) => row.types === 'all'), ...ownRowsOf(type)];
    const labels = rows.map((row) => fieldLabel(row.name));
    expect(labels.every((label) => label.trim() !== '' && !label.startsWith('options'))).toBe(true);
    expect(new Set(labels).size).toBe(rows.length);
  });

  it('labels a row with its own words, not a neighbour’s', () => {
    expect(fieldLabel('backlinks_url')).toBe('Website');
    expect(fieldLabel('competitior_name')).toBe('Competitor names');
    expect(fieldLabel('startup_excluded_keywords')).toBe('Excluded keywords');
    expect(fieldLabel('browser_notification')).toBe('Browser notifications');
  });

  it('labels every field in words, and echoes a name it does not know', () => {
    for (const row of FIELD_TABLE) expect(fieldLabel(row.name)).not.toBe(row.name);
    expect(COMMON_ROWS.map((row) => fieldLabel(row.name))[0]).toBe('Name');
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (name) => {
        fc.pre(!FIELD_TABLE.some((row) => row.name === name));
        expect(fieldLabel(name)).toBe(name);
      }),
    );
  });
});
