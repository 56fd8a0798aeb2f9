// @vitest-environment happy-dom
// The popup's live region for reports.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusToast } from '@/components/StatusToast';

afterEach(() => cleanup());

describe('StatusToast', () => {
  it('StatusToast: the live region is always there; a report shows in it', () => {
    const { rerender } = render(<StatusToast report={null} />);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<StatusToast report={{ text: 'No new mentions', tone: 'info' }} />);
    expect(screen.getByRole('status').textContent).toBe('No new mentions');
  });
});
