// The commands on the wire (@webext-core/messaging): what a page sends and every way a message can
// fail to come back (callBackground turns each into a failure in words), and how the background's
// messenger answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { commandMessenger, sendMessage } from '@/lib/messaging/messenger';

type Callback = (response?: unknown) => void;

/** chrome.runtime as a page sees it: `deliver` answers each message (or sets lastError). */
function stubRuntime(
  deliver: (message: unknown, answer: Callback, fail: (m: string) => void) => void,
) {
  const runtime: { lastError?: { message: string }; sendMessage: ReturnType<typeof vi.fn> } = {
    sendMessage: vi.fn((message: unknown, callback: Callback) => {
      deliver(
        message,
        (response) => callback(response),
        (text) => {
          runtime.lastError = { message: text };
          callback(undefined);
          runtime.lastError = undefined;
        },
      );
    }),
  };
  vi.stubGlobal('chrome', { runtime });
  return runtime;
}

/** The background's runtime.onMessage, as a message from `sender` reaches it. */
function deliverTo(sender: unknown) {
  const trigger = fakeBrowser.runtime.onMessage.trigger as unknown as (
    ...args: unknown[]
  ) => Promise<unknown[]>;
  return async (message: unknown) => {
    const answers: unknown[] = [];
    const results = await trigger(message, sender, (reply: unknown) => answers.push(reply));
    // The answer comes after the listener returned (it kept the channel open).
    await new Promise((wake) => setTimeout(wake, 0));
    return { keptOpen: results.includes(true), answers };
  };
}

beforeEach(() => fakeBrowser.reset());
// Back to the fake browser WXT's test setup puts at `chrome` (unstubbing all would remove it too).
afterEach(() => {
  vi.stubGlobal('chrome', fakeBrowser);
});

describe('sendMessage', () => {
  it('sends { id, type, data, timestamp } and resolves with the answer', async () => {
    const runtime = stubRuntime((_m, answer) => answer({ res: { ok: true, value: null } }));
    const before = Date.now();
    const reply = await sendMessage('markRead', { keys: [{ projectId: 1, id: 2 }] });
    expect(reply).toEqual({ ok: true, value: null });
    const [message] = runtime.sendMessage.mock.calls[0] as [Record<string, unknown>];
    expect(message).toEqual({
      id: expect.any(Number),
      type: 'markRead',
      data: { keys: [{ projectId: 1, id: 2 }] },
      timestamp: expect.any(Number),
    });
    expect(message.timestamp).toBeGreaterThanOrEqual(before);
  });

  it('numbers its messages one after another', async () => {
    const runtime = stubRuntime((_m, answer) => answer({ res: null }));
    await sendMessage('pollNow', undefined);
    await sendMessage('pollNow', undefined);
    const [[first], [second]] = runtime.sendMessage.mock.calls as [{ id: number }][];
    expect(second.id).toBe(first.id + 1);
  });

  it('rejects with the browser’s words when the message cannot be delivered', async () => {
    stubRuntime((_m, _answer, fail) => fail('Could not establish connection.'));
    await expect(sendMessage('pollNow', undefined)).rejects.toThrow(
      'Could not establish connection.',
    );
  });

  it('rejects with "No response" when nothing answers, and with the error the background answered', async () => {
    stubRuntime((_m, answer) => answer(undefined));
    await expect(sendMessage('pollNow', undefined)).rejects.toThrow('No response');
    stubRuntime((_m, answer) => answer({ err: { message: 'it broke' } }));
    await expect(sendMessage('pollNow', undefined)).rejects.toMatchObject({ message: 'it broke' });
  });
});

describe('commandMessenger', () => {
  it('answers a command with its handler’s value in { res }, given the data and the sender', async () => {
    const handled: unknown[] = [];
    commandMessenger().onMessage('markRead', ({ data, sender }) => {
      handled.push({ data, sender });
      return Promise.resolve({ ok: true, value: null });
    });
    const sender = { id: 'page', url: 'chrome-extension://page/popup.html' };
    const data = { keys: [{ projectId: 1, id: 2 }] };
    const { keptOpen, answers } = await deliverTo(sender)({
      id: 7,
      type: 'markRead',
      data,
      timestamp: Date.now(),
    });
    expect(keptOpen).toBe(true);
    expect(answers).toEqual([{ res: { ok: true, value: null } }]);
    expect(handled).toEqual([{ data, sender }]);
  });

  it('leaves unanswered what is no command it listens for', async () => {
    const handler = vi.fn(() => Promise.resolve({ ok: true as const, value: null }));
    commandMessenger().onMessage('markRead', handler);
    const deliver = deliverTo({ id: 'page' });
    for (const message of [
      { type: 'markRead', data: { keys: [] } },
      { id: 1, type: 'pollNow', data: null, timestamp: Date.now() },
      'markRead',
      null,
    ]) {
      expect(await deliver(message)).toEqual({ keptOpen: false, answers: [] });
    }
    expect(handler).not.toHaveBeenCalled();
  });

  it('gives each messenger its own listeners: one per command in each', () => {
    const answer = () => Promise.resolve({ ok: true as const, value: null });
    const worker = commandMessenger();
    worker.onMessage('markUnread', answer);
    expect(() => worker.onMessage('markUnread', answer)).toThrow();
    expect(() => commandMessenger().onMessage('markUnread', answer)).not.toThrow();
  });
});
