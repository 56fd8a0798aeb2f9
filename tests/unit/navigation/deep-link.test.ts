// The options page's deep links: written and read back.
import { describe, expect, it } from 'vitest';
import { optionsHash, parseOptionsHash, type OptionsRoute } from '@/lib/navigation/deep-link';

describe('deep links', () => {
  it.each<[string, OptionsRoute]>([
    ['', { view: 'home' }],
    ['#', { view: 'home' }],
    ['#project=1201', { view: 'project', projectId: 1201 }],
    ['project=7', { view: 'project', projectId: 7 }],
    ['#project=0', { view: 'project', projectId: 0 }],
    ['#project=', { view: 'home' }],
    ['#project=-3', { view: 'home' }],
    ['#project=12abc', { view: 'home' }],
    ['#project=1.5', { view: 'home' }],
    ['#project=99999999999999999999', { view: 'home' }],
    ['#add', { view: 'add' }],
    ['#add=', { view: 'add' }],
    ['#add=backlinks', { view: 'add', type: 'backlinks' }],
    ['#add=BRANDMONITORING', { view: 'add', type: 'brandMonitoring' }],
    ['#add=nonsense', { view: 'add' }],
    [
      '#add=brandMonitoring&domain=acme.test',
      { view: 'add', type: 'brandMonitoring', domain: 'acme.test' },
    ],
    [
      '#add=backlinks&domain=https%3A%2F%2Fwww.Acme.test%2Fshop%3Fx%3D1',
      { view: 'add', type: 'backlinks', domain: 'acme.test' },
    ],
    ['#add=backlinks&domain=not%20a%20domain', { view: 'add', type: 'backlinks' }],
    ['#add=backlinks&domain=javascript%3Aalert(1)', { view: 'add', type: 'backlinks' }],
    [
      '#add=topicMonitoring&domain=acme.test',
      { view: 'add', type: 'topicMonitoring', domain: 'acme.test' },
    ],
    ['#something=else', { view: 'home' }],
  ])('%s opens %j', (hash, route) => {
    expect(parseOptionsHash(hash)).toEqual(route);
  });

  it.each<OptionsRoute>([
    { view: 'home' },
    { view: 'project', projectId: 42 },
    { view: 'add' },
    { view: 'add', type: 'startup' },
    { view: 'add', type: 'competitiveMonitoring', domain: 'globex.test' },
  ])('writes %j so that it reads back the same', (route) => {
    expect(parseOptionsHash(`#${optionsHash(route)}`)).toEqual(route);
  });
});
