// @vitest-environment happy-dom
// An empty list's heading, words and one action.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from '@/components/ListStates';

afterEach(() => cleanup());

describe('EmptyState', () => {
  it('EmptyState: a heading, the words and one action', () => {
    const onClick = vi.fn();
    render(
      <EmptyState icon="done" title="Done" action={{ label: 'Go', onClick }}>
        <p>All done.</p>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Done' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onClick).toHaveBeenCalled();
  });
});
