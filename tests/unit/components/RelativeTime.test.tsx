// @vitest-environment happy-dom
// A relative time on screen: words, the instant, and the exact time on hover; and the pages' one
// clock: it ticks while a page stays open, and stops with the page.
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime, useNow } from '@/components/RelativeTime';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RelativeTime', () => {
  it('RelativeTime: words, the instant and the exact time on hover', () => {
    const now = Date.UTC(2024, 0, 1, 12);
    render(<RelativeTime epochMs={now - 3 * 3_600_000} now={now} phrase={(r) => `Seen ${r}`} />);
    const time = screen.getByText('Seen 3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe('2024-01-01T09:00:00.000Z');
    expect(time.getAttribute('title')).toMatch(/2024/);
  });
});

let ticks = 0;

function Clock({ everyMs }: { everyMs?: number }) {
  const now = useNow(everyMs);
  if (now !== 1_000_000) ticks += 1;
  return <p>{now}</p>;
}

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    ticks = 0;
  });

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
