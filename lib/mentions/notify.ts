// Which desktop notifications a poll raises. Never one per mention: one per project per poll, at
// most a handful, and a single summary after a long outage or a first sync.
//
// Ids are derived from the content (project id and newest mention id), so if a poll is re-run after
// a crash the same notification replaces itself instead of appearing twice; and since `added` only
// holds mentions stored for the first time, a mention is never announced by two polls. The click
// handler may run in a fresh worker, so the id alone says what to open (parseNotificationId).

import { t, tn } from '@/lib/i18n';
import { capLength, oneLine } from '@/lib/mentions/plain-text';
import { compareNewestFirst, type MentionKey, type StoredMention } from '@/lib/mentions/store';
import type { ServiceProject } from '@/lib/projects/types';
import {
  accountNames,
  FIRST_ACCOUNT,
  hasSeveralAccounts,
  isAccountId,
  listAccounts,
} from '@/lib/accounts/accounts';
import type { Settings } from '@/lib/settings/settings';
import { notifiesOnDesktop, type DesktopNotificationFlag } from '@/lib/projects/field-table';

/**
 * What notifying needs of a project record (lib/service/replies.ts): its id, its name and its
 * browser-notification flag; 0 silences the project, 1 or missing (records may lack it) lets it
 * notify.
 */
type NotifyProject = Pick<ServiceProject, 'project_id' | 'name'> & DesktopNotificationFlag;

interface NotifyOptions {
  /** Per-project notifications before the rest is folded into one summary. */
  maxProjectNotifications?: number;
  /** More new mentions than this in one project means an outage or a sleep: summarise. */
  floodThreshold?: number;
  /** Projects on their first sync: their backlog is summarised, not listed. */
  firstSyncProjectIds?: Iterable<number>;
  /**
   * One summary whatever arrived: the first poll after a browser start or a long sleep, whose
   * arrivals piled up while nobody was looking (lib/sync/poll-merge.ts decides).
   */
  summarise?: boolean;
  /** The account the mentions are of (the click opens them there); the first when not given. */
  account?: string;
  /** Its name, when the person has several (notifyingAccountName): each title starts with it. */
  accountName?: string;
}

/**
 * The name account `account`'s notifications go by, from the settings of every account: the one
 * its pages show (accountNames), or undefined when it is the only account, whose notifications
 * name none.
 */
export function notifyingAccountName(settings: Settings, account: string): string | undefined {
  if (!hasSeveralAccounts(settings)) return undefined;
  const names = accountNames(listAccounts(settings), (place) =>
    t('accountNumbered', String(place)),
  );
  return names.get(account);
}

/** `title`, after the account's name when there is one to give. */
function titleIn(accountName: string | undefined, title: string): string {
  return accountName === undefined ? title : t('notifyInAccount', [accountName, title]);
}

/**
 * A notification to raise. Its id alone says what a click opens (parseNotificationId): one mention
 * (`mm:mention:`), a project's several (`mm:project:`) or a summary (`mm:summary:`), of the
 * first account; another account's ids start with `mm<its id>:` (`mm2:mention:`).
 */
export interface MentionNotification {
  id: string;
  /** How many new mentions it stands for. */
  count: number;
  title: string;
  message: string;
}

type NotificationTarget = { account: string } & (
  | { kind: 'mention'; key: MentionKey }
  | { kind: 'project'; projectId: number }
  | { kind: 'summary' }
);

/** What every id of account `account`'s notifications starts with. */
function idBase(account: string): string {
  return account === FIRST_ACCOUNT ? 'mm' : `mm${account}`;
}

// Every user-visible string of a notification, from the locale catalogue (plural forms by the UI
// language's rules).
const text = {
  newInProject: (count: number, projectName: string): string =>
    tn('notifyNewInProject', count, projectName),
  newInProjects: (count: number, projectCount: number): string =>
    tn('notifyNewInProjects', count, tn('notifyProjectCount', projectCount)),
  newInMoreProjects: (count: number, projectCount: number): string =>
    tn('notifyNewInProjects', count, tn('notifyMoreProjectCount', projectCount)),
  projectLine: (projectName: string, count: number): string =>
    t('notifyProjectLine', [projectName, String(count)]),
  andMore: (count: number): string => tn('notifyAndMore', count),
  catchUp: (): string => t('notifyCatchUp'),
  untitled: (): string => t('notifyUntitled'),
  unnamedProject: (projectId: number): string => t('notifyUnnamedProject', String(projectId)),
};

const TITLES_SHOWN = 3;
const SUMMARY_LINES = 3;
const ITEM_LENGTH = 80;
const NAME_LENGTH = 40;

interface Group {
  project: NotifyProject;
  /** Unread new mentions, newest first. */
  mentions: StoredMention[];
}

export function newMentionsToNotify(
  added: readonly StoredMention[],
  projects: readonly NotifyProject[],
  options: NotifyOptions = {},
): MentionNotification[] {
  const maxProjects = Math.max(1, options.maxProjectNotifications ?? 3);
  const floodThreshold = options.floodThreshold ?? 20;
  const firstSync = new Set(options.firstSyncProjectIds ?? []);

  const base = idBase(options.account ?? FIRST_ACCOUNT);

  const groups = groupByProject(added, projects);
  if (groups.length === 0) return [];

  const flooded =
    options.summarise === true ||
    groups.some((g) => g.mentions.length > floodThreshold || firstSync.has(g.project.project_id));
  const raised = flooded
    ? [summary(base, groups, 'all')]
    : groups.slice(0, maxProjects).map((group) => projectNotification(base, group));
  const rest = flooded ? [] : groups.slice(maxProjects);
  if (rest.length > 0) raised.push(summary(base, rest, 'more'));
  return raised.map((each) => ({ ...each, title: titleIn(options.accountName, each.title) }));
}

