import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN } from '@/components/long-list';
import { settingsOf } from '../support/page-accounts';
import { PREVIEW_UNREAD, previewOf, previewRows } from '@/lib/mentions/preview';
import { muteMatcher } from '@/lib/triage/mute';
import { allMentionsNewestFirst, mentionCount, unreadByProject } from '@/lib/mentions/store';
import { DAY_MS, NOW, stored, storeOf, unreadCount } from '../support/mention-factory';

/** Settings that list `n` accounts, each on its own service. */
const listing = (n: number) =>
  settingsOf(
    Array.from({ length: n }, (_, i) => ({
      id: String(i + 1),
      label: '',
      serviceUrl: `https://s${i + 1}.example.com`,
      apiKey: `key-${i + 1}`,
    })),
  );

/** The read mentions the preview keeps: the mentions page's first screen. */
const PREVIEW_READ = 10;

describe('previewOf', () => {
  it('counts like the selectors and lists the newest unread first', () => {
    const store = storeOf(
      stored({ id: 1, project_id: 7, source: 'reddit', addedAt: NOW.getTime() - 3 * DAY_MS }),
      stored({ id: 2, project_id: 7, source: 'web', addedAt: NOW.getTime() - DAY_MS, read: true }),
      stored({ id: 3, project_id: 8, source: 'web', addedAt: NOW.getTime() - 2 * DAY_MS }),
      stored({ id: 4, project_id: 8, source: 'web', addedAt: NOW.getTime() }),
    );
    const preview = previewOf(store);
    expect(preview.unread).toBe(3);
    expect(preview.mentions).toBe(4);
    expect(preview.unreadByProject).toEqual({ 7: 1, 8: 2 });
    expect(preview.unreadBySource).toEqual({ reddit: 1, web: 2 });
    expect(preview.newestUnread.map((m) => m.id)).toEqual([4, 3, 1]);
  });

  it('leaves muted mentions out of the unread counts and the first screen, not out of the total', () => {
    const store = storeOf(
      stored({ id: 1, project_id: 7, author: 'Jane', source: 'reddit' }),
      stored({ id: 2, project_id: 7, author: 'Bob', source: 'web' }),
      stored({ id: 3, project_id: 8, author: 'jane', source: 'web', read: true }),
    );
    const muted = muteMatcher([
      { id: 'r1', kind: 'author', value: 'Jane', projectId: null, createdAt: 1 },
    ]);
    const preview = previewOf(store, muted);
    expect(preview.unread).toBe(1);
    expect(preview.mentions).toBe(3);
    expect(preview.unreadByProject).toEqual({ 7: 1, 8: 0 });
    expect(preview.unreadBySource).toEqual({ web: 1 });
    expect(preview.newestUnread.map((m) => m.id)).toEqual([2]);
    // Muted read ones leave the mentions page's first screen too.
    expect(preview.newestRead).toEqual([]);
    expect(previewOf(store).newestRead?.map((m) => m.id)).toEqual([3]);
    expect(previewOf(store, muteMatcher([]))).toEqual(previewOf(store));
  });

  it('stays one page of unread and a screen of read long however large the store', () => {
    const many = Array.from({ length: 3 * PREVIEW_UNREAD }, (_, i) =>
      stored({
        id: i + 1,
        project_id: 1 + (i % 3),
        read: i % 2 === 1,
        addedAt: NOW.getTime() - i * 60_000,
      }),
    );
    const preview = previewOf(storeOf(...many));
    expect(preview.newestUnread).toHaveLength(PREVIEW_UNREAD);
    expect(preview.newestUnread[0].id).toBe(1);
    expect(preview.newestRead).toHaveLength(PREVIEW_READ);
    expect(preview.newestRead?.[0].id).toBe(2);
  });

  it('holds each of several accounts’ share of the page, never less than a first screen', () => {
    expect(previewRows(listing(1))).toEqual({ unread: PREVIEW_UNREAD, read: PREVIEW_READ });
    expect(previewRows(listing(0))).toEqual(previewRows(listing(1)));
    expect(previewRows(listing(2))).toEqual({ unread: 25, read: PREVIEW_READ });
    expect(previewRows(listing(3))).toEqual({ unread: 17, read: PREVIEW_READ });
    // However many accounts, the popup's first frame of their merge is the newest of all.
    for (const accounts of [4, 10, 20]) {
      expect(previewRows(listing(accounts)).unread).toBeGreaterThanOrEqual(FIRST_SCREEN);
    }
    const many = Array.from({ length: 3 * PREVIEW_UNREAD }, (_, i) =>
      stored({ id: i + 1, read: i % 2 === 1, addedAt: NOW.getTime() - i * 60_000 }),
    );
    const whole = previewOf(storeOf(...many));
    const share = previewOf(storeOf(...many), undefined, previewRows(listing(3)));
    expect(share.newestUnread).toEqual(whole.newestUnread.slice(0, 17));
    expect(share).toEqual({ ...whole, newestUnread: share.newestUnread });
  });

  it('agrees with the store for any mix of read and unread', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            id: fc.integer({ min: 1, max: 10_000 }),
            project: fc.integer({ min: 1, max: 4 }),
            read: fc.boolean(),
            age: fc.nat(1_000),
          }),
          { selector: (r) => r.id, maxLength: 120 },
        ),
        (rows) => {
          const store = storeOf(
            ...rows.map((r) =>
              stored({
                id: r.id,
                project_id: r.project,
                read: r.read,
                addedAt: NOW.getTime() - r.age * 60_000,
              }),
            ),
          );
          const preview = previewOf(store);
          expect(preview.unread).toBe(unreadCount(store));
          expect(preview.mentions).toBe(mentionCount(store));
          expect(preview.unreadByProject).toEqual(unreadByProject(store));
          const expected = allMentionsNewestFirst(store).filter((m) => !m.read);
          expect(preview.newestUnread).toEqual(expected.slice(0, PREVIEW_UNREAD));
          const read = allMentionsNewestFirst(store).filter((m) => m.read);
          expect(preview.newestRead).toEqual(read.slice(0, PREVIEW_READ));
        },
      ),
      { numRuns: 60 },
    );
  });
});
