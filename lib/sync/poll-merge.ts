// A poll's results into the store: the merge of every project fetched, what its arrivals teach of
// the service's clock, and the notifications they call for, written in one storage call.
import { mergeMentions, recordsToKeep } from '@/lib/mentions/merge';
import { newMentionsToNotify, type MentionNotification } from '@/lib/mentions/notify';
import {
  isSynced,
  rebaseServiceTimes,
  removeProjects,
  type MentionStore,
  type StoredMention,
} from '@/lib/mentions/store';
import { outboxWrite } from '@/lib/notifications/outbox';
import type { ServiceProject } from '@/lib/projects/types';
import { decodeMentionList } from '@/lib/service/replies';
import { normalizeIntervalMinutes, type Settings } from '@/lib/settings/settings';
import { notificationOutboxItem, triageItem } from '@/lib/storage/items';
import { TRIAGE_KEY } from '@/lib/storage/keys';
import { applyHold } from '@/lib/triage/hold';
import { muteMatcher } from '@/lib/triage/mute';
import { switchesOf, type TriageState } from '@/lib/triage/triage-state';
import {
  effectiveOffsetMinutes,
  observeArrivals,
  serviceClockWrite,
  type ServiceClockState,
} from '@/lib/time/service-clock';
import type { Fetched, KeepRecords } from '@/lib/sync/poll-fetch';
import type { StoredState } from '@/lib/sync/stored-state';
import type { SyncStatus } from '@/lib/sync/status';

export interface PollMergeDeps extends Pick<
  StoredState,
  | 'account'
  | 'readStore'
  | 'writeStore'
  | 'readProjects'
  | 'readServiceClock'
  | 'readStatus'
  | 'readLimits'
> {
  now(): number;
  /**
   * The name the account's notifications carry when the person has several (notifyingAccountName,
   * from every account's settings: `settings` here are this account's view alone); none for one.
   */
  accountName?(): Promise<string | undefined>;
}

/**
 * What of each reply a poll holds until its merge: the records the store settles as it is when
 * the poll begins are let go as the reply arrives (lib/mentions/merge.ts, recordsToKeep), so a poll of
 * whole-history replies holds one at a time, not all of them. Best effort: without the store, all.
 */
export async function replySettler(
  deps: Pick<PollMergeDeps, 'readStore' | 'readServiceClock'>,
): Promise<KeepRecords | undefined> {
  try {
    const before = await deps.readStore();
    const offset = effectiveOffsetMinutes(await deps.readServiceClock());
    return (projectId, records) => recordsToKeep(before, projectId, records, offset);
  } catch {
    return undefined;
  }
}

