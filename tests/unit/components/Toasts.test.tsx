// @vitest-environment happy-dom
// What floats over the list: the live region for reports, the Undo bar's timing (how long it
// stays, and what ends it), and the "new mentions" button.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewArrivals, StatusToast, UndoBar } from '@/components/Toasts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('StatusToast', () => {
  it('StatusToast: the live region is always there; a report shows in it', () => {
    const { rerender } = render(<StatusToast report={null} />);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<StatusToast report={{ text: 'No new mentions', tone: 'info' }} />);
    expect(screen.getByRole('status').textContent).toBe('No new mentions');
  });
});

describe('UndoBar', () => {
  it('goes away by itself, but not while the pointer or focus is on it', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    const onUndo = vi.fn();
    render(
      <UndoBar
        message="Muted author Jane Doe"
        onUndo={onUndo}
        onDismiss={onDismiss}
        timeoutMs={1_000}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Muted author Jane Doe');
    const bar = screen.getByRole('status').parentElement!;
    fireEvent.mouseEnter(bar);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.mouseLeave(bar);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
  });

  it('a new message starts the time again', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    const view = render(
      <UndoBar message="First" onUndo={vi.fn()} onDismiss={onDismiss} timeoutMs={1_000} />,
    );
    act(() => {
      vi.advanceTimersByTime(900);
    });
    view.rerender(
      <UndoBar message="Second" onUndo={vi.fn()} onDismiss={onDismiss} timeoutMs={1_000} />,
    );
    act(() => {
      vi.advanceTimersByTime(900);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Second');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe('NewArrivals', () => {
  it('NewArrivals: a count in words', () => {
    const onShow = vi.fn();
    render(<NewArrivals count={4} onShow={onShow} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show 4 new mentions' }));
    expect(onShow).toHaveBeenCalled();
  });
});
