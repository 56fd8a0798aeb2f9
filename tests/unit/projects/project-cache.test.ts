// The project cache, read as input: pages name and count projects from it, so a damaged record
// must never reach them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCachedProjects } from '@/lib/projects/project-cache';
import type { ServiceProject } from '@/lib/projects/types';

const project: ServiceProject = {
  project_id: 1201,
  name: 'Acme',
  type: 'brandMonitoring',
  language: 'en',
  source: 'twitter,web',
  location: 'all',
  email_notification: 0,
  browser_notification: 1,
  fields: { brand_url: 'acme.test' },
};

describe('the project cache', () => {
  it('keeps a valid project exactly', () => {
    expect(parseCachedProjects([project])).toEqual([project]);
  });

  it.each<[string, unknown, ServiceProject | undefined]>([
    ['no id', { ...project, project_id: undefined }, undefined],
    ['an id that is text', { ...project, project_id: '1201' }, undefined],
    ['a negative id', { ...project, project_id: -1 }, undefined],
    ['a name that is not text', { ...project, name: { html: '<b>' } }, { ...project, name: '' }],
    [
      'a flag that is text',
      { ...project, browser_notification: '1' },
      (({ browser_notification: _flag, ...rest }) => rest)(project),
    ],
    [
      'a field that is not text',
      { ...project, fields: { brand_url: 'acme.test', competitor: 5 } },
      project,
    ],
    ['fields that are a list', { ...project, fields: ['x'] }, { ...project, fields: {} }],
    // Found by the property below: storage gives back JSON, where -0 is 0.
    [
      'a flag of -0',
      { ...project, browser_notification: -0 },
      { ...project, browser_notification: 0 },
    ],
    ['an id of -0', { ...project, project_id: -0 }, { ...project, project_id: 0 }],
  ])('checks each member: %s', (_what, raw, expected) => {
    // A project without a usable id is left out of the list.
    expect(parseCachedProjects([raw])).toEqual(expected === undefined ? [] : [expected]);
  });

  it('drops what is not a list, and a second record of one id', () => {
    expect(parseCachedProjects({ 0: project })).toEqual([]);
    expect(parseCachedProjects([project, { ...project, name: 'Again' }])).toEqual([project]);
  });

  it('always yields projects pages can use', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.anything(),
            fc.record({
              project_id: fc.oneof(fc.integer(), fc.anything()),
              name: fc.anything(),
              type: fc.anything(),
              fields: fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())),
              browser_notification: fc.anything(),
            }),
          ),
        ),
        (raw) => {
          const projects = parseCachedProjects(raw);
          const ids = projects.map((p) => p.project_id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const p of projects) {
            expect(Number.isSafeInteger(p.project_id) && p.project_id >= 0).toBe(true);
            expect(typeof p.name).toBe('string');
            expect(typeof p.type).toBe('string');
            expect(Object.values(p.fields).every((v) => typeof v === 'string')).toBe(true);
            expect([undefined, 0, 1]).toContain(p.browser_notification);
          }
          expect(parseCachedProjects(JSON.parse(JSON.stringify(projects)))).toEqual(projects);
        },
      ),
    );
  });
});