interface MergedPoll {
  added: number;
  notifications: MentionNotification[];
  /** What the merges could not take as sent (the status's `records`, status.ts). */
  records: SyncStatus['records'];
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
): Promise<MergedPoll> {
  const before = await deps.readStore();
  // A project removed while this poll ran (remove, disconnect: the stored list no longer has
  // it) must not come back with the mentions fetched before.
  const current = new Set((await deps.readProjects()).map((p) => p.project_id));
  // Projects the roster let go take their mentions along (project-roster.ts): `projects` is the
  // roster, which keeps a project a list left out until the service has said so long enough.
  let store = removeProjects(
    before,
    projects.map((p) => p.project_id).filter((id) => current.has(id)),
  );
  const addedNow: StoredMention[] = [];
  const firstSync: number[] = [];
  const records = { skipped: 0, refused: 0, undated: 0 };
  const clockBefore = await deps.readServiceClock();
  const utcOffsetMinutes = effectiveOffsetMinutes(clockBefore);
  const limits = await deps.readLimits();
  for (const result of fetched) {
    if (!('records' in result)) continue;
    const projectId = result.project.project_id;
    if (!current.has(projectId)) continue;
    if (!isSynced(store, projectId)) firstSync.push(projectId);
    // What the poll kept of the reply (replySettler), read in full.
    const decoded = decodeMentionList(result.records, projectId);
    const merged = mergeMentions(store, projectId, decoded.items, new Date(deps.now()), {
      utcOffsetMinutes,
      limits,
    });
    store = merged.store;
    records.skipped += decoded.skipped + merged.skipped;
    records.refused += merged.refused;
    records.undated += merged.undated;
    addedNow.push(...merged.added);
  }
  // What the arrivals tell of the service's clock; the store follows a changed offset at once.
  const learned = learnServiceClock(clockBefore, store, addedNow, deps.now());
  store = learned.store;
  const triage = await triageItem(deps.account).read();
  const accountName = settings.notificationsEnabled ? await deps.accountName?.() : undefined;
  const wanted = settings.notificationsEnabled
    ? newMentionsToNotify(notifiable(addedNow, triage), projects, {
        firstSyncProjectIds: firstSync,
        account: deps.account,
        accountName,
        summarise: piledUp((await deps.readStatus()).schedule.lastSuccessAt, deps.now(), settings),
      })
    : [];
  // Snoozed or quiet: held and counted; the first poll after quiet hours brings the summary.
  const held = applyHold(
    triage,
    settings.quietHours,
    deps.now(),
    wanted,
    deps.account,
    accountName,
  );
  const notifications = settings.notificationsEnabled ? held.notifications : [];
  // A poll that changed nothing writes nothing.
  if (store === before && !learned.write && held.triage === triage) {
    return { added: 0, notifications: [], records };
  }
  await deps.writeStore(store, before, {
    // Appended to what is still waiting (a show that failed, a worker stopped before showing).
    ...outboxWrite(
      notifications.length > 0 ? await notificationOutboxItem(deps.account).read() : [],
      notifications,
    ),
    ...learned.write,
    // In the same storage call as the mentions it counts.
    ...(held.triage === triage ? {} : { [TRIAGE_KEY]: held.triage }),
  });
  return { added: addedNow.length, notifications, records };
}

/** New mentions that may notify: not muted, in a project whose switch here is on. */
function notifiable(added: readonly StoredMention[], triage: TriageState): StoredMention[] {
  const muted = muteMatcher(triage.muteRules);
  return added.filter((m) => !muted(m) && switchesOf(triage, m.project_id).notify);
}

/** Long enough that a sleep, not an interval, went by: what came meanwhile is summed up. */
const LONG_SLEEP_MS = 30 * 60_000;

/**
 * What this poll brings piled up while nobody was looking, so it is summed up in one notification:
 * the first poll after a browser start (the time of the last success lives in session storage,
 * gone with the browser: lib/sync/status.ts) and the first after a long sleep (more than three
 * intervals and 30 minutes since the last success).
 */
function piledUp(lastSuccessAt: number | null, now: number, settings: Settings): boolean {
  const interval = normalizeIntervalMinutes(settings.pollIntervalMinutes) * 60_000;
  return lastSuccessAt === null || now - lastSuccessAt > Math.max(3 * interval, LONG_SLEEP_MS);
}

// What a poll's new mentions tell of the service's clock (lib/time/service-clock.ts), and the store
// moved to the offset they reveal. Written with the mentions, in one storage call, so the clock and
// the instants computed with it never disagree in storage.
interface LearnedClock {
  /** The store at the (possibly new) offset: the same object when the offset stayed. */
  store: MentionStore;
  /** The clock's storage item to write with the store, or undefined when nothing was learned. */
  write?: Record<string, unknown>;
}

/** `added` are the mentions this poll stored for the first time, each once. */
function learnServiceClock(
  clock: ServiceClockState,
  store: MentionStore,
  added: readonly StoredMention[],
  now: number,
): LearnedClock {
  const next = observeArrivals(
    clock,
    added.map((m) => ({ date_added: m.date_added, firstSeen: m.firstSeen })),
    now,
  );
  if (next === clock) return { store };
  return {
    store: rebaseServiceTimes(store, effectiveOffsetMinutes(next)),
    write: serviceClockWrite(next),
  };
}
