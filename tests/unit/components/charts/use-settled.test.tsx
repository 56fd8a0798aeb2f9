// @vitest-environment happy-dom
// The charts' copy of the results: the first taken in an idle moment, later ones once they stopped
// changing for SETTLE_MS and the main thread is idle, nothing left running once the charts are
// gone. The browser's idle callbacks are stood in by ones the test runs.
import { act, cleanup, renderHook } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettled } from '@/components/charts/use-settled';

/** The pause in the changes after which the charts take the newest results (use-settled.ts). */
const SETTLE_MS = 250;
/** The longest wait for an idle moment, so a page that is never idle still updates. */
const IDLE_TIMEOUT_MS = 1_000;

/** Idle callbacks asked for and not yet run or cancelled. */
let idle: Map<number, () => void>;
let nextId: number;
const asked = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  idle = new Map();
  nextId = 1;
  asked.mockReset();
  vi.stubGlobal('requestIdleCallback', (work: () => void, options: IdleRequestOptions) => {
    asked(options);
    idle.set(nextId, work);
    return nextId++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => idle.delete(id));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The main thread is idle: what waited for it runs. */
function idleNow() {
  const waiting = [...idle.values()];
  idle.clear();
  act(() => waiting.forEach((work) => work()));
}

/** Time passes, Preact's effects (after a frame) included. */
function wait(ms: number) {
  act(() => void vi.advanceTimersByTime(ms));
}

function settled(initial: string) {
  return renderHook(({ value }: { value: string }) => useSettled(value), {
    initialProps: { value: initial },
  });
}

describe('useSettled', () => {
  it('takes the first value in the first idle moment, without a pause', () => {
    const { result } = settled('a');
    expect(result.current).toBeNull();
    wait(20);
    expect(idle.size).toBe(1);
    // A page that is never idle still gets its charts.
    expect(asked).toHaveBeenCalledWith({ timeout: IDLE_TIMEOUT_MS });
    idleNow();
    expect(result.current).toBe('a');
  });

  it('takes a later value once it stayed for the pause, then in an idle moment', () => {
    const { result, rerender } = settled('a');
    wait(20);
    idleNow();
    rerender({ value: 'ab' });
    wait(SETTLE_MS - 50);
    rerender({ value: 'abc' });
    // Each value starts the pause again (its effect runs after a frame: within 20 ms).
    wait(SETTLE_MS - 30);
    expect(idle.size).toBe(0);
    expect(result.current).toBe('a');
    wait(60);
    expect(idle.size).toBe(1);
    expect(result.current).toBe('a');
    idleNow();
    expect(result.current).toBe('abc');
  });

  it('a value that comes back before its turn asks for nothing', () => {
    const { result, rerender } = settled('a');
    wait(20);
    idleNow();
    rerender({ value: 'b' });
    wait(20 + SETTLE_MS);
    // Its idle moment had not come yet when the value went back.
    rerender({ value: 'a' });
    wait(20);
    expect(idle.size).toBe(0);
    wait(SETTLE_MS * 2);
    expect(idle.size).toBe(0);
    expect(result.current).toBe('a');
  });

  it('leaves nothing waiting once unmounted', () => {
    const { rerender, unmount } = settled('a');
    wait(20);
    idleNow();
    rerender({ value: 'b' });
    wait(20 + SETTLE_MS);
    expect(idle.size).toBe(1);
    act(() => unmount());
    expect(idle.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
