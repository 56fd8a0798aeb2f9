// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SourceCheckboxes, toggledSources } from '@/components/form/SourceCheckboxes';
import { SOURCES } from '@/lib/projects/types';

describe('toggledSources', () => {
  it.each([
    [['twitter', 'web'], 'reddit', true, ['twitter', 'web', 'reddit']],
    [['twitter', 'web'], 'twitter', false, ['web']],
    [['twitter'], 'twitter', true, ['twitter']],
    [[], 'blogs', false, []],
  ] as const)('%j with %s %s gives %j', (current, source, on, expected) => {
    expect(toggledSources(current, source, on)).toEqual(expected);
  });
});

describe('SourceCheckboxes', () => {
  afterEach(cleanup);

  it('shows one labelled checkbox per source and reports each toggle', () => {
    const onToggle = vi.fn();
    render(
      <SourceCheckboxes
        idPrefix="t-source"
        selected={['reddit']}
        invalid={false}
        gridClass="grid"
        itemClass="item"
        onToggle={onToggle}
      />,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(SOURCES.length);
    expect((screen.getByLabelText('Reddit') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Web'));
    expect(onToggle).toHaveBeenCalledWith('web', true);
  });

  it('marks every checkbox invalid when the selection is', () => {
    render(
      <SourceCheckboxes
        idPrefix="t-source"
        selected={[]}
        invalid
        gridClass="grid"
        itemClass="item"
        onToggle={() => {}}
      />,
    );
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box.getAttribute('aria-invalid')).toBe('true');
    }
  });
});
