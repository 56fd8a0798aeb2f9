// The sync status as storage hands it back: every field checked on its own, so a damaged or older
// value (another version, a manual edit, a half-written migration) yields a usable status and
// never an error in the wrong shape on a page; and its durable part keeps what must outlive a
// browser session (a backoff, a rejected key's retry time).
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  DURABLE_STATUS_VERSION,
  durableOf,
  initialSyncStatus,
  parseSyncStatus,
  type SyncStatus,
} from '@/lib/sync/status';

/**
 * The status's storage as a fresh worker loads it: its storage items are defined on first use, and
 * decide then whether to migrate or to stamp the version.
 */
async function freshStatusModule() {
  vi.resetModules();
  return import('@/lib/sync/status-storage');
}

const valid: SyncStatus = {
  schedule: { consecutiveFailures: 2, lastSuccessAt: 10, nextPollAt: 500, attention: false },
  keyRejected: true,
  permissionMissing: false,
  lastError: { kind: 'key-rejected', message: 'The service rejected the API key.', at: 400 },
  projectErrors: { '1201': { kind: 'server', message: 'HTTP 500', at: 300 } },
  absentProjects: { '1202': { since: 100, polls: 2 } },
  records: { skipped: 3, refused: 1, undated: 2 },
  lastPollAt: 400,
};

function isValidError(error: unknown): boolean {
  if (error === null) return true;
  const e = error as { kind: unknown; message: unknown; at: unknown };
  return (
    typeof e.kind === 'string' &&
    e.kind !== '' &&
    typeof e.message === 'string' &&
    typeof e.at === 'number' &&
    Number.isFinite(e.at)
  );
}

describe('parseSyncStatus', () => {
  it('keeps a valid status as it is', () => {
    expect(parseSyncStatus(valid)).toEqual(valid);
  });

  it.each<[string, unknown, Partial<SyncStatus>]>([
    [
      'an error without a message',
      { ...valid, lastError: { kind: 'server', at: 1 } },
      { lastError: null },
    ],
    [
      'an error whose time is text',
      { ...valid, lastError: { kind: 'server', message: 'x', at: '1' } },
      { lastError: null },
    ],
    ['an error that is a string', { ...valid, lastError: 'boom' }, { lastError: null }],
    [
      'a project error that is damaged, beside a good one',
      { ...valid, projectErrors: { '1201': valid.projectErrors['1201'], '1202': { kind: 5 } } },
      { projectErrors: valid.projectErrors },
    ],
    [
      'a project error under a key that is not an id',
      { ...valid, projectErrors: { ...valid.projectErrors, __proto__x: valid.lastError } },
      { projectErrors: valid.projectErrors },
    ],
    [
      'project errors as a list',
      { ...valid, projectErrors: [valid.lastError] },
      { projectErrors: {} },
    ],
    ['a flag that is not a boolean', { ...valid, keyRejected: 'yes' }, { keyRejected: false }],
    [
      'a schedule with a count that is text',
      { ...valid, schedule: { ...valid.schedule, consecutiveFailures: '3' } },
      { schedule: { ...valid.schedule, consecutiveFailures: 0 } },
    ],
    [
      'a schedule with a next poll that is not finite',
      { ...valid, schedule: { ...valid.schedule, nextPollAt: Infinity } },
      { schedule: { ...valid.schedule, nextPollAt: 0 } },
    ],
    [
      'an absence without a count, beside a good one',
      { ...valid, absentProjects: { ...valid.absentProjects, '1203': { since: 5 } } },
      { absentProjects: valid.absentProjects },
    ],
    [
      'record counts that are negative or text',
      { ...valid, records: { skipped: -4, refused: '2', undated: 2.7 } },
      { records: { skipped: 0, refused: 0, undated: 2 } },
    ],
  ])('repairs %s field by field', (_what, raw, expected) => {
    expect(parseSyncStatus(raw)).toEqual({ ...valid, ...expected });
  });

  it('cuts an overlong message, keeps the kind', () => {
    const lastError = (error: unknown) => parseSyncStatus({ lastError: error }).lastError;
    const long = lastError({ kind: 'server', message: 'x'.repeat(10_000), at: 1 });
    expect(long).toEqual({ kind: 'server', message: 'x'.repeat(500), at: 1 });
    expect(lastError({ kind: 'k'.repeat(100), message: 'm', at: 1 })).toBeNull();
  });

  it('reads -0 as 0, as storage gives it back (found by the property below)', () => {
    const status = parseSyncStatus({
      lastPollAt: -0,
      lastError: { kind: 'server', message: 'down', at: -0 },
    });
    expect(Object.is(status.lastPollAt, 0)).toBe(true);
    expect(Object.is(status.lastError?.at, 0)).toBe(true);
  });

  it('always yields a status of the right shape, and parsing it again changes nothing', () => {
    const damagedError = fc.oneof(
      fc.anything(),
      fc.record({ kind: fc.anything(), message: fc.anything(), at: fc.anything() }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            schedule: fc.oneof(fc.anything(), fc.dictionary(fc.string(), fc.anything())),
            keyRejected: fc.anything(),
            permissionMissing: fc.anything(),
            lastError: damagedError,
            projectErrors: fc.oneof(fc.anything(), fc.dictionary(fc.string(), damagedError)),
            lastPollAt: fc.anything(),
          }),
        ),
        (raw) => {
          const status = parseSyncStatus(raw);
          expect(typeof status.keyRejected).toBe('boolean');
          expect(typeof status.permissionMissing).toBe('boolean');
          expect(isValidError(status.lastError)).toBe(true);
          for (const [id, error] of Object.entries(status.projectErrors)) {
            expect(id).toMatch(/^\d+$/);
            expect(isValidError(error)).toBe(true);
          }
          const { schedule } = status;
          expect(Number.isInteger(schedule.consecutiveFailures)).toBe(true);
          expect(schedule.consecutiveFailures).toBeGreaterThanOrEqual(0);
          expect(Number.isFinite(schedule.nextPollAt)).toBe(true);
          expect(typeof schedule.attention).toBe('boolean');
          expect(parseSyncStatus(JSON.parse(JSON.stringify(status)))).toEqual(status);
        },
      ),
    );
  });
});

