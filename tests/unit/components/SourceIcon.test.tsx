// @vitest-environment happy-dom
// A mention's source mark.
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceIcon } from '@/components/SourceIcon';

afterEach(() => cleanup());

describe('SourceIcon', () => {
  it('SourceIcon: a mark per known source, a plain dot otherwise; decorative', () => {
    const { container } = render(
      <>
        <SourceIcon source="reddit" />
        <SourceIcon source="podcasts" />
      </>,
    );
    const [reddit, other] = container.querySelectorAll('.source-icon');
    expect(reddit.classList.contains('source-icon--reddit')).toBe(true);
    expect(other.classList.contains('source-icon--other')).toBe(true);
    expect(reddit.getAttribute('aria-hidden')).toBe('true');
  });
});
