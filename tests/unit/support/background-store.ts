// What the background's mention store should hold, for the flows of tests/unit/flows/background/:
// the unread a first sync leaves, the badge a store calls for, and its keys.

import { badgeState } from '@/lib/badge/badge-state';
import { parseServiceDate } from '@/lib/time/service-date';
import { unreadCount } from './mention-factory';
import {
  keyString,
  type MentionKey,
  type MentionStore,
  type StoredMention,
} from '@/lib/mentions/store';
import type { FakeService } from '../../fake-service/server';

export const DAY_MS = 24 * 60 * 60_000;

/** Unread mentions a first sync should leave: those the service found within the last 7 days. */
export function expectedFirstSyncUnread(fake: FakeService, now = Date.now()): number {
  return fake
    .projects()
    .flatMap((p) => fake.mentions(p.project_id))
    .filter((m) => (parseServiceDate(m.date_added) ?? now) >= now - 7 * DAY_MS).length;
}

/** The badge text the store calls for (no attention state). */
export function badgeFor(store: MentionStore): string {
  return badgeState({ unread: unreadCount(store), attention: null }).text;
}

/**
 * A project's records without `addedAt`: that moves whenever the service's clock is learned better
 * (a later poll's fresh arrivals), so "kept as it was" compares everything else.
 */
export function apartFromTimes(list: readonly StoredMention[] = []) {
  return list.map(({ addedAt: _addedAt, ...rest }) => rest);
}

export function allKeys(store: MentionStore): string[] {
  return Object.values(store.byProject)
    .flat()
    .map((m) => keyString({ projectId: m.project_id, id: m.id }));
}

export function keysOf(store: MentionStore, projectId: number): MentionKey[] {
  return (store.byProject[projectId] ?? []).map((m) => ({ projectId, id: m.id }));
}