describe('the durable status', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('keeps the retry time of a rejected key, and the time of a backoff, but not of a healthy schedule', () => {
    const rejected = { ...valid, schedule: { ...valid.schedule, consecutiveFailures: 0 } };
    expect(durableOf(rejected).schedule.nextPollAt).toBe(500);
    expect(durableOf({ ...valid, keyRejected: false }).schedule.nextPollAt).toBe(500);
    const healthy = { ...rejected, keyRejected: false };
    expect(durableOf(healthy).schedule.nextPollAt).toBe(0);
    expect(durableOf(valid).lastPollAt).toBeNull();
  });

  it('carries its format version, and a version 1 value is migrated through the same checks', async () => {
    // What version 1 left: its own meta, an error with a bad field, a rejected key with no time.
    await fakeBrowser.storage.local.set({
      syncStatus: {
        ...initialSyncStatus(),
        keyRejected: true,
        lastError: { kind: 'auth', message: 'The service rejected the API key.', at: 'then' },
        projectErrors: { '7': { kind: 'server', message: 'HTTP 500', at: 9 }, x: 1 },
      },
      syncStatus$: { v: 1 },
    });
    const { readSyncStatus } = await freshStatusModule();
    const status = await readSyncStatus(FIRST_ACCOUNT);
    expect(status.keyRejected).toBe(true);
    expect(status.lastError).toBeNull();
    expect(status.projectErrors).toEqual({ '7': { kind: 'server', message: 'HTTP 500', at: 9 } });
    // Due at once: after the update, the key is tried again right away.
    expect(status.schedule.nextPollAt).toBe(0);
    const stored = await fakeBrowser.storage.local.get(['syncStatus', 'syncStatus$']);
    expect(stored.syncStatus$).toEqual({ v: DURABLE_STATUS_VERSION });
    expect((stored.syncStatus as SyncStatus).lastError).toBeNull();
  });

  it('is written with its version, and only when its durable part changes', async () => {
    const { writeSyncStatus } = await freshStatusModule();
    await writeSyncStatus(FIRST_ACCOUNT, valid);
    expect((await fakeBrowser.storage.local.get('syncStatus$')).syncStatus$).toEqual({
      v: DURABLE_STATUS_VERSION,
    });
    let writes = 0;
    fakeBrowser.storage.onChanged.addListener((changes, area) => {
      if (area === 'local' && 'syncStatus' in changes) writes += 1;
    });
    await writeSyncStatus(FIRST_ACCOUNT, { ...valid, lastPollAt: 999 });
    expect(writes).toBe(0);
    await writeSyncStatus(FIRST_ACCOUNT, { ...valid, keyRejected: false });
    expect(writes).toBe(1);
  });
});
