// @vitest-environment happy-dom
// A row's sentiment mark.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SentimentMark } from '@/components/RowBody';

afterEach(() => cleanup());

describe('SentimentMark', () => {
  it('SentimentMark: a labelled image for each sign', () => {
    render(
      <>
        <SentimentMark value={1} />
        <SentimentMark value={0} />
        <SentimentMark value={-4} />
      </>,
    );
    expect(screen.getAllByRole('img').map((el) => el.getAttribute('aria-label'))).toEqual([
      'Positive sentiment',
      'Neutral sentiment',
      'Negative sentiment',
    ]);
  });
});
