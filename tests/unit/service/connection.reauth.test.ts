import { describe, expect, it, vi } from 'vitest';
import { withReauth } from '@/lib/service/connection';
import { ServiceError } from '@/lib/service/errors';

const authError = () => new ServiceError('auth', 'The service did not accept the session.');

describe('withReauth', () => {
  it('uses the current token when it works, without logging in', async () => {
    const relogin = vi.fn(async () => 'fresh');
    const call = vi.fn(async (token: string) => `ok with ${token}`);
    await expect(withReauth(async () => 'old', relogin, call)).resolves.toBe('ok with old');
    expect(relogin).not.toHaveBeenCalled();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('on an auth error logs in once and retries once with the new token', async () => {
    const relogin = vi.fn(async () => 'fresh');
    const call = vi.fn(async (token: string) => {
      if (token === 'old') throw authError();
      return `ok with ${token}`;
    });
    await expect(withReauth(async () => 'old', relogin, call)).resolves.toBe('ok with fresh');
    expect(relogin).toHaveBeenCalledTimes(1);
    expect(call.mock.calls).toEqual([['old'], ['fresh']]);
  });

  it('a second auth failure is final: auth, no loop', async () => {
    const relogin = vi.fn(async () => 'fresh');
    const call = vi.fn(async () => {
      throw authError();
    });
    await expect(withReauth(async () => 'old', relogin, call)).rejects.toMatchObject({
      kind: 'auth',
    });
    expect(relogin).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('other errors pass through without logging in', async () => {
    const relogin = vi.fn(async () => 'fresh');
    for (const kind of [
      'network',
      'server',
      'rate-limited',
      'bad-reply',
      'timeout',
      'key-rejected',
      'superseded',
      'invalid-input',
    ] as const) {
      const call = vi.fn(async () => {
        throw new ServiceError(kind, 'x');
      });
      await expect(withReauth(async () => 'old', relogin, call)).rejects.toMatchObject({ kind });
      expect(call).toHaveBeenCalledTimes(1);
    }
    expect(relogin).not.toHaveBeenCalled();
  });

  it('a rejected API key during relogin is final, and stays key-rejected', async () => {
    const relogin = vi.fn(async () => {
      throw new ServiceError('key-rejected', 'The service did not accept the API key.');
    });
    const call = vi.fn(async () => {
      throw authError();
    });
    await expect(withReauth(async () => 'old', relogin, call)).rejects.toMatchObject({
      kind: 'key-rejected',
      message: expect.stringMatching(/API key/),
    });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('an outage during relogin is the outage (server), not a rejected key', async () => {
    const relogin = vi.fn(async () => {
      throw new ServiceError('server', 'The service had a problem (HTTP 503).', { status: 503 });
    });
    const call = vi.fn(async () => {
      throw authError();
    });
    await expect(withReauth(async () => 'old', relogin, call)).rejects.toMatchObject({
      kind: 'server',
      status: 503,
    });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('a superseded relogin is passed on as superseded', async () => {
    const relogin = vi.fn(async () => {
      throw new ServiceError('superseded', 'The connection changed.');
    });
    const call = vi.fn(async () => {
      throw authError();
    });
    await expect(withReauth(async () => 'old', relogin, call)).rejects.toMatchObject({
      kind: 'superseded',
    });
  });

  it('a failing getToken is not retried', async () => {
    const relogin = vi.fn(async () => 'fresh');
    const call = vi.fn(async () => 'never');
    await expect(
      withReauth(
        async () => {
          throw authError();
        },
        relogin,
        call,
      ),
    ).rejects.toMatchObject({ kind: 'auth' });
    expect(relogin).not.toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
  });
});
