// The mentions page's bulk triage through the real background: many saved, unsaved, muted or
// unmuted in one storage write each; what was there already is passed over (and not answered as
// new, so an undo removes only what the action made); the limits refuse a whole batch in words,
// changing nothing, where a single save or mute keeps its own rule.

import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { recordOf } from '@/lib/mentions/mention-record';
import { keyOf, keyString, type MentionKey } from '@/lib/mentions/store';
import { savedMentionsItem, triageItem } from '@/lib/storage/items';
import { SAVED_LIMITS } from '@/lib/triage/saved';
import { MAX_MUTE_RULES } from '@/lib/triage/triage-state';
import { EMPTY_TRIAGE } from '../../support/triage-fixtures';
import { useBackground } from '../../support/background';
import { triageSteps } from '../../support/background-triage';

const h = useBackground();
const s = triageSteps(h);

/** The storage writes that set `key`, from here on. */
function writesOf(key: string) {
  const set = vi.spyOn(fakeBrowser.storage.local, 'set');
  return () => set.mock.calls.filter(([items]) => key in items).length;
}

async function storedKeys(count: number): Promise<MentionKey[]> {
  const all = Object.values((await h.store()).byProject).flat();
  return all.slice(0, count).map(keyOf);
}

const savedIds = async () => (await s.saved()).items.map((item) => keyString(keyOf(item.record)));

describe('saveMentions and unsaveMentions', () => {
  it('saves many in one write, first asked on top; passes over the saved and the gone', async () => {
    await s.connected();
    const [a, b, c, d] = await storedKeys(4);
    await h.send('saveMention', { key: c });
    const writes = writesOf('savedMentions');

    const gone = { projectId: a.projectId, id: 999_999 };
    const reply = await h.send('saveMentions', { keys: [a, b, c, gone, a, d] });
    expect(reply).toEqual({ ok: true, value: { saved: 3 } });
    expect(writes()).toBe(1);
    expect(await savedIds()).toEqual([a, b, d, c].map(keyString));
    const store = await h.store();
    expect((await s.saved()).items[0].record).toEqual(
      recordOf(store.byProject[a.projectId].find((m) => m.id === a.id)!),
    );

    expect(await h.send('unsaveMentions', { keys: [a, d, gone] })).toEqual({
      ok: true,
      value: null,
    });
    expect(writes()).toBe(2);
    expect(await savedIds()).toEqual([b, c].map(keyString));
  });

  it('writes nothing when there is nothing new to save or to unsave', async () => {
    await s.connected();
    const [a] = await storedKeys(1);
    await h.send('saveMention', { key: a });
    const writes = writesOf('savedMentions');
    expect(await h.send('saveMentions', { keys: [a] })).toEqual({ ok: true, value: { saved: 0 } });
    expect(await h.send('unsaveMentions', { keys: [{ projectId: 1, id: 999_999 }] })).toEqual({
      ok: true,
      value: null,
    });
    expect(writes()).toBe(0);
  });

  it('refuses, changing nothing, a batch that would push older saved out; one save drops the oldest', async () => {
    await s.connected();
    const [a, b, c] = await storedKeys(3);
    const store = await h.store();
    const record = recordOf(store.byProject[a.projectId].find((m) => m.id === a.id)!);
    // Copies of mentions the store no longer has, filling the list but for one place.
    const filler = Array.from({ length: SAVED_LIMITS.count - 1 }, (_, i) => ({
      record: { ...record, id: 5_000_000 + i },
      savedAt: i,
    }));
    await savedMentionsItem(FIRST_ACCOUNT).setValue({ items: filler });
    const before = await s.saved();

    const reply = await h.send('saveMentions', { keys: [a, b] });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(!reply.ok && reply.error.message).toBe(
      'Saving these would push older saved mentions out: at most 1000 can be saved. Unsave some first, or select fewer.',
    );
    expect(await s.saved()).toEqual(before);

    // Exactly the room left is taken.
    expect(await h.send('saveMentions', { keys: [a] })).toEqual({ ok: true, value: { saved: 1 } });
    // A single save keeps its rule: the oldest saved goes.
    expect(await h.send('saveMention', { key: c })).toEqual({ ok: true, value: null });
    const after = (await s.saved()).items;
    expect(after).toHaveLength(SAVED_LIMITS.count);
    expect(after.map((item) => item.record.id)).not.toContain(filler.at(-1)!.record.id);
  });
});

