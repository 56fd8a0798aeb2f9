// The one way a page calls the background: its answer passes through as it came, and everything
// else (a message that cannot be delivered, nothing answering, an answer that is not a result)
// becomes a failure in words, never a rejection.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { commandSchemas } from '@/lib/background/command-schemas';
import type { MentionKey } from '@/lib/mentions/store';
import { callBackground } from '@/lib/messaging/call-background';
import { commandMessenger } from '@/lib/messaging/messenger';
import type {
  CommandData,
  CommandReply,
  CommandResult,
  ProtocolMap,
} from '@/lib/messaging/protocol';
import type { ProjectInput } from '@/lib/projects/types';
import type { z } from '@/lib/zod';

type Callback = (response?: unknown) => void;

const NO_ANSWER = "Mention Monitor's background did not answer. Reload this page and try again.";

/** chrome.runtime as a page sees it: `deliver` answers each message, or fails it (lastError). */
function stubRuntime(deliver: (message: unknown, answer: Callback) => void | string) {
  const runtime: { lastError?: { message: string }; sendMessage: ReturnType<typeof vi.fn> } = {
    sendMessage: vi.fn((message: unknown, callback: Callback) => {
      let answered = false;
      const failure = deliver(message, (response) => {
        answered = true;
        callback(response);
      });
      if (typeof failure === 'string' && !answered) {
        runtime.lastError = { message: failure };
        callback(undefined);
        runtime.lastError = undefined;
      }
    }),
  };
  vi.stubGlobal('chrome', { runtime });
  return runtime;
}

/** A background that answers every message with `reply` (in the wire's `{ res }`). */
const answering = (reply: unknown) => stubRuntime((_m, answer) => answer({ res: reply }));

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  vi.stubGlobal('chrome', fakeBrowser);
});

describe('callBackground', () => {
  it('sends the command with its data and answers with the background’s value', async () => {
    answering({ ok: true, value: { polled: true } });
    expect(await callBackground('pollNow', undefined)).toEqual({
      ok: true,
      value: { polled: true },
    });
    const runtime = answering({ ok: true, value: null });
    const keys = [{ projectId: 1, id: 2 }];
    expect(await callBackground('markRead', { keys })).toEqual({ ok: true, value: null });
    expect(runtime.sendMessage).toHaveBeenCalledTimes(1);
    const [message] = runtime.sendMessage.mock.calls[0] as [unknown];
    expect(message).toMatchObject({ type: 'markRead', data: { keys } });
  });

  it('passes the background’s failure through as it came, field and all', async () => {
    const failure = {
      ok: false,
      error: { kind: 'invalid-input', message: 'Check the name.', field: 'name' },
    };
    answering(failure);
    const input = { name: '' } as ProjectInput;
    expect(await callBackground('addProject', { input })).toEqual(failure);
  });

  it('a message that cannot be delivered is a failure in the catalogue’s words', async () => {
    stubRuntime(() => 'Could not establish connection. Receiving end does not exist.');
    expect(await callBackground('removeProject', { projectId: 3 })).toEqual({
      ok: false,
      error: { kind: 'internal', message: NO_ANSWER },
    });
  });

  it('gives the browser’s reason to a page that words it itself', async () => {
    const unanswered = vi.fn((reason: string) => `Could not update: ${reason}`);
    stubRuntime(() => 'Could not establish connection.');
    expect(await callBackground('markUnread', { keys: [] }, { unanswered })).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Could not update: Could not establish connection.' },
    });
    stubRuntime((_m, answer) => answer({ err: { message: 'it broke' } }));
    await callBackground('markUnread', { keys: [] }, { unanswered });
    stubRuntime((_m, answer) => answer(undefined));
    await callBackground('markUnread', { keys: [] }, { unanswered });
    expect(unanswered.mock.calls).toEqual([
      ['Could not establish connection.'],
      ['it broke'],
      ['No response'],
    ]);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['text', 'ok'],
    ['a number', 42],
    ['an empty object', {}],
    ['a success without a value', { ok: true }],
    ['a success that is not true', { ok: 'yes', value: 1 }],
    ['a failure without an error', { ok: false }],
    ['a failure whose error is text', { ok: false, error: 'broken' }],
    ['a failure without a kind', { ok: false, error: { message: 'm' } }],
    ['a failure whose words are not text', { ok: false, error: { kind: 'k', message: 5 } }],
  ])('an answer that is %s is a failure, not a result', async (_what, reply) => {
    answering(reply);
    expect(await callBackground('pollNow', undefined)).toEqual({
      ok: false,
      error: { kind: 'internal', message: NO_ANSWER },
    });
  });

  it('never rejects, whatever comes back (property)', async () => {
    const notAResult = fc.anything().filter((v) => !(typeof v === 'object' && v && 'ok' in v));
    await fc.assert(
      fc.asyncProperty(notAResult, fc.boolean(), async (reply, asError) => {
        if (asError) stubRuntime((_m, answer) => answer({ err: { message: String(reply) } }));
        else answering(reply);
        const result = await callBackground('pollNow', undefined, { unanswered: () => 'none' });
        expect(result).toEqual({ ok: false, error: { kind: 'internal', message: 'none' } });
      }),
    );
  });

  it('is answered by the background’s listener', async () => {
    const handled: unknown[] = [];
    commandMessenger().onMessage('markAllRead', async ({ data }) => {
      handled.push(data);
      return { ok: true, value: null };
    });
    const trigger = fakeBrowser.runtime.onMessage.trigger as unknown as (
      ...args: unknown[]
    ) => Promise<unknown>;
    stubRuntime((message, answer) => void trigger(message, { id: 'page' }, answer));
    expect(await callBackground('markAllRead', { projectIds: [3] })).toEqual({
      ok: true,
      value: null,
    });
    expect(handled).toEqual([{ projectIds: [3] }]);
  });
});

