// @vitest-environment happy-dom
// Matches marked as text: <mark> around exactly the places that matched, and markup in remote text
// shown as written, never parsed.
import { cleanup, render } from '@testing-library/preact';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Highlighted, queryText } from '@/components/mentions-page/Highlighted';
import { parseQuery } from '@/lib/search/query';

afterEach(cleanup);

function marks(container: Element): string[] {
  return [...container.querySelectorAll('mark')].map((mark) => mark.textContent ?? '');
}

describe('Highlighted', () => {
  it('marks every word and phrase found, in the original spelling', () => {
    const { container } = render(
      <p>
        <Highlighted
          text="Acme's new bike at the Café: acme wins"
          query={parseQuery('acme cafe "new bike"')}
        />
      </p>,
    );
    expect(marks(container)).toEqual(['Acme', 'new bike', 'Café', 'acme']);
    expect(container.textContent).toBe("Acme's new bike at the Café: acme wins");
  });

  it('marks nothing for an exclusion or an empty search', () => {
    const { container } = render(
      <p>
        <Highlighted text="Acme recall" query={parseQuery('-recall')} />
        <Highlighted text="Acme" query={parseQuery('')} />
      </p>,
    );
    expect(marks(container)).toEqual([]);
    expect(container.textContent).toBe('Acme recallAcme');
  });

  it('keeps HTML in the text as text, inside a mark and out of one', () => {
    const text = '<img src=x onerror=alert(1)> <b>Acme</b>';
    const { container } = render(
      <p>
        <Highlighted text={text} query={parseQuery('acme img')} />
      </p>,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe(text);
    expect(marks(container)).toEqual(['img', 'Acme']);
  });

  it('always shows the whole text, whatever is searched', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, search) => {
        const { container, unmount } = render(
          <p>
            <Highlighted text={text} query={parseQuery(search)} />
          </p>,
        );
        expect(container.textContent).toBe(text);
        expect(container.querySelectorAll('*:not(p):not(mark)')).toHaveLength(0);
        unmount();
      }),
      { numRuns: 60 },
    );
  });
});

describe('queryText', () => {
  it('is the same for the same search parsed twice, and differs for another', () => {
    expect(queryText(parseQuery('acme "new bike"'))).toBe(
      queryText(parseQuery(' acme  "new bike"')),
    );
    expect(queryText(parseQuery('acme'))).not.toBe(queryText(parseQuery('-acme')));
    expect(queryText(parseQuery('"a b"'))).not.toBe(queryText(parseQuery('a b')));
  });
});
