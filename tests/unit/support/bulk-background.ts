// A stand-in background for the mentions page's bulk actions (tests/unit/mentions-page/
// bulk-actions*.test.ts), behind the mocked wire: it keeps read flags, saved mentions (in storage,
// where the page reads them) and mute rules as the real one does, and records the commands sent.
// tests/unit/flows/background/triage-bulk.test.ts drives the real one.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { withoutSavedKeys } from '@/lib/background/triage-lists';
import { recordOf } from '@/lib/mentions/mention-record';
import { keyOf, keyString, type MentionKey, type StoredMention } from '@/lib/mentions/store';
import { sendMessage } from '@/lib/messaging/messenger';
import { savedMentionsItem } from '@/lib/storage/items';
import { withSaved } from '@/lib/triage/saved';
import type { MuteRule } from '@/lib/triage/triage-state';

/** The mocked wire (the test file mocks '@/lib/messaging/messenger'). */
export const send = () => vi.mocked(sendMessage) as unknown as ReturnType<typeof vi.fn>;

export interface Call {
  type: string;
  data: Record<string, unknown>;
}

/** The stand-in background: what it holds, and the commands it was sent. */
export function standIn(mentions: readonly StoredMention[], gone: ReadonlySet<string> = new Set()) {
  const read = new Map(mentions.map((m) => [keyString(keyOf(m)), m.read]));
  const byKey = new Map(mentions.map((m) => [keyString(keyOf(m)), m]));
  let rules: MuteRule[] = [];
  let nextId = 1;
  const calls: Call[] = [];
  send().mockImplementation(async (type: string, data: Record<string, unknown>) => {
    calls.push({ type, data });
    const keys = ((data.keys ?? []) as MentionKey[]).map(keyString);
    switch (type) {
      case 'markRead':
      case 'markUnread':
        for (const key of keys) read.set(key, type === 'markRead');
        return { ok: true, value: null };
      case 'saveMentions': {
        let saved = await savedMentionsItem(FIRST_ACCOUNT).read();
        let count = 0;
        for (const key of [...keys].reverse()) {
          // A copy comes from the store: a mention it no longer has cannot be saved.
          if (gone.has(key)) continue;
          const next = withSaved(saved, recordOf(byKey.get(key)!), 1);
          if (next !== saved) count += 1;
          saved = next;
        }
        await savedMentionsItem(FIRST_ACCOUNT).setValue(saved);
        return { ok: true, value: { saved: count } };
      }
      case 'unsaveMentions': {
        let saved = await savedMentionsItem(FIRST_ACCOUNT).read();
        saved = withoutSavedKeys(saved, data.keys as MentionKey[]);
        await savedMentionsItem(FIRST_ACCOUNT).setValue(saved);
        return { ok: true, value: null };
      }
      case 'muteMany': {
        const added: MuteRule[] = [];
        for (const rule of data.rules as Omit<MuteRule, 'id' | 'createdAt'>[]) {
          const same = [...added, ...rules].some(
            (r) => r.kind === rule.kind && r.value.toLowerCase() === rule.value.toLowerCase(),
          );
          if (!same) added.push({ ...rule, id: `r${nextId++}`, createdAt: 1 });
        }
        rules = [...added, ...rules];
        return { ok: true, value: { added } };
      }
      case 'unmuteMany':
        rules = rules.filter((r) => !(data.ruleIds as string[]).includes(r.id));
        return { ok: true, value: null };
      default:
        return { ok: false, error: { kind: 'internal', message: `unexpected ${type}` } };
    }
  });
  return {
    calls,
    async state() {
      const saved = (await savedMentionsItem(FIRST_ACCOUNT).read()).items.map((i) =>
        keyString(keyOf(i.record)),
      );
      return {
        read: Object.fromEntries(read),
        saved: [...saved].sort(),
        rules: rules.map((r) => `${r.kind}:${r.value.toLowerCase()}`).sort(),
      };
    },
  };
}

/** tabs.create, answering as the browser does (the fake browser lacks it). */
export const tabs = () => {
  const create = vi.fn(async (props: { url?: string; active?: boolean }) => ({ id: 2, ...props }));
  (fakeBrowser.tabs as unknown as { create: unknown }).create = create;
  return create;
};

export async function saveFirst(...mentions: StoredMention[]) {
  let saved = await savedMentionsItem(FIRST_ACCOUNT).read();
  for (const m of mentions) saved = withSaved(saved, recordOf(m), 1);
  await savedMentionsItem(FIRST_ACCOUNT).setValue(saved);
}
