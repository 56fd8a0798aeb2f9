import { describe, expect, it } from 'vitest';
import type { ServiceProject } from '@/lib/projects/types';
import { projectsForSite } from '@/lib/site/site-projects';

function project(
  id: number,
  name: string,
  type: string,
  fields: Record<string, string>,
): ServiceProject {
  return { project_id: id, name, type, fields };
}

const PROJECTS = [
  project(1, 'Acme', 'brandMonitoring', { brand_url: 'acme.com', brand_name: 'Acme' }),
  project(2, 'Acme links', 'backlinks', { backlinks_url: 'https://www.acme.com/' }),
  project(3, 'Globex', 'competitiveMonitoring', { competitor_url: 'globex.test' }),
  project(4, 'Acme topics', 'topicMonitoring', { topic_keywords: 'acme.com' }),
  project(5, 'Odd', 'somethingNew', { brand_url: 'acme.com' }),
  project(6, 'Acme shop', 'brandMonitoring', { brand_url: 'shop.acme.com' }),
];

describe('projectsForSite', () => {
  it('finds the projects whose website field names the site, exact matches first', () => {
    const found = projectsForSite('shop.acme.com', PROJECTS);
    expect(found.map((f) => [f.project.name, f.field, f.exact])).toEqual([
      ['Acme shop', 'brand_url', true],
      ['Acme', 'brand_url', false],
      ['Acme links', 'backlinks_url', false],
    ]);
  });

  it('reads a pasted URL in the field, and ignores www. on either side', () => {
    const found = projectsForSite('www.acme.com', PROJECTS).map((f) => f.project.project_id);
    expect(found).toEqual([1, 2]);
  });

  it('knows the competitor field, and ignores keyword fields and unknown types', () => {
    expect(projectsForSite('globex.test', PROJECTS).map((f) => f.field)).toEqual([
      'competitor_url',
    ]);
    expect(projectsForSite('initech.test', PROJECTS)).toEqual([]);
  });
});
