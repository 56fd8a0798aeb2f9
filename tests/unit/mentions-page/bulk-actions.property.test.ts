// Bulk triage on the mentions page for any selection, behind the mocked wire and the stand-in
// background (tests/unit/support/bulk-background.ts): every action does what it says to every row,
// and its undo brings back exactly the state before (read flags, saved mentions, mute rules).
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { runBulk, type BulkAction } from '@/lib/mentions-page/bulk-actions';
import { keyOf, keyString } from '@/lib/mentions/store';
import { saveFirst, send, standIn, tabs } from '../support/bulk-background';
import { stored } from '../support/mention-factory';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

beforeEach(() => {
  send().mockReset();
});

const ACTIONS: BulkAction[] = [
  'markRead',
  'markUnread',
  'save',
  'unsave',
  'muteAuthors',
  'muteSites',
  'open',
];

const mentionArb = fc.record({
  id: fc.integer({ min: 1, max: 40 }),
  project_id: fc.integer({ min: 1, max: 3 }),
  read: fc.boolean(),
  author: fc.constantFrom('Ann', 'ann', ' Bob ', '', 'Cé'),
  url: fc.constantFrom('https://a.example.com/x', 'https://b.test/y', 'ftp://c.test/', 'not a url'),
});

describe('runBulk, any selection', () => {
  it('does what it says to every row, and its undo brings back the state before', async () => {
    tabs();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(mentionArb, {
          minLength: 1,
          maxLength: 12,
          selector: (m) => `${m.project_id}:${m.id}`,
        }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        fc.constantFrom(...ACTIONS),
        async (fields, savedFlags, action) => {
          fakeBrowser.reset();
          tabs();
          const mentions = fields.map((f) => stored(f));
          await saveFirst(...mentions.filter((_, i) => savedFlags[i]));
          const bg = standIn(mentions);
          const before = await bg.state();
          const outcome = await runBulk(action, mentions, vi.fn());
          if (!outcome) throw new Error('the action failed');
          const after = await bg.state();
          const keys = mentions.map((m) => keyString(keyOf(m)));
          if (action === 'markRead' || action === 'markUnread') {
            expect(keys.every((k) => after.read[k] === (action === 'markRead'))).toBe(true);
          }
          if (action === 'save') expect(keys.every((k) => after.saved.includes(k))).toBe(true);
          if (action === 'unsave') expect(keys.some((k) => after.saved.includes(k))).toBe(false);
          if (action === 'muteAuthors') {
            const named = mentions.filter((m) => m.author.trim() !== '');
            expect(
              named.every((m) => after.rules.includes(`author:${m.author.trim().toLowerCase()}`)),
            ).toBe(true);
          }
          await outcome.undo();
          expect(await bg.state()).toEqual(before);
        },
      ),
      { numRuns: 60 },
    );
  });
});
