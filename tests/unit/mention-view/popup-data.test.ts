// The popup's triage data: both items read in one call, the rules compiled, the saved keys, and a
// change of either read again; storage that cannot be read reads as nothing muted or saved.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { recordOf } from '@/lib/mentions/mention-record';
import { savedMentionsItem, triageItem } from '@/lib/storage/items';
import { followTriage, type TriageData } from '@/lib/mention-view/popup-data';
import type { MuteRule } from '@/lib/triage/triage-state';
import { EMPTY_TRIAGE } from '../support/triage-fixtures';
import { stored } from '../support/mention-factory';

const rule: MuteRule = { id: 'r1', kind: 'author', value: 'Ann', projectId: null, createdAt: 1 };
const saved = { items: [{ record: recordOf(stored({ id: 5, project_id: 2 })), savedAt: 9 }] };

beforeEach(() => fakeBrowser.reset());

/** Follows the triage; resolves with each answer in turn. */
function follow() {
  const seen: TriageData[] = [];
  const stop = followTriage((data) => seen.push(data));
  const next = async (count: number) => {
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(count));
    return seen[count - 1];
  };
  return { seen, stop, next };
}

describe('followTriage', () => {
  it('reads nothing stored as nothing muted and nothing saved', async () => {
    const { next, stop } = follow();
    const data = await next(1);
    expect(data.state).toEqual(EMPTY_TRIAGE);
    expect(data.isMuted(stored({ id: 1 }))).toBe(false);
    expect(data.saved.items).toEqual([]);
    expect([...data.savedKeys]).toEqual([]);
    stop();
  });

  it('compiles the rules and keys the saved ones; reads again on a change of either', async () => {
    await triageItem(FIRST_ACCOUNT).setValue({ ...EMPTY_TRIAGE, muteRules: [rule] });
    const { next, stop } = follow();
    const first = await next(1);
    expect(first.isMuted(stored({ id: 1, author: ' ann ' }))).toBe(true);
    expect(first.isMuted(stored({ id: 1, author: 'bob' }))).toBe(false);

    await savedMentionsItem(FIRST_ACCOUNT).setValue(saved);
    const second = await next(2);
    expect([...second.savedKeys]).toEqual(['2:5']);
    expect(second.state.muteRules).toEqual([rule]);

    await triageItem(FIRST_ACCOUNT).setValue({ ...EMPTY_TRIAGE, snooze: { until: null } });
    const third = await next(3);
    expect(third.state.snooze).toEqual({ until: null });
    expect(third.isMuted(stored({ id: 1, author: 'ann' }))).toBe(false);
    expect([...third.savedKeys]).toEqual(['2:5']);
    stop();
  });

  it('a damaged value reads through its guard; nothing is heard after stop', async () => {
    await fakeBrowser.storage.local.set({ triage: { muteRules: 'nonsense' }, savedMentions: 7 });
    const { next, stop, seen } = follow();
    const data = await next(1);
    expect(data.state.muteRules).toEqual([]);
    expect(data.saved.items).toEqual([]);
    stop();
    await triageItem(FIRST_ACCOUNT).setValue({ ...EMPTY_TRIAGE, muteRules: [rule] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toHaveLength(1);
  });

  it('storage that fails to answer reads as empty: the list still shows', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValueOnce(new Error('gone'));
    const { next, stop } = follow();
    expect((await next(1)).state).toEqual(EMPTY_TRIAGE);
    stop();
  });
});
