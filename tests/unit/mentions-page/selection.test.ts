// Selecting rows for a bulk action: a click toggles one, a Shift-click sets a run to the anchor's
// state, "select all" takes every row shown, and a selection loses the rows that leave the list.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clickRow,
  keepShown,
  NO_SELECTION,
  selectAll,
  type Selection,
} from '@/lib/mentions-page/selection';

const ORDER = ['1:1', '1:2', '1:3', '1:4', '1:5', '1:6'];

/** Applies clicks in turn from nothing selected. */
function clicks(...steps: [key: string, shift: boolean][]): Selection {
  return steps.reduce((sel, [key, shift]) => clickRow(sel, key, shift, ORDER), NO_SELECTION);
}

const sorted = (sel: Selection) => [...sel.keys].sort();

describe('clickRow', () => {
  const cases: {
    name: string;
    steps: [string, boolean][];
    keys: string[];
    anchor: string | null;
  }[] = [
    { name: 'a click selects', steps: [['1:2', false]], keys: ['1:2'], anchor: '1:2' },
    {
      name: 'a second click clears',
      steps: [
        ['1:2', false],
        ['1:2', false],
      ],
      keys: [],
      anchor: '1:2',
    },
    {
      name: 'clicks add up',
      steps: [
        ['1:2', false],
        ['1:5', false],
      ],
      keys: ['1:2', '1:5'],
      anchor: '1:5',
    },
    {
      name: 'Shift-click down selects the run',
      steps: [
        ['1:2', false],
        ['1:4', true],
      ],
      keys: ['1:2', '1:3', '1:4'],
      anchor: '1:4',
    },
    {
      name: 'Shift-click up selects the run',
      steps: [
        ['1:5', false],
        ['1:3', true],
      ],
      keys: ['1:3', '1:4', '1:5'],
      anchor: '1:3',
    },
    {
      name: 'Shift-click after a clearing clears the run',
      steps: [
        ['1:1', false],
        ['1:6', true],
        ['1:2', false],
        ['1:4', true],
      ],
      keys: ['1:1', '1:5', '1:6'],
      anchor: '1:4',
    },
    {
      name: 'the next Shift-click starts where the last one ended',
      steps: [
        ['1:1', false],
        ['1:2', true],
        ['1:4', true],
      ],
      keys: ['1:1', '1:2', '1:3', '1:4'],
      anchor: '1:4',
    },
    {
      name: 'Shift-click with no anchor toggles',
      steps: [['1:3', true]],
      keys: ['1:3'],
      anchor: '1:3',
    },
    {
      name: 'Shift-click on the anchor itself toggles',
      steps: [
        ['1:3', false],
        ['1:3', true],
      ],
      keys: [],
      anchor: '1:3',
    },
    {
      name: 'Shift-click on a row not shown toggles it alone',
      steps: [
        ['1:3', false],
        ['9:9', true],
      ],
      keys: ['1:3', '9:9'],
      anchor: '9:9',
    },
  ];

  it.each(cases)('$name', ({ steps, keys, anchor }) => {
    const sel = clicks(...steps);
    expect(sorted(sel)).toEqual(keys);
    expect(sel.anchor).toBe(anchor);
  });

  it('never changes the selection it is given', () => {
    const before = clicks(['1:2', false]);
    clickRow(before, '1:5', true, ORDER);
    expect(sorted(before)).toEqual(['1:2']);
    expect(NO_SELECTION.keys.size).toBe(0);
  });
});

describe('selectAll and keepShown', () => {
  it('selectAll takes every row shown, pages not rendered included', () => {
    const order = Array.from({ length: 5000 }, (_, i) => `1:${i}`);
    const sel = selectAll(order);
    expect(sel.keys.size).toBe(5000);
    expect(sel.anchor).toBeNull();
  });

  it('keepShown drops rows that left the list, and an anchor that left', () => {
    const sel = clicks(['1:2', false], ['1:4', true]);
    const kept = keepShown(sel, ['1:1', '1:3', '1:5']);
    expect(sorted(kept)).toEqual(['1:3']);
    expect(kept.anchor).toBeNull();
  });

  it('keepShown gives back the same selection when every row is still shown', () => {
    const sel = clicks(['1:2', false]);
    expect(keepShown(sel, ORDER)).toBe(sel);
    expect(keepShown(NO_SELECTION, [])).toBe(NO_SELECTION);
  });
});

// Lists of distinct keys, and selections over some of them plus keys of rows no longer shown.
const orderArb = fc.uniqueArray(fc.integer({ min: 1, max: 60 }).map(String), {
  minLength: 1,
  maxLength: 30,
});
const scenario = orderArb.chain((order) =>
  fc.record({
    order: fc.constant(order),
    selected: fc.subarray([...order, 'gone:1', 'gone:2']),
    anchor: fc.option(fc.constantFrom(...order, 'gone:1'), { nil: null }),
    key: fc.constantFrom(...order),
    shift: fc.boolean(),
  }),
);

describe('selection properties', () => {
  it('a plain click changes exactly the clicked row, and anchors there', () => {
    fc.assert(
      fc.property(scenario, ({ order, selected, anchor, key }) => {
        const sel = { keys: new Set(selected), anchor };
        const next = clickRow(sel, key, false, order);
        expect(next.keys.has(key)).toBe(!sel.keys.has(key));
        for (const other of [...order, 'gone:1', 'gone:2']) {
          if (other !== key) expect(next.keys.has(other)).toBe(sel.keys.has(other));
        }
        expect(next.anchor).toBe(key);
        // A second plain click undoes the first.
        expect(sorted(clickRow(next, key, false, order))).toEqual([...sel.keys].sort());
      }),
    );
  });

  it('a Shift-click sets the run to the anchor’s state and leaves every other row alone', () => {
    fc.assert(
      fc.property(scenario, ({ order, selected, anchor, key }) => {
        const sel = { keys: new Set(selected), anchor };
        const next = clickRow(sel, key, true, order);
        const from = anchor === null || anchor === key ? -1 : order.indexOf(anchor);
        if (from === -1) {
          // No range: a toggle.
          expect(sorted(next)).toEqual(sorted(clickRow(sel, key, false, order)));
          return;
        }
        const to = order.indexOf(key);
        const state = sel.keys.has(anchor!);
        const [low, high] = [Math.min(from, to), Math.max(from, to)];
        order.forEach((row, index) => {
          const inRun = index >= low && index <= high;
          expect(next.keys.has(row)).toBe(inRun ? state : sel.keys.has(row));
        });
        expect(next.keys.has('gone:1')).toBe(sel.keys.has('gone:1'));
        expect(next.anchor).toBe(key);
      }),
    );
  });

  it('keepShown keeps exactly the selected rows still shown, and is idempotent', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 30 }), (s, cut) => {
        const sel = { keys: new Set(s.selected), anchor: s.anchor };
        const shown = s.order.slice(cut);
        const kept = keepShown(sel, shown);
        expect(sorted(kept)).toEqual(s.selected.filter((key) => shown.includes(key)).sort());
        expect(kept.anchor).toBe(s.anchor !== null && shown.includes(s.anchor) ? s.anchor : null);
        expect(keepShown(kept, shown)).toBe(kept);
      }),
    );
  });

  it('selectAll holds every row shown and nothing else', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        expect(sorted(selectAll(order))).toEqual([...order].sort());
      }),
    );
  });
});
