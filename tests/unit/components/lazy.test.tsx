// @vitest-environment happy-dom
// A component loaded on first use: nothing until its module answers, then the component with the
// props given; one load for every showing; a failed load reported to the opener and tried again.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazy } from '@/components/lazy';

afterEach(cleanup);

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazy', () => {
  it('renders nothing until loaded, then the component; loads once', async () => {
    const load = vi.fn(async () => Hello);
    const Lazy = lazy(load);
    const view = render(<Lazy name="Ann" onUnavailable={vi.fn()} />);
    expect(view.container.textContent).toBe('');
    await screen.findByText('Hello Ann');
    view.unmount();
    render(<Lazy name="Bob" onUnavailable={vi.fn()} />);
    await screen.findByText('Hello Bob');
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a module that cannot be loaded: the opener hears of it, and the next showing tries again', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new Error('gone'))
      .mockResolvedValue(Hello);
    const Lazy = lazy(load);
    const onUnavailable = vi.fn();
    const view = render(<Lazy name="Ann" onUnavailable={onUnavailable} />);
    await waitFor(() => expect(onUnavailable).toHaveBeenCalledTimes(1));
    view.unmount();
    render(<Lazy name="Ann" onUnavailable={onUnavailable} />);
    await screen.findByText('Hello Ann');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
