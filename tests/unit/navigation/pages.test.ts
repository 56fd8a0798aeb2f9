// Opening the extension's pages: the options page's routes in its fragment, and how a click opens
// a mention.

import { describe, expect, it } from 'vitest';
import { optionsHash, parseOptionsHash, type OptionsRoute, openMode } from '@/lib/navigation/pages';

// The options page's deep links: written and read back.

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

// How a click on a mention opens it (the click modes).

describe('openMode', () => {
  const click = (
    button: number,
    mods: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean } = {},
  ) => ({
    button,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
  });
  const cases: [string, ReturnType<typeof click>, ReturnType<typeof openMode>][] = [
    ['plain click: in front, popup closes', click(0), 'foreground'],
    ['Ctrl+click: behind', click(0, { ctrlKey: true }), 'background'],
    ['Cmd+click: behind', click(0, { metaKey: true }), 'background'],
    ['Shift+click: behind', click(0, { shiftKey: true }), 'background'],
    ['middle button: behind', click(1), 'background'],
    ['right button: the context menu, not ours', click(2), null],
    ['back button: not ours', click(3), null],
  ];
  for (const [name, event, expected] of cases) {
    it(name, () => expect(openMode(event)).toBe(expected));
  }

  describe('with the preference to open in the background', () => {
    const background: [string, ReturnType<typeof click>, ReturnType<typeof openMode>][] = [
      ['plain click: behind, popup stays', click(0), 'background'],
      ['Ctrl+click: still behind', click(0, { ctrlKey: true }), 'background'],
      ['Cmd+click: still behind', click(0, { metaKey: true }), 'background'],
      ['middle button: still behind', click(1), 'background'],
      ['right button: still not ours', click(2), null],
    ];
    for (const [name, event, expected] of background) {
      it(name, () => expect(openMode(event, true)).toBe(expected));
    }
    it('off: a plain click opens in front as without it', () => {
      expect(openMode(click(0), false)).toBe('foreground');
    });
  });
});
