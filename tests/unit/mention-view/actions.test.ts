// The popup's commands. "Open all": the rows with a web link, in list order, and when it asks
// first. A mute from the popup's menu or dialog: sent as asked, the toast in the rule's own words
// (the background normalises a site to its registrable domain), its Undo the unmute of that rule;
// a refusal reported and no Undo offered.
import { describe, expect, it, beforeEach, vi } from 'vitest';
import {
  asksFirst,
  OPEN_ALL_ASK_ABOVE,
  openTargets,
  muteWithUndo,
} from '@/lib/mention-view/actions';
import { stored } from '../support/mention-factory';
import { sendMessage } from '@/lib/messaging/messenger';
import type { MuteKind } from '@/lib/triage/triage-state';

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

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage) as unknown as ReturnType<typeof vi.fn>;

beforeEach(() => send.mockReset());

function context() {
  return { report: vi.fn(), offerUndo: vi.fn() };
}

describe('mutedMessage', () => {
  /** The Undo toast's words after the background made this rule. */
  async function mutedMessage(kind: MuteKind, value: string): Promise<string> {
    const rule = { id: 'r1', kind, value, projectId: null, createdAt: 1 };
    send.mockResolvedValueOnce({ ok: true, value: { rule } });
    const ctx = context();
    await muteWithUndo({ kind, value, projectId: null }, ctx);
    return ctx.offerUndo.mock.calls[0][0];
  }

  it('says what was muted', async () => {
    expect(await mutedMessage('author', 'Jane Doe')).toBe('Muted author Jane Doe');
    expect(await mutedMessage('site', 'example.com')).toBe('Muted site example.com');
    expect(await mutedMessage('phrase', 'launch')).toBe('Muted phrase “launch”');
  });
});

describe('muteWithUndo', () => {
  it('mutes, then offers the Undo of the rule the background made', async () => {
    const rule = { id: 'rabc', kind: 'site', value: 'example.co.uk', projectId: 3, createdAt: 1 };
    send.mockResolvedValueOnce({ ok: true, value: { rule } });
    const ctx = context();
    await muteWithUndo({ kind: 'site', value: 'https://blog.example.co.uk/x', projectId: 3 }, ctx);
    expect(send).toHaveBeenCalledWith('mute', {
      kind: 'site',
      value: 'https://blog.example.co.uk/x',
      projectId: 3,
    });
    expect(ctx.offerUndo).toHaveBeenCalledTimes(1);
    const [message, undo] = ctx.offerUndo.mock.calls[0];
    expect(message).toBe('Muted site example.co.uk');
    send.mockResolvedValueOnce({ ok: true, value: null });
    await undo();
    expect(send).toHaveBeenLastCalledWith('unmute', { ruleId: 'rabc' });
    expect(ctx.report).not.toHaveBeenCalled();
  });

  it('a refusal is reported in the background’s words, with no Undo', async () => {
    send.mockResolvedValueOnce({
      ok: false,
      error: { kind: 'invalid-input', message: 'That is no site.' },
    });
    const ctx = context();
    await muteWithUndo({ kind: 'site', value: 'nonsense', projectId: null }, ctx);
    expect(ctx.report).toHaveBeenCalledWith({
      text: 'Could not update: That is no site.',
      tone: 'error',
    });
    expect(ctx.offerUndo).not.toHaveBeenCalled();
  });

  it('no answer at all is reported with the browser’s reason', async () => {
    send.mockRejectedValueOnce(new Error('Extension context invalidated.'));
    const ctx = context();
    await muteWithUndo({ kind: 'author', value: 'Jane', projectId: null }, ctx);
    expect(ctx.report).toHaveBeenCalledWith({
      text: 'Could not update: Extension context invalidated.',
      tone: 'error',
    });
  });
});