describe('the command types', () => {
  it('are derived from the schemas: a command’s data is what its schema takes', () => {
    expectTypeOf<CommandData<'markRead'>>().toEqualTypeOf<
      z.input<ReturnType<typeof commandSchemas.markRead>>
    >();
    expectTypeOf<CommandData<'markRead'>>().toEqualTypeOf<{
      keys: MentionKey[];
      account?: string | undefined;
      accountId?: string | undefined;
    }>();
    expectTypeOf<CommandData<'pollNow'>>().toEqualTypeOf<
      undefined | { accountId?: string | undefined }
    >();
    expectTypeOf<CommandData<'markAllRead'>>().toEqualTypeOf<{
      projectIds?: number[] | undefined;
      account?: string | undefined;
      accountId?: string | undefined;
    }>();
    expectTypeOf<CommandData<'savePreferences'>>().toEqualTypeOf<
      z.input<ReturnType<typeof commandSchemas.savePreferences>>
    >();
    expectTypeOf<CommandData<'savePreferences'>>().toEqualTypeOf<{
      pollIntervalMinutes: number;
      notificationsEnabled: boolean;
      openInBackground?: boolean | undefined;
      quietHours?: { enabled: boolean; start: number; end: number } | undefined;
    }>();
    expectTypeOf<CommandData<'editProject'>>().toEqualTypeOf<{
      projectId: number;
      input: ProjectInput;
      account?: string | undefined;
      accountId?: string | undefined;
    }>();
    expectTypeOf<CommandReply<'pollNow'>>().toEqualTypeOf<CommandResult<{ polled: boolean }>>();
    expectTypeOf<ProtocolMap['removeProject']>().toEqualTypeOf<
      (data: {
        projectId: number;
        account?: string | undefined;
        accountId?: string | undefined;
      }) => CommandResult<null>
    >();
    expectTypeOf<keyof ProtocolMap>().toEqualTypeOf<keyof typeof commandSchemas>();
  });

  it('type the data a page sends', () => {
    // Only checked by the compiler (tsc runs over the tests): nothing is sent.
    const typeCheckOnly = () => {
      void callBackground('markRead', { keys: [{ projectId: 1, id: 2 }] });
      // @ts-expect-error a key's id is a number
      void callBackground('markRead', { keys: [{ projectId: 1, id: '2' }] });
      // @ts-expect-error removeProject needs the project's id
      void callBackground('removeProject', {});
      // @ts-expect-error there is no such command (testConnection is gone)
      void callBackground('testConnection', { serviceUrl: '', apiKey: '' });
    };
    expect(typeCheckOnly).toBeTypeOf('function');
  });

  it('reach pages as types only: no page loads the validation library or the schemas to send a command', () => {
    const root = join(import.meta.dirname, '../../..');
    for (const file of ['protocol.ts', 'call-background.ts', 'messenger.ts']) {
      const source = readFileSync(join(root, 'lib/messaging', file), 'utf8');
      const imports = source.match(/^import .*$/gm) ?? [];
      const valueImports = imports.filter((line) => !line.startsWith('import type '));
      expect(valueImports.filter((line) => /zod|command-schemas/.test(line))).toEqual([]);
    }
  });
});
