// The mentions page's bulk triage: one action on the selected rows, sent to the background (the one
// writer) as one command per account of the rows (each account's to its own world), and an undo that changes back only what the action changed: rows already
// read stay read after "Mark unread" is undone, a mention saved before stays saved, a mute rule that
// was there already stays. What opens, and which author or site a row mutes, follow the popup's
// rules (lib/mention-view/actions.ts, lib/triage/mute.ts).
import { browser } from 'wxt/browser';
import { type Report, openTargets, sendCommand, sendPerAccount } from '@/lib/mention-view/actions';
import { mentionAccount } from '@/lib/mention-view/account-mentions';
import { accountData } from '@/lib/messaging/page-account';
import { t, tn } from '@/lib/i18n';
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';
import { savedMentionsItem } from '@/lib/storage/items';
import { normalizeMuteValue } from '@/lib/triage/mute';
import { savedKeys } from '@/lib/triage/saved';
import { MAX_MUTE_RULES, type MuteKind } from '@/lib/triage/triage-state';

export type BulkAction =
  'markRead' | 'markUnread' | 'save' | 'unsave' | 'muteAuthors' | 'muteSites' | 'open';

interface BulkOutcome {
  /** What was done, for the toast that offers the undo ("Marked 12 mentions as read."). */
  message: string;
  /** Changes back what the action changed; a failure is reported like the action's. */
  undo(): Promise<void>;
}

/** What an action did in one account: how many it changed, and its undo. */
interface AccountOutcome {
  count: number;
  undo(): Promise<void>;
}

type Reporter = (report: Report) => void;

/** An action that changed nothing has nothing to undo. */
const nothing = async () => {};

/** Sends marks for these rows, one command per account; true once the background has them all. */
function mark(
  type: 'markRead' | 'markUnread',
  mentions: readonly StoredMention[],
  report: Reporter,
) {
  return sendPerAccount(type, mentions, report);
}

async function setRead(
  read: boolean,
  mentions: readonly StoredMention[],
  report: Reporter,
): Promise<AccountOutcome | null> {
  // Only the rows that change: the undo must leave the others as they were.
  const changed = mentions.filter((m) => m.read !== read);
  const [type, back] = read
    ? (['markRead', 'markUnread'] as const)
    : (['markUnread', 'markRead'] as const);
  if (!(await mark(type, changed, report))) return null;
  return { count: changed.length, undo: async () => void (await mark(back, changed, report)) };
}

/** The keys of these rows (all of `account`), each once, split by whether they are saved now. */
async function bySaved(account: string, mentions: readonly StoredMention[]) {
  const saved = savedKeys(await savedMentionsItem(account).read());
  const keys = [...new Map(mentions.map((m) => [keyString(keyOf(m)), keyOf(m)])).values()];
  return {
    saved: keys.filter((key) => saved.has(keyString(key))),
    unsaved: keys.filter((key) => !saved.has(keyString(key))),
  };
}

async function save(account: string, mentions: readonly StoredMention[], report: Reporter) {
  const { unsaved: keys } = await bySaved(account, mentions);
  if (keys.length === 0) return { count: 0, undo: nothing };
  const to = accountData(account);
  const reply = await sendCommand('saveMentions', { keys, ...to }, report);
  if (!reply) return null;
  return {
    count: reply.value.saved,
    // Those saved before the action are not among `keys`: the undo leaves them saved.
    undo: async () => void (await sendCommand('unsaveMentions', { keys, ...to }, report)),
  };
}

async function unsave(account: string, mentions: readonly StoredMention[], report: Reporter) {
  const { saved: keys } = await bySaved(account, mentions);
  if (keys.length === 0) return { count: 0, undo: nothing };
  const to = accountData(account);
  if (!(await sendCommand('unsaveMentions', { keys, ...to }, report))) return null;
  return {
    count: keys.length,
    async undo() {
      // A saved copy is all that was left of a mention the store let go: saved again from the store,
      // it cannot come back. Said rather than passed over in silence.
      const reply = await sendCommand('saveMentions', { keys, ...to }, report);
      const lost = reply ? keys.length - reply.value.saved : 0;
      if (lost > 0) report({ text: tn('bulkNotSavedAgain', lost), tone: 'error' });
    },
  };
}

/**
 * One rule per distinct author or site (the host, lib/triage/mute.ts) of these rows, as the
 * background will word it, in all projects.
 */
function muteRequests(kind: MuteKind, mentions: readonly StoredMention[]) {
  const values = new Map<string, string>();
  for (const m of mentions) {
    const value = normalizeMuteValue(kind, kind === 'site' ? m.url : m.author);
    if (value !== null && !values.has(value.toLowerCase())) values.set(value.toLowerCase(), value);
  }
  return [...values.values()].map((value) => ({ kind, value, projectId: null }));
}

