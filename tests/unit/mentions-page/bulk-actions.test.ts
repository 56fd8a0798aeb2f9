// Bulk triage on the mentions page, action by action, behind the mocked wire and the stand-in
// background (tests/unit/support/bulk-background.ts): each action sends the commands it should,
// says what it did, and its undo changes back only what it changed; failures are reported and give
// no undo. Any selection: bulk-actions.property.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { runBulk } from '@/lib/mentions-page/bulk-actions';
import { keyOf } from '@/lib/mentions/store';
import { saveFirst, send as wire, standIn, tabs } from '../support/bulk-background';
import { stored } from '../support/mention-factory';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));
const send = wire();

const a = stored({ id: 1, project_id: 1, author: 'Ann', url: 'https://blog.example.co.uk/1' });
const b = stored({
  id: 2,
  project_id: 2,
  author: 'ann ',
  url: 'https://news.example.co.uk/2',
  read: true,
});
const c = stored({ id: 3, project_id: 1, author: 'Bob', url: 'javascript:alert(1)' });
const d = stored({ id: 4, project_id: 1, author: '', url: 'http://other.test/4', read: true });

beforeEach(() => {
  fakeBrowser.reset();
  send.mockReset();
});

describe('runBulk, action by action', () => {
  it('mark read sends only the unread, and its undo marks only those unread again', async () => {
    const bg = standIn([a, b, c, d]);
    const report = vi.fn();
    const outcome = await runBulk('markRead', [a, b, c, d], report);
    expect(outcome?.message).toBe('Marked 2 mentions as read.');
    expect(bg.calls).toEqual([{ type: 'markRead', data: { keys: [keyOf(a), keyOf(c)] } }]);
    await outcome!.undo();
    expect(bg.calls[1]).toEqual({ type: 'markUnread', data: { keys: [keyOf(a), keyOf(c)] } });
    expect((await bg.state()).read).toEqual({
      '1:1': false,
      '2:2': true,
      '1:3': false,
      '1:4': true,
    });
    expect(report).not.toHaveBeenCalled();
  });

  it('mark unread says so in the plural that fits', async () => {
    standIn([a, b]);
    expect((await runBulk('markUnread', [a, b], vi.fn()))?.message).toBe(
      'Marked 1 mention as unread.',
    );
  });

  it('save sends those not saved yet; its undo unsaves only them', async () => {
    await saveFirst(b);
    const bg = standIn([a, b, c]);
    const outcome = await runBulk('save', [a, b, c, a], vi.fn());
    expect(outcome?.message).toBe('Saved 2 mentions for later.');
    expect(bg.calls).toEqual([{ type: 'saveMentions', data: { keys: [keyOf(a), keyOf(c)] } }]);
    await outcome!.undo();
    expect(bg.calls[1]).toEqual({ type: 'unsaveMentions', data: { keys: [keyOf(a), keyOf(c)] } });
    expect((await bg.state()).saved).toEqual(['2:2']);
  });

  it('unsave sends those saved; the undo says which could not come back', async () => {
    await saveFirst(a, b);
    const bg = standIn([a, b, c], new Set(['2:2']));
    const report = vi.fn();
    const outcome = await runBulk('unsave', [a, b, c], report);
    expect(outcome?.message).toBe('Removed 2 mentions from Saved.');
    expect(bg.calls).toEqual([{ type: 'unsaveMentions', data: { keys: [keyOf(a), keyOf(b)] } }]);
    await outcome!.undo();
    expect(bg.calls[1]).toEqual({ type: 'saveMentions', data: { keys: [keyOf(a), keyOf(b)] } });
    expect((await bg.state()).saved).toEqual(['1:1']);
    expect(report).toHaveBeenCalledWith({
      text: '1 mention could not be saved again: it is no longer stored.',
      tone: 'error',
    });
  });

  it('mute authors: one rule per author (case and spaces aside), all projects; undo removes only the new', async () => {
    const bg = standIn([a, b, c, d]);
    await runBulk('muteAuthors', [c], vi.fn());
    const outcome = await runBulk('muteAuthors', [a, b, c, d], vi.fn());
    expect(outcome?.message).toBe('Muted 2 authors in all projects.');
    expect(bg.calls[1]).toEqual({
      type: 'muteMany',
      data: {
        rules: [
          { kind: 'author', value: 'Ann', projectId: null },
          { kind: 'author', value: 'Bob', projectId: null },
        ],
      },
    });
    await outcome!.undo();
    expect(bg.calls[2]).toEqual({ type: 'unmuteMany', data: { ruleIds: ['r2'] } });
    expect((await bg.state()).rules).toEqual(['author:bob']);
  });

  it('mute sites: one rule per site, its host as shown; rows without a site add none', async () => {
    const bg = standIn([a, b, c, d]);
    const outcome = await runBulk('muteSites', [a, b, c, d], vi.fn());
    expect(outcome?.message).toBe('Muted 3 sites in all projects.');
    // Two hosts under one registrable domain are two sites: neither rule mutes the other.
    expect(bg.calls[0].data).toEqual({
      rules: [
        { kind: 'site', value: 'blog.example.co.uk', projectId: null },
        { kind: 'site', value: 'news.example.co.uk', projectId: null },
        { kind: 'site', value: 'other.test', projectId: null },
      ],
    });
  });

  it('more authors than the rules can hold is refused in words, nothing sent', async () => {
    const bg = standIn([]);
    const report = vi.fn();
    const many = Array.from({ length: 501 }, (_, i) => stored({ id: i + 1, author: `a${i}` }));
    expect(await runBulk('muteAuthors', many, report)).toBeNull();
    expect(bg.calls).toEqual([]);
    expect(report.mock.calls[0][0].text).toMatch(/would make more than 500 mute rules/);
  });

  it('open: safe links in background tabs in order, the unread marked read; undo marks them unread', async () => {
    const create = tabs();
    const bg = standIn([a, b, c, d]);
    const outcome = await runBulk('open', [a, b, c, d], vi.fn());
    expect(create.mock.calls.map(([props]) => props)).toEqual([
      { url: 'https://blog.example.co.uk/1', active: false },
      { url: 'https://news.example.co.uk/2', active: false },
      { url: 'http://other.test/4', active: false },
    ]);
    expect(outcome?.message).toBe('Opened 3 mentions in background tabs.');
    expect(bg.calls).toEqual([{ type: 'markRead', data: { keys: [keyOf(a)] } }]);
    await outcome!.undo();
    expect(bg.calls[1]).toEqual({ type: 'markUnread', data: { keys: [keyOf(a)] } });
  });

  it('open: a tab the browser refuses stops the rest, and what opened is said and kept', async () => {
    const create = tabs();
    create.mockResolvedValueOnce({ id: 2 }).mockRejectedValueOnce(new Error('no'));
    const bg = standIn([a, b, d]);
    const outcome = await runBulk('open', [a, b, d], vi.fn());
    expect(outcome?.message).toBe('Opened 1 of 3 mentions; the browser refused to open the rest.');
    expect(bg.calls).toEqual([{ type: 'markRead', data: { keys: [keyOf(a)] } }]);

    create.mockRejectedValue(new Error('no'));
    const report = vi.fn();
    expect(await runBulk('open', [a], report)).toBeNull();
    expect(report).toHaveBeenCalledWith({ text: 'Could not open the mention.', tone: 'error' });
  });

  it('a refusal is reported in the background’s words, with no outcome', async () => {
    send.mockResolvedValue({ ok: false, error: { kind: 'invalid-input', message: 'Too many.' } });
    for (const action of ['markRead', 'save', 'muteAuthors'] as const) {
      const report = vi.fn();
      expect(await runBulk(action, [a, c], report)).toBeNull();
      expect(report).toHaveBeenCalledWith({ text: 'Could not update: Too many.', tone: 'error' });
    }
  });
});
