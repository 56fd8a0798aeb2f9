// How a click on a mention opens it (the click modes).
import { describe, expect, it } from 'vitest';
import { openMode } from '@/lib/navigation/open-intent';

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