async function mute(
  kind: 'author' | 'site',
  account: string,
  mentions: readonly StoredMention[],
  report: Reporter,
) {
  const rules = muteRequests(kind, mentions);
  if (rules.length === 0) return { count: 0, undo: nothing };
  // More than the list can ever hold: said in the background's words, not sent as malformed.
  if (rules.length > MAX_MUTE_RULES) {
    report({
      text: t('popupActionFailed', t('bulkMuteTooMany', String(MAX_MUTE_RULES))),
      tone: 'error',
    });
    return null;
  }
  const to = accountData(account);
  const reply = await sendCommand('muteMany', { rules, ...to }, report);
  if (!reply) return null;
  // Only the rules this made: one that was there before stays after the undo.
  const ruleIds = reply.value.added.map((rule) => rule.id);
  return {
    count: rules.length,
    undo: async () => {
      if (ruleIds.length > 0) await sendCommand('unmuteMany', { ruleIds, ...to }, report);
    },
  };
}

/**
 * Each safe web link in a background tab, in the rows' order, one after another (the tabs line up
 * as the list), then the unread among them marked read in one command, as the popup's "Open all".
 * Tabs stay open after the undo (closing someone's tabs is not ours to do): it marks unread again
 * what was unread. A tab the browser refuses stops the rest; what opened is kept and said.
 */
async function open(mentions: readonly StoredMention[], report: Reporter) {
  const targets = openTargets(mentions);
  const opened: StoredMention[] = [];
  for (const target of targets) {
    try {
      await browser.tabs.create({ url: target.url, active: false });
    } catch {
      break;
    }
    opened.push(target.mention);
  }
  if (opened.length === 0 && targets.length > 0) {
    report({ text: t('popupOpenFailed'), tone: 'error' });
    return null;
  }
  const unread = opened.filter((m) => !m.read);
  if (!(await mark('markRead', unread, report))) return null;
  return {
    message:
      opened.length < targets.length
        ? tn('bulkOpenedPartly', opened.length, String(targets.length))
        : tn('popupOpenedAll', opened.length),
    undo: async () => void (await mark('markUnread', unread, report)),
  };
}

/**
 * Runs `action` on these mentions through the background: what was done and its undo, or null
 * when it failed (reported, in the background's or the browser's words).
 */
export async function runBulk(
  action: BulkAction,
  mentions: readonly StoredMention[],
  report: Reporter,
): Promise<BulkOutcome | null> {
  // Opening keeps the rows' order across accounts; its marks go to each account.
  if (action === 'open') return open(mentions, report);
  if (action === 'markRead' || action === 'markUnread') {
    const outcome = await setRead(action === 'markRead', mentions, report);
    return outcome && { message: said(action, outcome.count), undo: outcome.undo };
  }
  // The rest, each account's rows in a command of its own: its saved mentions and its rules.
  const done: AccountOutcome[] = [];
  for (const [account, rows] of rowsByAccount(mentions)) {
    const outcome = await inAccount(action, account, rows, report);
    if (!outcome) break;
    done.push(outcome);
  }
  if (done.length === 0) return null;
  return {
    message: said(
      action,
      done.reduce((sum, outcome) => sum + outcome.count, 0),
    ),
    undo: async () => void (await Promise.all(done.map((outcome) => outcome.undo()))),
  };
}

function inAccount(
  action: 'save' | 'unsave' | 'muteAuthors' | 'muteSites',
  account: string,
  mentions: readonly StoredMention[],
  report: Reporter,
): Promise<AccountOutcome | null> {
  switch (action) {
    case 'save':
      return save(account, mentions, report);
    case 'unsave':
      return unsave(account, mentions, report);
    case 'muteAuthors':
      return mute('author', account, mentions, report);
    case 'muteSites':
      return mute('site', account, mentions, report);
  }
}

/** The rows of each account, in the order of their first row. */
function rowsByAccount(mentions: readonly StoredMention[]): Map<string, StoredMention[]> {
  const byAccount = new Map<string, StoredMention[]>();
  for (const mention of mentions) {
    const account = mentionAccount(mention);
    byAccount.set(account, [...(byAccount.get(account) ?? []), mention]);
  }
  return byAccount;
}

/** What the toast says an action did to `count` mentions (or rules). */
function said(action: Exclude<BulkAction, 'open'>, count: number): string {
  switch (action) {
    case 'markRead':
      return tn('popupMarkedRead', count);
    case 'markUnread':
      return tn('bulkMarkedUnread', count);
    case 'save':
      return tn('bulkSaved', count);
    case 'unsave':
      return tn('bulkUnsaved', count);
    case 'muteAuthors':
      return tn('bulkMutedAuthors', count);
    case 'muteSites':
      return tn('bulkMutedSites', count);
  }
}
