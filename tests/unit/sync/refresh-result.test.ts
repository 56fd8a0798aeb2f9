// What a refresh achieved, in words.
import { describe, expect, it } from 'vitest';
import { emptyMentionStore } from '@/lib/mentions/store';
import { refreshOutcome } from '@/lib/sync/refresh-result';

type RefreshFacts = Parameters<typeof refreshOutcome>[0];
import { initialSyncStatus } from '@/lib/sync/status';
import { stored, storeOf } from '../support/mention-factory';

describe('refreshOutcome', () => {
  const startedAt = 1_000_000;
  const facts = (patch: Partial<RefreshFacts> = {}): RefreshFacts => ({
    result: { ok: true, value: { polled: true } },
    startedAt,
    configured: true,
    status: initialSyncStatus(),
    store: emptyMentionStore(),
    ...patch,
  });
  const error = (at: number) => ({ kind: 'server', message: 'The service failed.', at });

  it('counts the mentions first stored since the press', () => {
    const store = storeOf(
      stored({ id: 1, firstSeen: startedAt - 1 }),
      stored({ id: 2, firstSeen: startedAt }),
      stored({ id: 3, firstSeen: startedAt + 500 }),
    );
    expect(refreshOutcome(facts({ store }))).toEqual({ kind: 'done', added: 2, partial: false });
    expect(refreshOutcome(facts())).toEqual({ kind: 'done', added: 0, partial: false });
  });

  it('says when some projects failed in this poll', () => {
    const status = {
      ...initialSyncStatus(),
      projectErrors: { '1': error(startedAt + 10), '2': error(startedAt - 10) },
    };
    expect(refreshOutcome(facts({ status }))).toMatchObject({ kind: 'done', partial: true });
    const old = { ...initialSyncStatus(), projectErrors: { '2': error(startedAt - 10) } };
    expect(refreshOutcome(facts({ status: old }))).toMatchObject({ partial: false });
  });

  it('reports failures in words', () => {
    expect(
      refreshOutcome(
        facts({ result: { ok: false, error: { kind: 'internal', message: 'Broken.' } } }),
      ),
    ).toEqual({ kind: 'failed', message: 'Broken.' });
    const status = { ...initialSyncStatus(), lastError: error(startedAt + 1) };
    expect(
      refreshOutcome(facts({ result: { ok: true, value: { polled: false } }, status })),
    ).toEqual({ kind: 'failed', message: 'The service failed.' });
  });

  it('an old error does not make a fresh poll fail', () => {
    const status = { ...initialSyncStatus(), lastError: error(startedAt - 1) };
    expect(refreshOutcome(facts({ status }))).toMatchObject({ kind: 'done' });
  });

  it('names the states that stop polling', () => {
    const skipped = { ok: true as const, value: { polled: false } };
    expect(refreshOutcome(facts({ result: skipped, configured: false }))).toEqual({
      kind: 'not-set-up',
    });
    expect(
      refreshOutcome(
        facts({ result: skipped, status: { ...initialSyncStatus(), permissionMissing: true } }),
      ),
    ).toEqual({ kind: 'permission-missing' });
    expect(
      refreshOutcome(
        facts({ result: skipped, status: { ...initialSyncStatus(), keyRejected: true } }),
      ),
    ).toEqual({ kind: 'key-rejected' });
    expect(refreshOutcome(facts({ result: skipped }))).toEqual({ kind: 'skipped' });
  });
});
