// A page's early read: started before the page renders, its changes held until the page takes
// them (none lost in between), and handed over once; a later mount starts a fresh one.
import { describe, expect, it, vi } from 'vitest';
import { earlyReader, startEarlyRead } from '@/lib/storage/early-read';

function source() {
  let send: (change: string) => void = () => {};
  const stop = vi.fn();
  const read = vi.fn(() => Promise.resolve('first'));
  const watch = (onChange: (change: string) => void) => {
    send = onChange;
    return stop;
  };
  return { read, watch, stop, send: (change: string) => send(change) };
}

describe('startEarlyRead', () => {
  it('holds what changes before the page attaches, then forwards it, and stops the watch', async () => {
    const s = source();
    const early = startEarlyRead(s.read, s.watch);
    expect(s.read).toHaveBeenCalledTimes(1);
    s.send('a');
    s.send('b');
    const seen: string[] = [];
    const stop = early.attach((change) => seen.push(change));
    expect(seen).toEqual(['a', 'b']);
    s.send('c');
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(await early.data).toBe('first');
    stop();
    expect(s.stop).toHaveBeenCalledTimes(1);
  });
});

describe('earlyReader', () => {
  it('hands the prefetched read over once; a later take starts a fresh one', () => {
    const s = source();
    const reader = earlyReader(() => startEarlyRead(s.read, s.watch));
    reader.prefetch();
    reader.prefetch();
    expect(s.read).toHaveBeenCalledTimes(1);
    const first = reader.take();
    expect(s.read).toHaveBeenCalledTimes(1);
    const second = reader.take();
    expect(second).not.toBe(first);
    expect(s.read).toHaveBeenCalledTimes(2);
  });
});
