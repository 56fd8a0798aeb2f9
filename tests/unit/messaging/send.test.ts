// The wire under callBackground: the format the background's listener answers, and every way a
// message can fail to come back (callBackground turns each into a failure in words; its tests also
// go through the background's listener).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sendMessage } from '@/lib/messaging/send';

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

  it('resolves with nothing when nothing answers, rejects when the answer is an error', async () => {
    stubRuntime((_m, answer) => answer(undefined));
    await expect(sendMessage('pollNow', undefined)).resolves.toBeUndefined();
    stubRuntime((_m, answer) => answer({ err: { message: 'it broke' } }));
    await expect(sendMessage('pollNow', undefined)).rejects.toThrow('it broke');
  });
});
