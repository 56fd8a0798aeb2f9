import { describe, expect, it } from 'vitest';
import { type StoredMention, allMentionsNewestFirst, unreadByProject } from '@/lib/mentions/store';
import {
  DEFAULT_FILTER,
  isNarrowed,
  popupState,
  projectOptions,
  sourceOptions,
  unreadBySourceIn,
  visibleMentions,
  type PopupFilter,
} from '@/lib/mention-view/view-model';
import { initialSyncStatus, type SyncStatus } from '@/lib/sync/status';
import { stored, storeOf } from '../support/mention-factory';

type PopupStateFacts = Parameters<typeof popupState>[0];

const T0 = Date.UTC(2024, 5, 15, 12);

function m(id: number, extra: Partial<StoredMention> = {}): StoredMention {
  return stored({ id, addedAt: T0 - id * 1000, firstSeen: T0 - 10_000, ...extra });
}

const store = storeOf(
  m(1, { project_id: 1, source: 'web' }),
  m(2, { project_id: 1, source: 'reddit', read: true }),
  m(3, { project_id: 2, source: 'twitter' }),
  m(4, { project_id: 2, source: 'web', read: true }),
  m(5, { project_id: 3, source: 'podcasts' }),
  // Arrived after the popup painted.
  m(6, { project_id: 1, source: 'web', firstSeen: T0 + 5_000 }),
);
const mentions = allMentionsNewestFirst(store);

const ids = (list: readonly StoredMention[]) => list.map((x) => x.id);
const rules = { revealedAt: T0, keep: new Set<string>() };

describe('visibleMentions', () => {
  const cases: {
    name: string;
    filter: Partial<PopupFilter>;
    keep?: string[];
    shown: number[];
    held: number;
  }[] = [
    { name: 'New: unread only, newest first', filter: {}, shown: [1, 3, 5], held: 1 },
    { name: 'All recent: read ones too', filter: { view: 'all' }, shown: [1, 2, 3, 4, 5], held: 1 },
    { name: 'one project', filter: { view: 'all', projectId: 2 }, shown: [3, 4], held: 0 },
    { name: 'one project, New', filter: { projectId: 1 }, shown: [1], held: 1 },
    { name: 'one source', filter: { view: 'all', source: 'web' }, shown: [1, 4], held: 1 },
    { name: 'an unknown source', filter: { source: 'podcasts' }, shown: [5], held: 0 },
    {
      name: 'project and source',
      filter: { view: 'all', projectId: 1, source: 'reddit' },
      shown: [2],
      held: 0,
    },
    { name: 'nothing matches', filter: { projectId: 99 }, shown: [], held: 0 },
    {
      name: 'read in this popup: kept in New',
      filter: {},
      keep: ['1:2'],
      shown: [1, 2, 3, 5],
      held: 1,
    },
    {
      name: 'kept keys of other projects do not leak',
      filter: { projectId: 2 },
      keep: ['1:2'],
      shown: [3],
      held: 0,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const result = visibleMentions(
        mentions,
        { ...DEFAULT_FILTER, ...c.filter },
        {
          revealedAt: T0,
          keep: new Set(c.keep ?? []),
        },
      );
      expect(ids(result.shown)).toEqual(c.shown);
      expect(result.held).toBe(c.held);
    });
  }

  it('shows the held mentions once revealed', () => {
    const result = visibleMentions(mentions, DEFAULT_FILTER, { ...rules, revealedAt: T0 + 5_000 });
    expect(ids(result.shown)).toEqual([1, 3, 5, 6]);
    expect(result.held).toBe(0);
  });
});

describe('projectOptions', () => {
  it('names the service projects in its order with their unread counts, then unknown ones', () => {
    const projects = [
      { project_id: 2, name: 'Globex', type: 'competitiveMonitoring', fields: {} },
      { project_id: 1, name: 'Acme', type: 'brandMonitoring', fields: {} },
      { project_id: 7, name: 'Quiet', type: 'topicMonitoring', fields: {} },
    ];
    expect(projectOptions(projects, unreadByProject(store))).toEqual([
      { projectId: 2, name: 'Globex', unread: 1 },
      { projectId: 1, name: 'Acme', unread: 2 },
      { projectId: 7, name: 'Quiet', unread: 0 },
      { projectId: 3, name: null, unread: 1 },
    ]);
  });

  it('is empty with no projects and no mentions', () => {
    expect(projectOptions([], {})).toEqual([]);
  });

  it('lists a project only the store knows even with nothing unread', () => {
    expect(projectOptions([], { 4: 0 })).toEqual([{ projectId: 4, name: null, unread: 0 }]);
  });
});

describe('unreadBySourceIn', () => {
  it('counts the unread per source, every source present a key', () => {
    expect(unreadBySourceIn(mentions, null)).toEqual({
      web: 2,
      reddit: 0,
      twitter: 1,
      podcasts: 1,
    });
  });
  it('only in the chosen project', () => {
    expect(unreadBySourceIn(mentions, 2)).toEqual({ twitter: 1, web: 0 });
  });
});

