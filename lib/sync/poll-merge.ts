// A poll's results into the store: the merge of every project fetched, what its arrivals teach of
// the service's clock, and the notifications they call for, written in one storage call.
import { mergeMentions } from '@/lib/mentions/merge';
import { newMentionsToNotify, type MentionNotification } from '@/lib/mentions/notify';
import { removeProjects } from '@/lib/mentions/remove-projects';
import { isSynced } from '@/lib/mentions/selectors';
import type { StoredMention } from '@/lib/mentions/store';
import { outboxWrite } from '@/lib/notifications/outbox';
import type { ServiceProject } from '@/lib/projects/types';
import type { Settings } from '@/lib/settings/settings';
import { effectiveOffsetMinutes } from '@/lib/time/service-clock';
import type { Fetched } from '@/lib/sync/poll-fetch';
import { learnServiceClock } from '@/lib/sync/service-time';
import type { StoredState } from '@/lib/sync/stored-state';

export interface PollMergeDeps extends Pick<
  StoredState,
  'readStore' | 'writeStore' | 'readProjects' | 'readServiceClock'
> {
  now(): number;
}

/**
 * Compared by content, not key order: chrome.storage hands objects back with their keys sorted, so
 * the stored list never stringifies like a freshly decoded one, and every poll rewrote it.
 */
export function sameProjects(a: readonly ServiceProject[], b: readonly ServiceProject[]): boolean {
  return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortedKeys(record[key])]),
  );
}

/**
 * Merges what was fetched into the store and writes it with the notifications it calls for, in
 * one storage call (inside the poll's commit, poll-writer.ts). Throws what the write throws.
 */
export async function mergeAndWrite(
  deps: PollMergeDeps,
  fetched: readonly Fetched[],
  projects: readonly ServiceProject[],
  settings: Settings,
): Promise<{ added: number; notifications: MentionNotification[] }> {
  const before = await deps.readStore();
  // A project removed while this poll ran (remove, disconnect: the stored list no longer has
  // it) must not come back with the mentions fetched before.
  const current = new Set((await deps.readProjects()).map((p) => p.project_id));
  // Removed projects take their mentions along (only with a list that was fetched successfully).
  let store = removeProjects(
    before,
    projects.map((p) => p.project_id).filter((id) => current.has(id)),
  );
  const addedNow: StoredMention[] = [];
  const firstSync: number[] = [];
  const clockBefore = await deps.readServiceClock();
  const utcOffsetMinutes = effectiveOffsetMinutes(clockBefore);
  for (const result of fetched) {
    if (!('mentions' in result)) continue;
    const projectId = result.project.project_id;
    if (!current.has(projectId)) continue;
    if (!isSynced(store, projectId)) firstSync.push(projectId);
    const merged = mergeMentions(store, projectId, result.mentions, new Date(deps.now()), {
      utcOffsetMinutes,
    });
    store = merged.store;
    addedNow.push(...merged.added);
  }
  // What the arrivals tell of the service's clock; the store follows a changed offset at once.
  const learned = learnServiceClock(clockBefore, store, addedNow, deps.now());
  store = learned.store;
  // A poll that changed nothing writes nothing.
  if (store === before && !learned.write) return { added: 0, notifications: [] };
  const notifications = settings.notificationsEnabled
    ? newMentionsToNotify(addedNow, projects, { firstSyncProjectIds: firstSync })
    : [];
  await deps.writeStore(store, before, { ...outboxWrite(notifications), ...learned.write });
  return { added: addedNow.length, notifications };
}
