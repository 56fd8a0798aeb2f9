import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  heldSummary,
  newMentionsToNotify,
  notifyingAccountName,
  parseNotificationId,
} from '@/lib/mentions/notify';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import type { StoredMention } from '@/lib/mentions/store';
import { stored } from '../support/mention-factory';

const projects: Parameters<typeof newMentionsToNotify>[1][number][] = [
  { project_id: 1, name: 'Acme', browser_notification: 1 },
  { project_id: 2, name: 'Beta', browser_notification: 1 },
  { project_id: 3, name: 'Quiet', browser_notification: 0 },
  { project_id: 4, name: 'Delta', browser_notification: 1 },
  { project_id: 5, name: 'Echo', browser_notification: 1 },
  { project_id: 6, name: '', browser_notification: 1 },
];

/** `count` new unread mentions in a project, ids 1..count, higher id = newer. */
function news(projectId: number, count: number, newestAt = 1_000_000): StoredMention[] {
  return Array.from({ length: count }, (_, i) =>
    stored({
      id: i + 1,
      project_id: projectId,
      addedAt: newestAt - (count - i),
      title: `Title ${i + 1}`,
    }),
  );
}

describe('newMentionsToNotify', () => {
  it('raises nothing when nothing new is unread in a notifying project', () => {
    expect(newMentionsToNotify([], projects)).toEqual([]);
    expect(newMentionsToNotify(news(3, 2), projects)).toEqual([]);
    expect(newMentionsToNotify(news(99, 2), projects)).toEqual([]);
    const readOnes = news(1, 2).map((m) => ({ ...m, read: true }));
    expect(newMentionsToNotify(readOnes, projects)).toEqual([]);
  });

  it('a single new mention gets a notification that opens it', () => {
    const [n] = newMentionsToNotify(news(1, 1), projects);
    expect(n).toEqual({
      id: 'mm:mention:1:1',
      count: 1,
      title: '1 new mention in Acme',
      message: 'Title 1',
    });
    expect(parseNotificationId(n.id)).toEqual({
      account: FIRST_ACCOUNT,
      kind: 'mention',
      key: { projectId: 1, id: 1 },
    });
  });

  it('several in one project make one notification with the newest three titles', () => {
    const result = newMentionsToNotify(news(1, 5), projects);
    expect(result).toHaveLength(1);
    expect(result[0]).toEqual({
      id: 'mm:project:1:5',
      count: 5,
      title: '5 new mentions in Acme',
      message: 'Title 5\nTitle 4\nTitle 3\nand 2 more',
    });
    expect(parseNotificationId(result[0].id)).toEqual({
      account: FIRST_ACCOUNT,
      kind: 'project',
      projectId: 1,
    });
  });

  it('one notification per project, the most recent news first, the rest in one summary', () => {
    const added = [
      ...news(1, 2, 100),
      ...news(2, 1, 500),
      ...news(4, 3, 300),
      ...news(5, 2, 200),
      ...news(6, 1, 50),
    ];
    const result = newMentionsToNotify(added, projects, { maxProjectNotifications: 3 });
    expect(result.map((n) => parseNotificationId(n.id))).toEqual([
      { account: FIRST_ACCOUNT, kind: 'mention', key: { projectId: 2, id: 1 } },
      { account: FIRST_ACCOUNT, kind: 'project', projectId: 4 },
      { account: FIRST_ACCOUNT, kind: 'project', projectId: 5 },
      { account: FIRST_ACCOUNT, kind: 'summary' },
    ]);
    expect(result[3]).toMatchObject({
      count: 3,
      title: '3 new mentions in 2 more projects',
      message: 'Acme: 2\nProject 6: 1',
    });
  });

  it('after an outage (more than the flood threshold in a project) sends one summary', () => {
    const result = newMentionsToNotify([...news(1, 25), ...news(2, 2)], projects);
    expect(result).toHaveLength(1);
    expect(parseNotificationId(result[0].id)).toEqual({ account: FIRST_ACCOUNT, kind: 'summary' });
    expect(result[0]).toMatchObject({
      count: 27,
      title: '27 new mentions in 2 projects',
      message: 'Acme: 25\nBeta: 2',
    });
  });

  it('a first sync is summarised even when small', () => {
    const result = newMentionsToNotify(news(1, 4), projects, { firstSyncProjectIds: [1] });
    expect(result).toHaveLength(1);
    expect(parseNotificationId(result[0].id)).toEqual({ account: FIRST_ACCOUNT, kind: 'summary' });
    expect(result[0]).toMatchObject({
      title: '4 new mentions in Acme',
      message: 'Open Mention Monitor to catch up.',
    });
  });

  it('lists at most three projects in a summary', () => {
    const added = [1, 2, 4, 5, 6].flatMap((p) => news(p, 21, p * 100));
    const [summary] = newMentionsToNotify(added, projects);
    expect(summary.message.split('\n')).toHaveLength(4);
    expect(summary.message.endsWith('and 2 more')).toBe(true);
  });

  it('gives the same ids for the same news (a re-run poll replaces, not repeats)', () => {
    const added = [...news(1, 30), ...news(2, 3)];
    const a = newMentionsToNotify(added, projects).map((n) => n.id);
    const b = newMentionsToNotify([...added].reverse(), projects).map((n) => n.id);
    expect(a).toEqual(b);
    expect(a[0]).toMatch(/^mm:summary:[0-9a-f]{8}$/);
  });

  it('puts remote titles on one line, bounded, with a fallback', () => {
    const m = [
      stored({ id: 2, project_id: 1, addedAt: 2, title: `line\nbreak ${'x'.repeat(200)}` }),
      stored({ id: 1, project_id: 1, addedAt: 1, title: '', snippet: '' }),
    ];
    const [n] = newMentionsToNotify(m, projects);
    const lines = n.message.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0].startsWith('line break x')).toBe(true);
    expect(lines[0].length).toBeLessThanOrEqual(80);
    expect(lines[1]).toBe('(untitled)');
  });

  it('never exceeds the maximum plus one summary, and never drops a count', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            project: fc.constantFrom(1, 2, 3, 4, 5, 6),
            count: fc.integer({ min: 1, max: 30 }),
          }),
          { selector: (batch) => batch.project, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 5 }),
        (batches, max) => {
          const added = batches.flatMap(({ project, count }) => news(project, count));
          const result = newMentionsToNotify(added, projects, { maxProjectNotifications: max });
          expect(result.length).toBeLessThanOrEqual(max + 1);
          const notified = added.filter((m) => m.project_id !== 3).length;
          expect(result.reduce((n, x) => n + x.count, 0)).toBe(notified);
          expect(new Set(result.map((n) => n.id)).size).toBe(result.length);
        },
      ),
    );
  });
});

