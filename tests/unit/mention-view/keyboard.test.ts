// The popup's keyboard shortcuts: which key press is which command, and the one table that the
// hint under the list and the help overlay read.
import { describe, expect, it } from 'vitest';
import { keyCommand, SHORTCUTS, shortcutHint, shownKey } from '@/lib/mention-view/keyboard';

type KeyPress = Parameters<typeof keyCommand>[0];

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
    ['o opens the mention', press('o'), list, 'open'],
    ['o outside the list does nothing', press('o'), page, null],
    ['s saves or unsaves', press('s'), list, 'toggle-save'],
    ['s outside the list does nothing', press('s'), page, null],
    ['x opens the row menu', press('x'), list, 'menu'],
    ['x outside the list does nothing', press('x'), page, null],
    ['s in a field is typing', press('s'), field, null],
    ['Ctrl+S is the browser’s', press('s', { ctrlKey: true }), list, null],
    ['? opens the help', press('?'), page, 'help'],
    ['? in the list too', press('?'), list, 'help'],
    ['? in a field is typing', press('?'), field, null],
    ['Alt+? is not ours', press('?', { altKey: true }), page, null],
    ['Escape is the dialog’s', press('Escape'), page, null],
  ];
  for (const [name, key, where, expected] of cases) {
    it(name, () => expect(keyCommand(key, where)).toBe(expected));
  }
});

describe('SHORTCUTS', () => {
  const where = [
    { inField: false, inList: true },
    { inField: false, inList: false },
  ];
  const press = (key: string): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false });

  it('lists every key keyCommand answers to, with the command it gives', () => {
    const candidates = ['j', 'k', 'm', 'r', 's', 'x', 'o', '/', '?', 'R', 'J', ' ', 'Tab', 'Enter'];
    const arrows = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape'];
    for (const key of [...candidates, ...arrows]) {
      for (const w of where) {
        const command = keyCommand(press(key), w);
        if (command === null) continue;
        const row = SHORTCUTS.find((s) => s.keys.some((k) => k.key === key));
        expect({ key, action: row?.action }).toEqual({ key, action: command });
      }
    }
  });

  it('maps every listed key but Enter and Esc, which the browser and the dialog handle', () => {
    const native: string[] = [];
    for (const { action, keys } of SHORTCUTS) {
      for (const key of keys) {
        const command = keyCommand(press(key.key), { inField: false, inList: true });
        if (key.native) native.push(key.key);
        expect({ key: key.key, command }).toEqual({
          key: key.key,
          command: key.native ? null : action,
        });
      }
    }
    expect(native).toEqual(['Enter', 'Escape']);
  });

  it('has one row per action and shows each key once', () => {
    const actions = SHORTCUTS.map((s) => s.action);
    expect(new Set(actions).size).toBe(actions.length);
    const keys = SHORTCUTS.flatMap((s) => s.keys.map(shownKey));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([
      'j',
      '↓',
      'k',
      '↑',
      'Home',
      'End',
      'Enter',
      'o',
      'm',
      's',
      'x',
      'r',
      '/',
      '?',
      'Esc',
    ]);
  });

  it('gives the hint under the list its keys', () => {
    expect(shortcutHint()).toBe(
      'Keys: j/k move, Enter opens, m marks read, s saves, r refreshes, / filters, ? all keys.',
    );
  });
});