/** What a notification id points at, or undefined when it is not one of ours. */
export function parseNotificationId(id: string): NotificationTarget | undefined {
  const parts = id.split(':');
  const base = /^mm(\d+)?$/.exec(parts[0]);
  const account = base?.[1] ?? FIRST_ACCOUNT;
  // The first account's ids have no number: one with 1 (or none that names an account) is not ours.
  if (!base || !isAccountId(account) || base[1] === FIRST_ACCOUNT) return undefined;
  const numbers = parts.slice(2).map(Number);
  const valid = numbers.every(Number.isSafeInteger) && parts.slice(2).every((p) => p !== '');
  if (parts[1] === 'mention' && parts.length === 4 && valid) {
    return { account, kind: 'mention', key: { projectId: numbers[0], id: numbers[1] } };
  }
  if (parts[1] === 'project' && parts.length === 4 && valid) {
    return { account, kind: 'project', projectId: numbers[0] };
  }
  if (parts[1] === 'summary' && parts.length === 3) return { account, kind: 'summary' };
  return undefined;
}

function groupByProject(
  added: readonly StoredMention[],
  projects: readonly NotifyProject[],
): Group[] {
  // Only an explicit 0 silences a project: records that lack the flag (docs/service/notes.md:
  // "missing means on") follow the extension's own switch, which the caller has already applied.
  const notifying = new Map(
    projects.filter((p) => notifiesOnDesktop(p)).map((p) => [p.project_id, p]),
  );
  const byProject = new Map<number, Group>();
  for (const m of added) {
    const project = notifying.get(m.project_id);
    // Mentions that arrive read (a first sync's old backlog) are not news.
    if (!project || m.read) continue;
    let group = byProject.get(m.project_id);
    if (!group) byProject.set(m.project_id, (group = { project, mentions: [] }));
    group.mentions.push(m);
  }
  const groups = [...byProject.values()];
  for (const g of groups) g.mentions.sort(compareNewestFirst);
  // The project with the most recent news first, so the cut-off drops the staler ones.
  return groups.sort((a, b) => compareNewestFirst(a.mentions[0], b.mentions[0]));
}

function projectNotification(base: string, group: Group): MentionNotification {
  const { project, mentions } = group;
  const newest = mentions[0];
  const titles = mentions.slice(0, TITLES_SHOWN).map(itemText);
  const lines =
    mentions.length > TITLES_SHOWN
      ? [...titles, text.andMore(mentions.length - TITLES_SHOWN)]
      : titles;
  const kind = mentions.length === 1 ? 'mention' : 'project';
  return {
    id: `${base}:${kind}:${project.project_id}:${newest.id}`,
    count: mentions.length,
    title: text.newInProject(mentions.length, projectName(project)),
    message: lines.join('\n'),
  };
}

function summary(
  base: string,
  groups: readonly Group[],
  scope: 'all' | 'more',
): MentionNotification {
  const count = groups.reduce((n, g) => n + g.mentions.length, 0);
  const items = groups
    .slice(0, SUMMARY_LINES)
    .map((g) => text.projectLine(projectName(g.project), g.mentions.length));
  const lines =
    groups.length > SUMMARY_LINES ? [...items, text.andMore(groups.length - SUMMARY_LINES)] : items;
  const title =
    scope === 'more'
      ? text.newInMoreProjects(count, groups.length)
      : groups.length === 1
        ? text.newInProject(count, projectName(groups[0].project))
        : text.newInProjects(count, groups.length);
  const signature = groups
    .map((g) => `${g.project.project_id}:${g.mentions[0].id}`)
    .sort()
    .join(',');
  return {
    id: `${base}:summary:${fnv1a(signature)}`,
    count,
    title,
    message: groups.length === 1 ? text.catchUp() : lines.join('\n'),
  };
}

/**
 * The one summary of what a snooze or quiet hours held back. Its id comes from when the hold ended,
 * so the outbox showing it again after a worker stop replaces it instead of doubling it. Its title
 * starts with `accountName` when given (one of several accounts).
 */
export function heldSummary(
  count: number,
  reason: 'snooze' | 'quiet',
  endedAt: number,
  account: string,
  accountName?: string,
): MentionNotification {
  const title = tn(reason === 'snooze' ? 'notifyWhileSnoozed' : 'notifyDuringQuietHours', count);
  return {
    id: `${idBase(account)}:summary:${fnv1a(`${reason}:${endedAt}`)}`,
    count,
    title: titleIn(accountName, title),
    message: text.catchUp(),
  };
}

function itemText(m: StoredMention): string {
  const label = oneLine(m.title) || oneLine(m.snippet) || text.untitled();
  return capLength(label, ITEM_LENGTH);
}

function projectName(project: NotifyProject): string {
  return capLength(oneLine(project.name), NAME_LENGTH) || text.unnamedProject(project.project_id);
}

/** A short stable hash (FNV-1a, 32 bit) so summary ids stay short whatever they cover. */
function fnv1a(input: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i += 1) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
