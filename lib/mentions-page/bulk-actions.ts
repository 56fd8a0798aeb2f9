// The mentions page's bulk triage: one action on the selected rows, sent to the background (the one
// writer) as one command, and an undo that changes back only what the action changed: rows already
// read stay read after "Mark unread" is undone, a mention saved before stays saved, a mute rule that
// was there already stays. What opens, and which author or site a row mutes, follow the popup's
// rules (lib/mention-view/actions.ts, lib/triage/mute.ts).
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { browser } from 'wxt/browser';
import { type Report, openTargets, sendCommand } from '@/lib/mention-view/actions';
import { t, tn } from '@/lib/i18n';
import { keyOf, keyString, type MentionKey, type StoredMention } from '@/lib/mentions/store';
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

type Reporter = (report: Report) => void;

/** An action that changed nothing has nothing to undo. */
const nothing = async () => {};

/** Sends marks for these keys; true once the background has them (none: nothing to send). */
async function mark(type: 'markRead' | 'markUnread', keys: MentionKey[], report: Reporter) {
  return keys.length === 0 || (await sendCommand(type, { keys }, report)) !== null;
}

async function setRead(
  read: boolean,
  mentions: readonly StoredMention[],
  report: Reporter,
): Promise<BulkOutcome | null> {
  // Only the rows that change: the undo must leave the others as they were.
  const keys = mentions.filter((m) => m.read !== read).map(keyOf);
  const [type, back] = read
    ? (['markRead', 'markUnread'] as const)
    : (['markUnread', 'markRead'] as const);
  if (!(await mark(type, keys, report))) return null;
  return {
    message: read ? tn('popupMarkedRead', keys.length) : tn('bulkMarkedUnread', keys.length),
    undo: async () => void (await mark(back, keys, report)),
  };
}

/** The keys of these rows, each once, split by whether they are saved now (as stored). */
async function bySaved(mentions: readonly StoredMention[]) {
  const saved = savedKeys(await savedMentionsItem(FIRST_ACCOUNT).read());
  const keys = [...new Map(mentions.map((m) => [keyString(keyOf(m)), keyOf(m)])).values()];
  return {
    saved: keys.filter((key) => saved.has(keyString(key))),
    unsaved: keys.filter((key) => !saved.has(keyString(key))),
  };
}

async function save(mentions: readonly StoredMention[], report: Reporter) {
  const { unsaved: keys } = await bySaved(mentions);
  if (keys.length === 0) return { message: tn('bulkSaved', 0), undo: nothing };
  const reply = await sendCommand('saveMentions', { keys }, report);
  if (!reply) return null;
  return {
    message: tn('bulkSaved', reply.value.saved),
    // Those saved before the action are not among `keys`: the undo leaves them saved.
    undo: async () => void (await sendCommand('unsaveMentions', { keys }, report)),
  };
}

async function unsave(mentions: readonly StoredMention[], report: Reporter) {
  const { saved: keys } = await bySaved(mentions);
  if (keys.length === 0) return { message: tn('bulkUnsaved', 0), undo: nothing };
  if (!(await sendCommand('unsaveMentions', { keys }, report))) return null;
  return {
    message: tn('bulkUnsaved', keys.length),
    async undo() {
      // A saved copy is all that was left of a mention the store let go: saved again from the store,
      // it cannot come back. Said rather than passed over in silence.
      const reply = await sendCommand('saveMentions', { keys }, report);
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

async function mute(kind: 'author' | 'site', mentions: readonly StoredMention[], report: Reporter) {
  const rules = muteRequests(kind, mentions);
  const message =
    kind === 'author' ? tn('bulkMutedAuthors', rules.length) : tn('bulkMutedSites', rules.length);
  if (rules.length === 0) return { message, undo: nothing };
  // More than the list can ever hold: said in the background's words, not sent as malformed.
  if (rules.length > MAX_MUTE_RULES) {
    report({
      text: t('popupActionFailed', t('bulkMuteTooMany', String(MAX_MUTE_RULES))),
      tone: 'error',
    });
    return null;
  }
  const reply = await sendCommand('muteMany', { rules }, report);
  if (!reply) return null;
  // Only the rules this made: one that was there before stays after the undo.
  const ruleIds = reply.value.added.map((rule) => rule.id);
  return {
    message,
    undo: async () => {
      if (ruleIds.length > 0) await sendCommand('unmuteMany', { ruleIds }, report);
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
  const unread = opened.filter((m) => !m.read).map(keyOf);
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
export function runBulk(
  action: BulkAction,
  mentions: readonly StoredMention[],
  report: Reporter,
): Promise<BulkOutcome | null> {
  switch (action) {
    case 'markRead':
      return setRead(true, mentions, report);
    case 'markUnread':
      return setRead(false, mentions, report);
    case 'save':
      return save(mentions, report);
    case 'unsave':
      return unsave(mentions, report);
    case 'muteAuthors':
      return mute('author', mentions, report);
    case 'muteSites':
      return mute('site', mentions, report);
    case 'open':
      return open(mentions, report);
  }
}
