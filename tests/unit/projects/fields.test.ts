import { describe, expect, it } from 'vitest';
import { domainFieldOf, fieldOf } from '@/lib/projects/fields';
import { COMMON_ROWS, fieldLabel } from '@/lib/projects/field-table';
import {
  PROJECT_TYPES,
  SOURCES,
  isProjectType,
  isSource,
  SOURCE_OPTIONS,
  TYPE_OPTIONS,
  typeLabel,
} from '@/lib/projects/types';
import { ownFieldsOf } from '../support/project-arbitraries';

/** A source's words, as the form's choices list them. */
const sourceLabel = (source: string) => SOURCE_OPTIONS.find((o) => o.value === source)?.label;

// The contract's type-specific table, transcribed by hand: the field table must match it exactly.
const CONTRACT = {
  backlinks: [['backlinks_url', 'domain']],
  brandMonitoring: [
    ['brand_url', 'domain'],
    ['brand_name', 'keywords'],
    ['brand_excluded_keywords', 'keywords'],
  ],
  competitiveMonitoring: [
    ['competitor_url', 'domain'],
    ['competitior_name', 'keywords'],
    ['competitior_excluded_keywords', 'keywords'],
  ],
  topicMonitoring: [
    ['topic_keywords', 'keywords'],
    ['topic_excluded_keywords', 'keywords'],
  ],
  leadsSalesOpportunities: [
    ['sales_product_description', 'description'],
    ['sales_keywords', 'keywords'],
    ['sales_competitors', 'keywords'],
    ['sales_excluded_keywords', 'keywords'],
  ],
  startup: [
    ['startup_keywords', 'keywords'],
    ['startup_product_description', 'description'],
    ['startup_competitors', 'keywords'],
    ['startup_excluded_keywords', 'keywords'],
  ],
} as const;

describe('field table', () => {
  it.each(PROJECT_TYPES)('%s has the contract fields, kinds and order', (type) => {
    expect(ownFieldsOf(type).map((f) => [f.name, f.kind])).toEqual(CONTRACT[type]);
  });

  it('keeps the contract misspellings of the competitor fields', () => {
    const names = ownFieldsOf('competitiveMonitoring').map((f) => f.name);
    expect(names).toContain('competitior_name');
    expect(names).toContain('competitior_excluded_keywords');
    expect(names).not.toContain('competitor_name');
  });

  it('gives every field a label and help text', () => {
    for (const type of PROJECT_TYPES) {
      for (const spec of ownFieldsOf(type)) {
        expect(spec.label.trim(), spec.name).not.toBe('');
        expect(spec.help.trim(), spec.name).not.toBe('');
      }
    }
  });

  it('never gives two types the same field name', () => {
    const names = PROJECT_TYPES.flatMap((type) => ownFieldsOf(type).map((f) => f.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    ['backlinks', 'backlinks_url'],
    ['brandMonitoring', 'brand_url'],
    ['competitiveMonitoring', 'competitor_url'],
    ['topicMonitoring', undefined],
    ['leadsSalesOpportunities', undefined],
    ['startup', undefined],
  ] as const)('the domain field of %s is %s', (type, name) => {
    expect(domainFieldOf(type)?.name).toBe(name);
  });

  it('finds a field only within its own type', () => {
    expect(fieldOf('brandMonitoring', 'brand_name')?.label).toBe('Brand names');
    expect(fieldOf('topicMonitoring', 'brand_name')).toBeUndefined();
    expect(fieldOf('topicMonitoring', 'name')).toBeUndefined();
  });
});

describe('labels', () => {
  it.each([
    ['backlinks', 'Backlinks'],
    ['brandMonitoring', 'Brand monitoring'],
    ['competitiveMonitoring', 'Competitive monitoring'],
    ['topicMonitoring', 'Topic monitoring'],
    ['leadsSalesOpportunities', 'Leads and sales opportunities'],
    ['startup', 'Startup'],
  ] as const)('type %s reads "%s"', (type, label) => {
    expect(typeLabel(type)).toBe(label);
  });

  it.each([
    ['twitter', 'Twitter'],
    ['linkedin', 'LinkedIn'],
    ['social', 'Social'],
    ['youtube', 'YouTube'],
    ['reddit', 'Reddit'],
    ['web', 'Web'],
    ['blogs', 'Blogs'],
  ] as const)('source %s reads "%s"', (source, label) => {
    expect(sourceLabel(source)).toBe(label);
  });

  it('lists every type and source once, in contract order, for forms', () => {
    expect(TYPE_OPTIONS.map((o) => o.value)).toEqual([...PROJECT_TYPES]);
    expect(SOURCE_OPTIONS.map((o) => o.value)).toEqual([...SOURCES]);
    expect(SOURCE_OPTIONS.map((o) => o.label)).toEqual(SOURCES.map(sourceLabel));
  });

  it('labels common fields, type fields, and echoes unknown names', () => {
    expect(COMMON_ROWS.map((row) => fieldLabel(row.name))).toEqual([
      'Name',
      'Project type',
      'Languages',
      'Sources',
      'Locations',
      'Email notifications',
      'Browser notifications',
    ]);
    expect(fieldLabel('competitor_url')).toBe('Competitor website');
    expect(fieldLabel('mystery')).toBe('mystery');
  });
});

describe('type guards', () => {
  it('accept exactly the contract spellings', () => {
    expect(PROJECT_TYPES.every(isProjectType)).toBe(true);
    expect(SOURCES.every(isSource)).toBe(true);
    for (const value of ['Backlinks', 'brandmonitoring', '', 'the service', 3, null, undefined]) {
      expect(isProjectType(value)).toBe(false);
    }
    for (const value of ['Reddit', 'the service', 'web ', '', 1, undefined]) {
      expect(isSource(value)).toBe(false);
    }
  });
});
