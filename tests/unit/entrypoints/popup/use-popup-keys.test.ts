// Which shortcut acts on what is on screen (runKeyCommand): the key's meaning is keyCommand's
// (mention-view/keyboard.test.ts); the listener on the page is driven in actions-keyboard.test.tsx
// and the e2e suites.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { runKeyCommand } from '@/entrypoints/popup/use-popup-keys';
import type { KeyCommand } from '@/lib/mention-view/keyboard';

type KeyTargets = Parameters<typeof runKeyCommand>[2];

const COMMANDS: KeyCommand[] = [
  'next',
  'previous',
  'first',
  'last',
  'open',
  'toggle-read',
  'toggle-save',
  'menu',
  'refresh',
  'filter',
  'help',
];

function targets(patch: {
  formOpen?: boolean;
  canRefresh?: boolean;
  filter?: boolean;
  list?: boolean;
  helpOpen?: boolean;
}) {
  const filter = { focus: vi.fn() };
  const list = { move: vi.fn(), act: vi.fn() };
  const on: KeyTargets = {
    formOpen: patch.formOpen ?? false,
    canRefresh: patch.canRefresh ?? true,
    refresh: vi.fn(),
    filter: patch.filter === false ? null : filter,
    list: patch.list === false ? null : list,
    helpOpen: patch.helpOpen ?? false,
    openHelp: vi.fn(),
  };
  const calls = () => [
    ...vi.mocked(on.refresh).mock.calls.map(() => 'refresh'),
    ...filter.focus.mock.calls.map(() => 'focus'),
    ...list.move.mock.calls.map(([to, inList]) => `move ${to} ${inList}`),
    ...list.act.mock.calls.map(([command]) => String(command)),
    ...vi.mocked(on.openHelp).mock.calls.map(() => 'help'),
  ];
  return { on, calls };
}

describe('runKeyCommand', () => {
  it('moves in the list, from inside it or from outside', () => {
    const { on, calls } = targets({});
    expect(runKeyCommand('next', false, on)).toBe(true);
    expect(runKeyCommand('last', true, on)).toBe(true);
    expect(calls()).toEqual(['move next false', 'move last true']);
  });

  it('toggles the active row, focuses the project filter, refreshes', () => {
    const { on, calls } = targets({});
    expect(runKeyCommand('toggle-read', true, on)).toBe(true);
    expect(runKeyCommand('filter', false, on)).toBe(true);
    expect(runKeyCommand('refresh', false, on)).toBe(true);
    expect(calls()).toEqual(['refresh', 'focus', 'toggle-read']);
  });

  it('o opens, s saves and x opens the menu of the current row', () => {
    const { on, calls } = targets({});
    expect(runKeyCommand('open', true, on)).toBe(true);
    expect(runKeyCommand('toggle-save', true, on)).toBe(true);
    expect(runKeyCommand('menu', true, on)).toBe(true);
    expect(calls()).toEqual(['open', 'toggle-save', 'menu']);
  });

  it('leaves a key alone when what it acts on is not on screen', () => {
    const { on, calls } = targets({ list: false, filter: false, canRefresh: false });
    const onScreenless = COMMANDS.filter((command) => command !== 'help');
    for (const command of onScreenless) expect(runKeyCommand(command, false, on)).toBe(false);
    expect(calls()).toEqual([]);
  });

  it('with the site form open, only Refresh and the help still apply', () => {
    const { on, calls } = targets({ formOpen: true });
    for (const command of COMMANDS) {
      expect(runKeyCommand(command, true, on)).toBe(command === 'refresh' || command === 'help');
    }
    expect(calls()).toEqual(['refresh', 'help']);
  });

  it('? opens the help wherever focus is, with nothing else on screen', () => {
    const { on, calls } = targets({ list: false, filter: false, canRefresh: false });
    expect(runKeyCommand('help', false, on)).toBe(true);
    expect(calls()).toEqual(['help']);
  });

  it('with the help open, no key is the popup’s (the dialog has them)', () => {
    const { on, calls } = targets({ helpOpen: true });
    for (const command of COMMANDS) expect(runKeyCommand(command, true, on)).toBe(false);
    expect(calls()).toEqual([]);
  });

  it('says it handled a key exactly when it acted, once (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMMANDS),
        fc.boolean(),
        fc.record({
          formOpen: fc.boolean(),
          canRefresh: fc.boolean(),
          filter: fc.boolean(),
          list: fc.boolean(),
          helpOpen: fc.boolean(),
        }),
        (command, inList, context) => {
          const { on, calls } = targets(context);
          const handled = runKeyCommand(command, inList, on);
          expect(calls()).toHaveLength(handled ? 1 : 0);
          if (context.helpOpen) expect(handled).toBe(false);
          const formKeys = ['refresh', 'help'];
          if (context.formOpen && !formKeys.includes(command)) expect(handled).toBe(false);
        },
      ),
    );
  });
});
