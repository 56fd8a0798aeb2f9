// @vitest-environment happy-dom
// The "new mentions" button.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewArrivals } from '@/components/NewArrivals';

afterEach(() => cleanup());

describe('NewArrivals', () => {
  it('NewArrivals: a count in words', () => {
    const onShow = vi.fn();
    render(<NewArrivals count={4} onShow={onShow} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show 4 new mentions' }));
    expect(onShow).toHaveBeenCalled();
  });
});
