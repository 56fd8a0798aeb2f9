// @vitest-environment happy-dom
// A relative time on screen: words, the instant, and the exact time on hover.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { RelativeTime } from '@/components/RelativeTime';

afterEach(() => cleanup());

describe('RelativeTime', () => {
  it('RelativeTime: words, the instant and the exact time on hover', () => {
    const now = Date.UTC(2024, 0, 1, 12);
    render(<RelativeTime epochMs={now - 3 * 3_600_000} now={now} phrase={(r) => `Seen ${r}`} />);
    const time = screen.getByText('Seen 3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe('2024-01-01T09:00:00.000Z');
    expect(time.getAttribute('title')).toMatch(/2024/);
  });
});
