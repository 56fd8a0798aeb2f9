import { describe, expect, it } from 'vitest';
import { asksFirst, OPEN_ALL_ASK_ABOVE, openTargets } from '@/lib/mention-view/open-all';
import { stored } from '../support/mention-factory';

describe('openTargets', () => {
  it('keeps the rows with a web link, in list order, read or not', () => {
    const rows = [
      stored({ id: 3, url: 'https://c.test/3' }),
      stored({ id: 1, url: 'http://a.test/1', read: true }),
      stored({ id: 2, project_id: 2, url: 'https://b.test/2' }),
    ];
    expect(openTargets(rows).map((t) => [t.mention.id, t.url])).toEqual([
      [3, 'https://c.test/3'],
      [1, 'http://a.test/1'],
      [2, 'https://b.test/2'],
    ]);
  });

  it('skips every row whose link is not a safe http(s) URL', () => {
    const unsafe = [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'chrome://settings',
      'https://user:secret@a.test/',
      'not a url',
      '',
    ];
    const rows = [
      ...unsafe.map((url, i) => stored({ id: i + 1, url })),
      stored({ id: 99, url: 'https://ok.test/99' }),
    ];
    expect(openTargets(rows).map((t) => t.mention.id)).toEqual([99]);
  });

  it('opens the normalized URL, as a single open does', () => {
    const [target] = openTargets([stored({ id: 1, url: '  https://A.test/path?q=1  ' })]);
    expect(target.url).toBe('https://a.test/path?q=1');
  });

  it('has nothing to open in an empty list', () => {
    expect(openTargets([])).toEqual([]);
  });
});

describe('asksFirst', () => {
  it(`asks above ${OPEN_ALL_ASK_ABOVE} tabs, not at or below`, () => {
    expect(OPEN_ALL_ASK_ABOVE).toBe(10);
    expect(asksFirst(1)).toBe(false);
    expect(asksFirst(10)).toBe(false);
    expect(asksFirst(11)).toBe(true);
    expect(asksFirst(5000)).toBe(true);
  });
});