describe('sourceOptions', () => {
  const names = (counts: Record<string, number>, selected: string | null = null) =>
    sourceOptions(counts, selected).map((o) => o.source);

  it('lists known sources in their usual order, unknown ones after', () => {
    expect(names(unreadBySourceIn(mentions, null))).toEqual([
      'twitter',
      'reddit',
      'web',
      'podcasts',
    ]);
  });
  it('only the sources of the chosen project', () => {
    expect(names(unreadBySourceIn(mentions, 2))).toEqual(['twitter', 'web']);
  });
  it('keeps the selected source listed', () => {
    expect(names(unreadBySourceIn(mentions, 2), 'youtube')).toEqual(['twitter', 'youtube', 'web']);
  });
  it('carries each source’s unread count (0 for a selected source with none)', () => {
    expect(sourceOptions({ web: 2, reddit: 0 }, 'youtube')).toEqual([
      { source: 'youtube', unread: 0 },
      { source: 'reddit', unread: 0 },
      { source: 'web', unread: 2 },
    ]);
  });
});

describe('isNarrowed', () => {
  it('is true with a project or source filter, not for the view alone', () => {
    expect(isNarrowed(DEFAULT_FILTER)).toBe(false);
    expect(isNarrowed({ ...DEFAULT_FILTER, view: 'all' })).toBe(false);
    expect(isNarrowed({ ...DEFAULT_FILTER, projectId: 1 })).toBe(true);
    expect(isNarrowed({ ...DEFAULT_FILTER, source: 'web' })).toBe(true);
  });
});

describe('popupState', () => {
  const ok = (patch: Partial<SyncStatus> = {}, schedule: Partial<SyncStatus['schedule']> = {}) => {
    const base = initialSyncStatus();
    return { ...base, ...patch, schedule: { ...base.schedule, lastSuccessAt: T0, ...schedule } };
  };
  const facts = (patch: Partial<PopupStateFacts>): PopupStateFacts => ({
    configured: true,
    status: ok(),
    projectCount: 2,
    mentionCount: 10,
    filter: DEFAULT_FILTER,
    shownCount: 3,
    ...patch,
  });
  const cases: {
    name: string;
    facts: Partial<PopupStateFacts>;
    state: ReturnType<typeof popupState>;
  }[] = [
    {
      name: 'not set up',
      facts: { configured: false },
      state: { attention: null, body: 'not-set-up' },
    },
    {
      name: 'not set up wins over everything',
      facts: { configured: false, status: ok({ keyRejected: true }) },
      state: { attention: null, body: 'not-set-up' },
    },
    { name: 'a list', facts: {}, state: { attention: null, body: 'list' } },
    {
      name: 'key rejected, cached list still shown',
      facts: { status: ok({ keyRejected: true }) },
      state: { attention: 'key-rejected', body: 'list' },
    },
    {
      name: 'unreachable, cached list still shown',
      facts: { status: ok({}, { attention: true }) },
      state: { attention: 'unreachable', body: 'list' },
    },
    {
      name: 'permission first: it must be fixed before anything else can be judged',
      facts: { status: ok({ permissionMissing: true, keyRejected: true }, { attention: true }) },
      state: { attention: 'permission-missing', body: 'list' },
    },
    {
      name: 'a problem and nothing stored: the notice alone',
      facts: { status: ok({ keyRejected: true }), mentionCount: 0, shownCount: 0 },
      state: { attention: 'key-rejected', body: 'attention-only' },
    },
    {
      name: 'never checked',
      facts: { status: initialSyncStatus(), projectCount: 0, mentionCount: 0, shownCount: 0 },
      state: { attention: null, body: 'not-checked' },
    },
    {
      name: 'checked, no projects',
      facts: { projectCount: 0, mentionCount: 0, shownCount: 0 },
      state: { attention: null, body: 'no-projects' },
    },
    {
      name: 'projects, no mentions',
      facts: { mentionCount: 0, shownCount: 0 },
      state: { attention: null, body: 'no-mentions' },
    },
    {
      name: 'all caught up',
      facts: { shownCount: 0 },
      state: { attention: null, body: 'caught-up' },
    },
    {
      name: 'filters exclude everything in All recent',
      facts: { shownCount: 0, filter: { view: 'all', projectId: 3, source: null } },
      state: { attention: null, body: 'no-match' },
    },
    {
      name: 'unreachable and caught up',
      facts: { shownCount: 0, status: ok({}, { attention: true }) },
      state: { attention: 'unreachable', body: 'caught-up' },
    },
    {
      name: 'rows of this view still being read, none to show yet: loading, not caught up',
      facts: {
        shownCount: 0,
        pending: true,
        filter: { view: 'all', projectId: null, source: null },
      },
      state: { attention: null, body: 'loading' },
    },
    {
      name: 'rows to show while more are read: the list',
      facts: { shownCount: 3, pending: true },
      state: { attention: null, body: 'list' },
    },
    {
      name: 'loading under a notice',
      facts: { shownCount: 0, pending: true, status: ok({ keyRejected: true }) },
      state: { attention: 'key-rejected', body: 'loading' },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(popupState(facts(c.facts))).toEqual(c.state);
    });
  }
});