describe('muteMany and unmuteMany', () => {
  it('adds the rules in one write and hides what they match at once; unmuteMany brings it back', async () => {
    await s.connected();
    const preview = await s.preview();
    const badge = await h.badge();
    const [first, second] = preview.newestUnread.filter(
      (m, i, all) => all.findIndex((o) => o.author === m.author) === i,
    );
    const writes = writesOf('triage');

    const reply = await h.send('muteMany', {
      rules: [
        { kind: 'author', value: ` ${first.author} `, projectId: null },
        { kind: 'author', value: first.author.toUpperCase(), projectId: null },
        { kind: 'author', value: second.author, projectId: null },
      ],
    });
    if (!reply.ok) throw new Error(reply.error.message);
    // The same author twice (case aside) is one rule.
    expect(reply.value.added.map((r) => [r.kind, r.value, r.projectId])).toEqual([
      ['author', first.author, null],
      ['author', second.author, null],
    ]);
    expect(new Set(reply.value.added.map((r) => r.id)).size).toBe(2);
    expect(writes()).toBe(1);
    expect((await s.triage()).muteRules).toEqual(reply.value.added);
    await h.idle();
    const muted = await s.preview();
    expect(muted.newestUnread.some((m) => [first.author, second.author].includes(m.author))).toBe(
      false,
    );
    expect(Number(await h.badge())).toBeLessThan(Number(badge));

    expect(await h.send('unmuteMany', { ruleIds: reply.value.added.map((r) => r.id) })).toEqual({
      ok: true,
      value: null,
    });
    expect(writes()).toBe(2);
    await h.idle();
    expect(await s.preview()).toEqual(preview);
    expect(await h.badge()).toBe(badge);
  });

  it('answers only the rules it made: one already there stays when the batch is undone', async () => {
    await s.connected();
    const single = await h.send('mute', { kind: 'site', value: 'example.com', projectId: null });
    if (!single.ok) throw new Error(single.error.message);
    const reply = await h.send('muteMany', {
      rules: [
        { kind: 'site', value: 'https://www.example.com/a', projectId: null },
        { kind: 'site', value: 'https://blog.other.co.uk/b', projectId: null },
      ],
    });
    expect(reply).toMatchObject({ ok: true, value: { added: [{ value: 'blog.other.co.uk' }] } });
    if (!reply.ok) return;
    expect(reply.value.added).toHaveLength(1);
    // Newest first: the batch's rule above the one before.
    expect((await s.triage()).muteRules.map((r) => r.value)).toEqual([
      'blog.other.co.uk',
      'example.com',
    ]);
    await h.send('unmuteMany', { ruleIds: reply.value.added.map((r) => r.id) });
    expect((await s.triage()).muteRules).toEqual([single.value.rule]);
  });

  it('refuses in words, changing nothing: one value that is no rule, or more than the list holds', async () => {
    await s.connected();
    const invalid = await h.send('muteMany', {
      rules: [
        { kind: 'author', value: 'Jane', projectId: null },
        { kind: 'site', value: 'localhost', projectId: null },
      ],
    });
    expect(!invalid.ok && invalid.error.message).toMatch(/not a site that can be muted/);
    expect(await s.triage()).toEqual(EMPTY_TRIAGE);

    const phrases = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        kind: 'phrase',
        value: `phrase ${from + i}`,
        projectId: null,
      }));
    const filled = await h.send('muteMany', { rules: phrases(0, MAX_MUTE_RULES - 1) });
    expect(filled.ok && filled.value.added).toHaveLength(MAX_MUTE_RULES - 1);
    const before = await s.triage();
    const over = await h.send('muteMany', { rules: phrases(1_000, 2) });
    expect(over).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(!over.ok && over.error.message).toBe(
      'Muting these would make more than 500 mute rules, the most there can be. Unmute some first (options page, Muted), or select fewer.',
    );
    expect(await s.triage()).toEqual(before);
    // Rules already there cost no room.
    expect(await h.send('muteMany', { rules: phrases(0, 3) })).toEqual({
      ok: true,
      value: { added: [] },
    });
    // The last place taken, the list is full: the words say so.
    await h.send('muteMany', { rules: phrases(1_000, 1) });
    const full = await h.send('muteMany', { rules: phrases(2_000, 1) });
    expect(!full.ok && full.error.message).toMatch(/already 500 mute rules/);
  });
});

describe('malformed bulk commands', () => {
  const rule = { kind: 'author', value: 'x', projectId: null };
  it.each([
    ['saveMentions', { keys: [{ projectId: 'x', id: 1 }] }],
    ['saveMentions', {}],
    ['unsaveMentions', { keys: 'all' }],
    ['muteMany', { rules: [{ ...rule, kind: 'mood' }] }],
    ['muteMany', { rules: Array.from({ length: MAX_MUTE_RULES + 1 }, () => rule) }],
    ['unmuteMany', { ruleIds: [5] }],
    ['unmuteMany', { ruleIds: Array.from({ length: MAX_MUTE_RULES + 1 }, () => 'r1') }],
  ] as const)('%s is refused as malformed, changing nothing', async (command, data) => {
    await s.connected();
    const triage = await triageItem(FIRST_ACCOUNT).read();
    const saved = await s.saved();
    const reply = await h.send(command, data);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(!reply.ok && reply.error.message).toMatch(/malformed/i);
    expect(await triageItem(FIRST_ACCOUNT).read()).toEqual(triage);
    expect(await s.saved()).toEqual(saved);
  });
});
