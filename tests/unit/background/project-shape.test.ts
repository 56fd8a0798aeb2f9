import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectShape } from '@/lib/background/project-shape';
import { encodeProjectForm } from '@/lib/projects/encode';
import { validateProjectInput } from '@/lib/projects/schema';
import { projectInputArb } from '../support/project-arbitraries';

const valid = {
  name: 'Cargo bikes',
  type: 'topicMonitoring',
  language: 'all',
  source: ['web', 'reddit'],
  location: 'all',
  email_notification: 0,
  browser_notification: 1,
  fields: { topic_keywords: 'cargo bike\nlong tail' },
};

describe('projectShape', () => {
  it('takes whatever the form checked, and sends the same body', () => {
    fc.assert(
      fc.property(projectInputArb, (input) => {
        const checked = validateProjectInput(input);
        if (!checked.ok) return;
        const shaped = projectShape(checked.value);
        expect(shaped).toEqual({ ok: true, value: checked.value });
        if (!shaped.ok) return;
        expect(encodeProjectForm(shaped.value).toString()).toBe(
          encodeProjectForm(checked.value).toString(),
        );
      }),
    );
  });

  it('keeps the type’s own fields only', () => {
    const shaped = projectShape({ ...valid, fields: { ...valid.fields, brand_url: 'x.com' } });
    expect(shaped).toEqual({ ok: true, value: valid });
  });

  it.each([
    ['a blank name', { ...valid, name: '  ' }, 'name'],
    ['a name that is not text', { ...valid, name: 7 }, 'name'],
    ['an unknown type', { ...valid, type: 'other' }, 'type'],
    ['languages as a list', { ...valid, language: ['en'] }, 'language'],
    ['no sources', { ...valid, source: [] }, 'source'],
    ['an unknown source', { ...valid, source: ['web', 'fax'] }, 'source'],
    ['sources as text', { ...valid, source: 'web' }, 'source'],
    ['a location missing', { ...valid, location: undefined }, 'location'],
    ['a flag as text', { ...valid, email_notification: '1' }, 'email_notification'],
    ['a flag out of range', { ...valid, browser_notification: 2 }, 'browser_notification'],
    [
      'an own field that is not text',
      { ...valid, fields: { topic_keywords: 3 } },
      'topic_keywords',
    ],
  ])('refuses %s, naming the field', (_, raw, field) => {
    expect(projectShape(raw)).toEqual({ ok: false, field });
  });

  it('refuses what is not a project at all, naming the first field', () => {
    for (const raw of [null, 'project', 3, []]) {
      expect(projectShape(raw)).toEqual({ ok: false, field: 'name' });
    }
  });
});
