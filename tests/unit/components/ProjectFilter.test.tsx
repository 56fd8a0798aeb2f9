// @vitest-environment happy-dom
// The project filter's choices.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectFilter } from '@/components/ProjectFilter';

afterEach(() => cleanup());

describe('ProjectFilter', () => {
  it('ProjectFilter: a project the cache does not know is named by its id', () => {
    const onChange = vi.fn();
    render(
      <ProjectFilter
        options={[{ projectId: 7, name: null, unread: 2 }]}
        totalUnread={2}
        value={null}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('option', { name: 'Project 7 (2)' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '7' } });
    expect(onChange).toHaveBeenCalledWith(7);
  });
});
