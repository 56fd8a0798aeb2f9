// @vitest-environment happy-dom
// The pages' one clock: it ticks while a page stays open, and stops with the page.
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from '@/components/use-now';

let ticks = 0;

function Clock({ everyMs }: { everyMs?: number }) {
  const now = useNow(everyMs);
  if (now !== 1_000_000) ticks += 1;
  return <p>{now}</p>;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  ticks = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useNow', () => {
  it('is the time now, again every 30 seconds', () => {
    const view = render(<Clock />);
    expect(screen.getByText('1000000')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(29_999));
    expect(screen.getByText('1000000')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('1030000')).toBeTruthy();
    expect(ticks).toBe(1);
    const cleared = vi.spyOn(globalThis, 'clearInterval');
    act(() => void view.unmount());
    // Its interval is gone with the page.
    expect(cleared).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(ticks).toBe(1);
  });

  it('ticks as often as asked', () => {
    render(<Clock everyMs={1_000} />);
    act(() => void vi.advanceTimersByTime(3_000));
    expect(screen.getByText('1003000')).toBeTruthy();
  });
});