describe('parseNotificationId', () => {
  it.each([
    ['mm:mention:1:42', { account: FIRST_ACCOUNT, kind: 'mention', key: { projectId: 1, id: 42 } }],
    ['mm:project:7:3', { account: FIRST_ACCOUNT, kind: 'project', projectId: 7 }],
    ['mm:summary:0a1b2c3d', { account: FIRST_ACCOUNT, kind: 'summary' }],
    ['other:mention:1:2', undefined],
    ['mm:mention:1', undefined],
    ['mm:mention:x:2', undefined],
    ['mm:project::2', undefined],
    ['mm:unknown:1:2', undefined],
    ['', undefined],
  ])('%j', (id, expected) => {
    expect(parseNotificationId(id)).toEqual(expected);
  });

  it('reads back every id it produces', () => {
    const all = newMentionsToNotify(
      [...news(1, 1), ...news(2, 3), ...news(4, 2), ...news(5, 2)],
      projects,
    );
    // Several of one project open that project; past the first three, one summary.
    expect(all.map((n) => parseNotificationId(n.id))).toEqual([
      { account: FIRST_ACCOUNT, kind: 'project', projectId: 2 },
      { account: FIRST_ACCOUNT, kind: 'project', projectId: 5 },
      { account: FIRST_ACCOUNT, kind: 'project', projectId: 4 },
      { account: FIRST_ACCOUNT, kind: 'summary' },
    ]);
    const [single] = newMentionsToNotify(news(6, 1), projects);
    expect(parseNotificationId(single.id)).toEqual({
      account: FIRST_ACCOUNT,
      kind: 'mention',
      key: { projectId: 6, id: 1 },
    });
  });
});

