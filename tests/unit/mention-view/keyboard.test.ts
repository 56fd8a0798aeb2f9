// The popup's keyboard shortcuts: which key press is which command.
import { describe, expect, it } from 'vitest';
import { keyCommand, type KeyPress } from '@/lib/mention-view/keyboard';

describe('keyCommand', () => {
  const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  });
  const list = { inField: false, inList: true };
  const page = { inField: false, inList: false };
  const field = { inField: true, inList: false };
  const cases: [string, KeyPress, typeof list, ReturnType<typeof keyCommand>][] = [
    ['j moves down', press('j'), list, 'next'],
    ['k moves up', press('k'), list, 'previous'],
    ['ArrowDown moves down', press('ArrowDown'), list, 'next'],
    ['ArrowUp moves up', press('ArrowUp'), list, 'previous'],
    ['Home and End in the list', press('Home'), list, 'first'],
    ['End', press('End'), list, 'last'],
    ['m toggles read', press('m'), list, 'toggle-read'],
    ['r refreshes', press('r'), list, 'refresh'],
    ['/ focuses the filter', press('/'), list, 'filter'],
    ['/ typed with Shift on some layouts', press('/'), page, 'filter'],
    ['j from outside the list enters it', press('j'), page, 'next'],
    ['ArrowDown from outside enters it', press('ArrowDown'), page, 'next'],
    ['ArrowUp outside the list scrolls as usual', press('ArrowUp'), page, null],
    ['Home outside the list is left alone', press('Home'), page, null],
    ['m outside the list does nothing', press('m'), page, null],
    ['r on the page refreshes', press('r'), page, 'refresh'],
    ['Ctrl+R is the browser reload', press('r', { ctrlKey: true }), page, null],
    ['Cmd+J is not ours', press('j', { metaKey: true }), list, null],
    ['Alt+m is not ours', press('m', { altKey: true }), list, null],
    ['letters in a field are typing', press('j'), field, null],
    ['/ in a field is typing', press('/'), field, null],
    ['arrows in a select choose options', press('ArrowDown'), field, null],
    ['capital R is not r', press('R'), page, null],
    ['Enter is native', press('Enter'), list, null],
  ];
  for (const [name, key, where, expected] of cases) {
    it(name, () => expect(keyCommand(key, where)).toBe(expected));
  }
});
