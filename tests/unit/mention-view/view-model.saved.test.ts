// The Saved view in the popup's view model: its empty states, and rows read in this popup that
// stay listed only in "New" (Saved and All recent list what they list, read or not).
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER, popupState, visibleMentions } from '@/lib/mention-view/view-model';
import { initialSyncStatus } from '@/lib/sync/status';
import { stored } from '../support/mention-factory';

type PopupStateFacts = Parameters<typeof popupState>[0];

const saved = { ...DEFAULT_FILTER, view: 'saved' as const };

function facts(patch: Partial<PopupStateFacts>): PopupStateFacts {
  const base = initialSyncStatus();
  return {
    configured: true,
    status: { ...base, schedule: { ...base.schedule, lastSuccessAt: 1 } },
    projectCount: 2,
    mentionCount: 5,
    filter: saved,
    shownCount: 0,
    ...patch,
  };
}

describe('popupState in Saved', () => {
  const cases: [string, Partial<PopupStateFacts>, string][] = [
    ['nothing saved: says so', {}, 'no-saved'],
    ['nothing saved, nothing stored either: still about Saved', { mentionCount: 0 }, 'no-saved'],
    [
      'filtered to nothing: the filters are why',
      { filter: { ...saved, source: 'web' } },
      'no-match',
    ],
    ['not read yet: loading', { pending: true }, 'loading'],
    ['saved ones to show: the list', { shownCount: 2 }, 'list'],
  ];
  for (const [name, patch, body] of cases) {
    it(name, () => expect(popupState(facts(patch)).body).toBe(body));
  }
});

describe('visibleMentions in Saved', () => {
  it('lists read and unread alike, as All recent does', () => {
    const list = [stored({ id: 1, read: true }), stored({ id: 2 })];
    const rules = { revealedAt: Number.MAX_SAFE_INTEGER, keep: new Set<string>() };
    expect(visibleMentions(list, saved, rules).shown.map((m) => m.id)).toEqual([1, 2]);
  });
});
