// The stored preview read back: counts and records checked, the records unread.
import { describe, expect, it } from 'vitest';
import { parsePreviewCounts, parseStoredPreview } from '@/lib/mentions/parse-preview';
import { previewOf, storedPreviewOf } from '@/lib/mentions/preview';
import type { MentionStore, StoredMention } from '@/lib/mentions/store';
import { NOW, stored, storeOf } from '../support/mention-factory';

const SOURCES = ['web', 'reddit', 'twitter'];

/** `count` mentions over two projects and three sources, every fourth read. */
function sample(count = 80): MentionStore {
  const mentions: StoredMention[] = [];
  for (let id = 1; id <= count; id++) {
    mentions.push(
      stored({
        id,
        project_id: 1 + (id % 2),
        source: SOURCES[id % 3],
        read: id % 4 === 0,
        addedAt: NOW.getTime() - id * 60_000,
      }),
    );
  }
  return storeOf(...mentions);
}

describe('parseStoredPreview', () => {
  const store = sample();
  const good = storedPreviewOf(store);

  it('reads a preview as the background writes it: the preview previewOf makes of the store', () => {
    expect(parseStoredPreview(structuredClone(good))).toEqual(previewOf(store));
    expect(good.newestUnread[0]).not.toHaveProperty('read');
  });

  it('reads the newest read as read; a preview written before them, or with them damaged, has none', () => {
    const parsed = parseStoredPreview(structuredClone(good));
    expect(parsed?.newestRead?.length).toBeGreaterThan(0);
    expect(parsed?.newestRead?.every((m) => m.read)).toBe(true);
    const older: Partial<typeof good> = structuredClone(good);
    delete older.newestRead;
    expect(parseStoredPreview(older)?.newestRead).toBeNull();
    expect(parseStoredPreview(older)?.newestUnread).toEqual(parsed?.newestUnread);
    const damaged = { ...structuredClone(good), newestRead: [{ id: 'x' }] };
    expect(parseStoredPreview(damaged)?.newestRead).toBeNull();
    const tooMany = { ...structuredClone(good), newestRead: Array(81).fill(good.newestRead[0]) };
    expect(parseStoredPreview(tooMany)?.newestRead).toBeNull();
  });

  it('reads counts keyed by strings, as storage gives them back', () => {
    const raw = JSON.parse(JSON.stringify(good)) as unknown;
    expect(parseStoredPreview(raw)?.unreadByProject[1]).toBe(good.unreadByProject[1]);
  });

  const bad: [string, unknown][] = [
    ['none written yet', null],
    ['not an object', 'preview'],
    ['a list', [good]],
    ['no counts', { ...good, unread: undefined }],
    ['a negative count', { ...good, mentions: -1 }],
    ['a fractional count', { ...good, unread: 1.5 }],
    ['project counts that are not numbers', { ...good, unreadByProject: { 1: 'x' } }],
    ['no source counts', { ...good, unreadBySource: null }],
    ['no mentions list', { ...good, newestUnread: undefined }],
    ['keys instead of records', { ...good, newestUnread: ['mention:2:1'] }],
    ['a damaged record', { ...good, newestUnread: [{ id: 'x' }, ...good.newestUnread.slice(1)] }],
    ['more mentions listed than unread', { ...good, unread: 3 }],
    ['more unread than mentions', { ...good, mentions: 10 }],
  ];
  for (const [name, raw] of bad) {
    it(`is no preview with ${name} (the popup reads the store instead)`, () => {
      expect(parseStoredPreview(raw)).toBeNull();
    });
  }

  it('gives the counts alone for the options page, and nothing for a damaged value', () => {
    expect(parsePreviewCounts(good)).toEqual({
      unread: 60,
      mentions: 80,
      unreadByProject: { 1: 20, 2: 40 },
      unreadBySource: good.unreadBySource,
    });
    expect(parsePreviewCounts({ unread: 'many' })).toBeNull();
  });
});
