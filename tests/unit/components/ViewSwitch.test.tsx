// @vitest-environment happy-dom
// New, All recent and Saved: toggle buttons in a named group, New and Saved with their counts.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewSwitch } from '@/components/ViewSwitch';

afterEach(cleanup);

describe('ViewSwitch', () => {
  it('names each view with its count, the chosen one pressed', () => {
    const onChange = vi.fn();
    render(<ViewSwitch view="saved" unread={1234} saved={3} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Show' });
    expect([...group.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'New 1,234',
      'All recent',
      'Saved 3',
    ]);
    expect(screen.getByRole('button', { name: 'Saved 3' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'All recent' }));
    expect(onChange).toHaveBeenCalledWith('all');
  });

  it('no count when there is none, or while it is not known', () => {
    render(<ViewSwitch view="new" unread={0} saved={null} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'New' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Saved' })).toBeTruthy();
  });
});
