// Builders for mentions and stores in tests: every field filled, overridable.

import fc from 'fast-check';
import type { Mention } from '@/lib/service/values';
import { toStoredContent } from '@/lib/mentions/mention-record';
import { shardWrites } from '@/lib/mentions/shards';
import { META_KEY, metaOf } from '@/lib/mentions/store-format';
import {
  emptyMentionStore,
  newestFirst,
  type MentionKey,
  type MentionStore,
  type StoredMention,
} from '@/lib/mentions/store';

export const NOW = new Date(Date.UTC(2024, 5, 15, 12, 0, 0));
export const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD HH:MM:SS` for an epoch ms, read as UTC (parseServiceDate's default). */
export function serviceDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
}

/** The service date `days` days before NOW. */
export function daysAgo(days: number): string {
  return serviceDate(NOW.getTime() - days * DAY_MS);
}

export function mention(overrides: Partial<Mention> & Pick<Mention, 'id'>): Mention {
  return {
    project_id: 1,
    type: 'brandMonitoring',
    reddit_type: '',
    source: 'web',
    relevance_score: 5,
    sentiment: 0,
    title: `Mention ${overrides.id}`,
    text_summary: null,
    snippet: 'a snippet',
    url: `https://example.com/${overrides.id}`,
    keywords: 'acme',
    excluded_keywords: '',
    status: 0,
    favorites: 0,
    author: 'someone',
    created: serviceDate(NOW.getTime() - DAY_MS),
    date_added: serviceDate(NOW.getTime() - DAY_MS),
    product_description: 'Acme makes anvils.',
    ...overrides,
  };
}

/** A stored mention as the merge would create it, for building stores directly. */
export function stored(
  overrides: Partial<StoredMention> & Pick<StoredMention, 'id'>,
): StoredMention {
  const content = toStoredContent(mention(overrides));
  const addedAt = overrides.addedAt ?? Date.parse(`${content.date_added.replace(' ', 'T')}Z`);
  return { ...content, read: false, firstSeen: NOW.getTime(), addedAt, ...overrides };
}

export function storeOf(...mentions: StoredMention[]): MentionStore {
  const store = emptyMentionStore();
  for (const m of mentions) {
    (store.byProject[m.project_id] ??= []).push(m);
    if (!store.syncedProjects.includes(m.project_id)) store.syncedProjects.push(m.project_id);
  }
  // The store's invariant: each project's list newest first.
  for (const [key, list] of Object.entries(store.byProject)) {
    store.byProject[Number(key)] = newestFirst(list);
  }
  return store;
}

/** Freezes a value and everything inside it, so a test fails if a function mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Mentions with small ids and few distinct dates, so re-fetches, collisions and ties happen often;
 * now and then a date the service might garble.
 */
export function mentionArbitrary(projectIds: readonly number[]): fc.Arbitrary<Mention> {
  return fc
    .record({
      id: fc.integer({ min: 1, max: 40 }),
      project_id: fc.constantFrom(...projectIds),
      date_added: fc.oneof(
        { weight: 9, arbitrary: fc.integer({ min: 0, max: 12 * 24 }) },
        { weight: 1, arbitrary: fc.constant(-1) },
      ),
      title: fc.constantFrom('A', 'B', 'C'),
      sentiment: fc.integer({ min: -1, max: 1 }),
    })
    .map(({ id, project_id, date_added, title, sentiment }) =>
      mention({
        id,
        project_id,
        title,
        sentiment,
        date_added:
          date_added < 0
            ? '0000-00-00 00:00:00'
            : serviceDate(NOW.getTime() - date_added * 3_600_000),
      }),
    );
}

/** Unread mentions in all projects, counted record by record (the product counts per project). */
export function unreadCount(store: MentionStore): number {
  let unread = 0;
  for (const list of Object.values(store.byProject)) {
    for (const m of list) if (!m.read) unread += 1;
  }
  return unread;
}

/** The mention a record key (`mention:<project>:<id>`) names, or undefined for any other key. */
export function recordKeyOf(key: string): MentionKey | undefined {
  const match = /^mention:(-?\d+):(-?\d+)$/.exec(key);
  return match ? { projectId: Number(match[1]), id: Number(match[2]) } : undefined;
}

/** Every key of `store` as storage holds it after a write from nothing (shards.ts, with the meta). */
export function shardsOf(store: MentionStore): Record<string, unknown> {
  return { ...shardWrites(emptyMentionStore(), store).set, [META_KEY]: metaOf(store) };
}
