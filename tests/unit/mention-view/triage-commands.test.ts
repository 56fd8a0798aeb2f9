// A mute from the popup's menu or dialog: sent as asked, the toast in the rule's own words (the
// background normalises a site to its registrable domain), its Undo the unmute of that rule; a
// refusal reported and no Undo offered.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { muteWithUndo, mutedMessage } from '@/lib/mention-view/triage-commands';
import { sendMessage } from '@/lib/messaging/messenger';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage) as unknown as ReturnType<typeof vi.fn>;

beforeEach(() => send.mockReset());

function context() {
  return { report: vi.fn(), offerUndo: vi.fn() };
}

describe('mutedMessage', () => {
  it('says what was muted', () => {
    expect(mutedMessage('author', 'Jane Doe')).toBe('Muted author Jane Doe');
    expect(mutedMessage('site', 'example.com')).toBe('Muted site example.com');
    expect(mutedMessage('phrase', 'launch')).toBe('Muted phrase “launch”');
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
