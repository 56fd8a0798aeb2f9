// @vitest-environment happy-dom
// The time inputs' values and minutes after midnight, both ways: what the start field shows for a
// stored time, and what a value typed into it saves.
import { cleanup, fireEvent, render } from '@testing-library/preact';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuietHoursFields } from '@/components/options/QuietHoursFields';

afterEach(() => cleanup());

/** The start field of the quiet hours, rendered alone with `start` stored. */
function startField(start: number, onChange = vi.fn()): HTMLInputElement {
  cleanup();
  const view = render(
    <QuietHoursFields quiet={{ enabled: true, start, end: 0 }} onChange={onChange} />,
  );
  return view.container.querySelector<HTMLInputElement>('#quiet-start')!;
}

/** Minutes after midnight as the time input shows them. */
function timeText(minutes: number): string {
  return startField(minutes).value;
}

/** What typing `value` into the start field saves: its minutes, or null when nothing is saved. */
function minutesOf(value: string): number | null {
  const onChange = vi.fn();
  // A stored start no typed time can equal, so any whole time is a change.
  fireEvent.change(startField(1440, onChange), { target: { value } });
  const calls = onChange.mock.calls as [{ start: number }, string][];
  return calls.length === 0 ? null : calls[0][0].start;
}

describe('quiet hours times', () => {
  it.each([
    [0, '00:00'],
    [8 * 60, '08:00'],
    [22 * 60 + 30, '22:30'],
    [1439, '23:59'],
  ])('%i minutes is %s', (minutes, text) => {
    expect(timeText(minutes)).toBe(text);
    expect(minutesOf(text)).toBe(minutes);
  });

  it('reads the seconds a time input may add, and nothing that is not a whole time', () => {
    expect(minutesOf('07:05:30')).toBe(425);
    expect(minutesOf('07:05:30.250')).toBe(425);
    for (const value of ['', '7:05', '24:00', '12:60', 'noon', '12:00 pm']) {
      expect(minutesOf(value), value).toBeNull();
    }
  });

  it('every minute of the day reads back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        expect(minutesOf(timeText(minutes))).toBe(minutes);
      }),
    );
  });
});