describe('summing up', () => {
  it('sums up whatever arrived when asked (after a browser start or a long sleep)', () => {
    const added = [...news(1, 1), ...news(2, 2)];
    expect(
      newMentionsToNotify(added, projects)
        .map((n) => parseNotificationId(n.id)?.kind)
        .sort(),
    ).toEqual(['mention', 'project']);
    const [summary, ...rest] = newMentionsToNotify(added, projects, { summarise: true });
    expect(rest).toEqual([]);
    expect(parseNotificationId(summary.id)).toEqual({ account: FIRST_ACCOUNT, kind: 'summary' });
    expect(summary).toMatchObject({
      count: 3,
      title: '3 new mentions in 2 projects',
    });
    expect(newMentionsToNotify([], projects, { summarise: true })).toEqual([]);
  });

  it('words what a snooze or quiet hours held back, with an id of its end', () => {
    const snoozed = heldSummary(12, 'snooze', 1_000, FIRST_ACCOUNT);
    expect(snoozed).toMatchObject({
      count: 12,
      title: '12 new mentions while snoozed',
    });
    expect(heldSummary(1, 'quiet', 1_000, FIRST_ACCOUNT).title).toBe(
      '1 new mention during quiet hours',
    );
    expect(parseNotificationId(snoozed.id)).toEqual({ account: FIRST_ACCOUNT, kind: 'summary' });
    expect(heldSummary(12, 'snooze', 1_000, FIRST_ACCOUNT).id).toBe(snoozed.id);
    expect(heldSummary(12, 'snooze', 2_000, FIRST_ACCOUNT).id).not.toBe(snoozed.id);
  });
});

describe('the account a notification is of', () => {
  const first: Settings = {
    ...DEFAULT_SETTINGS,
    serviceUrl: 'https://one.example',
    apiKey: 'key-one',
  };
  const second = { id: '2', label: 'Client B', serviceUrl: 'https://two.example', apiKey: 'k2' };

  it('goes by no name when it is the only account, whichever it is', () => {
    expect(notifyingAccountName(first, FIRST_ACCOUNT)).toBeUndefined();
    const onlySecond = { ...DEFAULT_SETTINGS, accounts: [second] };
    expect(notifyingAccountName(onlySecond, '2')).toBeUndefined();
  });

  it('goes by its label, else its host, else its number, among several', () => {
    const several = {
      ...first,
      accounts: [second, { id: '3', label: '', serviceUrl: 'https://one.example', apiKey: 'k3' }],
    };
    expect(notifyingAccountName(several, FIRST_ACCOUNT)).toBe('one.example');
    expect(notifyingAccountName(several, '2')).toBe('Client B');
    expect(notifyingAccountName(several, '3')).toBe('Account 3');
  });

  it('starts every title with the name when given, ids and messages unchanged', () => {
    const added = [...news(1, 1), ...news(2, 2), ...news(4, 1), ...news(5, 1)];
    const plain = newMentionsToNotify(added, projects, { account: '2' });
    const named = newMentionsToNotify(added, projects, { account: '2', accountName: 'Client B' });
    expect(named.map((n) => n.title)).toEqual(plain.map((n) => `Client B · ${n.title}`));
    expect(named[0].title).toBe('Client B · 2 new mentions in Beta');
    expect(named.map(({ title: _, ...rest }) => rest)).toEqual(
      plain.map(({ title: _, ...rest }) => rest),
    );
    const [summary] = newMentionsToNotify(added, projects, {
      account: '2',
      accountName: 'Client B',
      summarise: true,
    });
    expect(summary.title).toBe('Client B · 5 new mentions in 4 projects');
    expect(heldSummary(3, 'quiet', 1_000, '2', 'Client B').title).toBe(
      'Client B · 3 new mentions during quiet hours',
    );
  });
});
