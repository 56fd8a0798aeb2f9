// Muting through the real background: a rule hides what it matches from the counts, the badge and
// the popup's preview at once, and from every notification after; matching new mentions are still
// stored. Unmute brings them back. Project switches decide what notifies and counts here.

import { describe, expect, it } from 'vitest';
import { badgeState } from '@/lib/badge/badge-state';
import { useBackground } from '../../support/background';
import { triageSteps } from '../../support/background-triage';

const h = useBackground();
const s = triageSteps(h);

describe('mute', () => {
  it('hides a muted author’s new mention from the counts, badge and notifications; not another’s', async () => {
    const create = await s.connected();
    const project = s.projectIds().notifying[1];
    const muted = await h.send('mute', { kind: 'author', value: '  Jane Doe ', projectId: null });
    expect(muted).toMatchObject({
      ok: true,
      value: { rule: { kind: 'author', value: 'Jane Doe' } },
    });
    const before = await s.preview();
    const badge = Number(await h.badge());

    const [jane] = h.fake.addMentions(project, 1, { author: 'jane doe' });
    await h.fireAlarm();
    // Stored, but muted: neither counted, listed nor notified.
    expect((await h.store()).byProject[project].some((m) => m.id === jane.id)).toBe(true);
    expect((await s.preview()).unread).toBe(before.unread);
    expect(await h.badge()).toBe(String(badge));
    expect(create).not.toHaveBeenCalled();

    const [bob] = h.fake.addMentions(project, 1, { author: 'Bob' });
    await h.fireAlarm();
    const after = await s.preview();
    expect(after.unread).toBe(before.unread + 1);
    expect(after.newestUnread.map((m) => m.id)).toContain(bob.id);
    expect(after.newestUnread.map((m) => m.id)).not.toContain(jane.id);
    expect(await h.badge()).toBe(String(badge + 1));
    expect(s.created(create)).toEqual([`mm:mention:${project}:${bob.id}`]);
  });

  it('takes what it hides out of the counts at once, and unmute brings it back', async () => {
    await s.connected();
    const preview = await s.preview();
    const first = preview.newestUnread[0];
    const badge = await h.badge();
    const hides = (await h.store()).byProject[first.project_id].filter(
      (m) => !m.read && m.author.trim().toLowerCase() === first.author.trim().toLowerCase(),
    ).length;

    const reply = await h.send('mute', {
      kind: 'author',
      value: first.author,
      projectId: first.project_id,
    });
    if (!reply.ok) throw new Error(reply.error.message);
    await h.idle();
    const muted = await s.preview();
    expect(muted.unread).toBe(preview.unread - hides);
    expect(muted.unreadByProject[first.project_id]).toBe(
      preview.unreadByProject[first.project_id] - hides,
    );
    expect(muted.newestUnread.some((m) => m.author === first.author)).toBe(false);
    expect(await h.badge()).toBe(String(Number(badge) - hides));

    expect(await h.send('unmute', { ruleId: reply.value.rule.id })).toEqual({
      ok: true,
      value: null,
    });
    await h.idle();
    expect(await s.preview()).toEqual(preview);
    expect(await h.badge()).toBe(badge);
  });

  it('mutes a site by its host without www. (and its subdomains), and a phrase in one project only', async () => {
    await s.connected();
    const [a, b] = s.projectIds().notifying;
    const site = await h.send('mute', {
      kind: 'site',
      value: 'https://www.example.co.uk/story',
      projectId: null,
    });
    expect(site).toMatchObject({ ok: true, value: { rule: { value: 'example.co.uk' } } });
    const phrase = await h.send('mute', { kind: 'phrase', value: 'Anvil', projectId: a });
    expect(phrase.ok).toBe(true);
    const unread = (await s.preview()).unread;

    h.fake.addMentions(a, 1, { url: 'https://blog.example.co.uk/1', title: 'x' });
    h.fake.addMentions(a, 1, { title: 'New anvils' });
    h.fake.addMentions(b, 1, { title: 'New anvils' });
    await h.fireAlarm();
    // Only the other project's anvils count.
    expect((await s.preview()).unread).toBe(unread + 1);
  });

  it('returns the rule already there instead of doubling it', async () => {
    await s.connected();
    const one = await h.send('mute', { kind: 'phrase', value: 'launch', projectId: null });
    const two = await h.send('mute', { kind: 'phrase', value: ' LAUNCH ', projectId: null });
    expect(one.ok && two.ok && two.value.rule).toEqual(one.ok && one.value.rule);
    expect((await s.triage()).muteRules).toHaveLength(1);
  });

  it('refuses what cannot be muted in words, changing nothing', async () => {
    await s.connected();
    for (const [kind, value, words] of [
      ['site', 'localhost', /not a site that can be muted/],
      ['author', '   ', /no author to mute/],
      ['phrase', 'x'.repeat(101), /1 to 100 characters/],
    ] as const) {
      const reply = await h.send('mute', { kind, value, projectId: null });
      expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
      expect(!reply.ok && reply.error.message).toMatch(words);
    }
    expect(await h.send('mute', { kind: 'mood', value: 'x', projectId: null })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/malformed/i) },
    });
    expect((await s.triage()).muteRules).toEqual([]);
  });
});

describe('malformed triage commands', () => {
  it.each([
    ['mute', { kind: 'author', value: 'x', projectId: -1 }],
    ['mute', { kind: 'author', value: 42, projectId: null }],
    ['unmute', { ruleId: 5 }],
    ['setProjectSwitches', { projectId: 1.5, notify: false }],
    ['setProjectSwitches', { projectId: 1, badge: 'off' }],
    ['snooze', { until: 'soon' }],
    ['snooze', {}],
    ['saveMention', { key: { projectId: 'x', id: 1 } }],
    ['unsaveMention', {}],
    ['resumeNotifications', null],
  ] as const)('%s %j is refused as malformed, changing nothing', async (command, data) => {
    await s.connected();
    const before = await s.triage();
    const reply = await h.send(command, data);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(!reply.ok && reply.error.message).toMatch(/malformed/i);
    expect(await s.triage()).toEqual(before);
  });
});

describe('project switches', () => {
  it('notify off: the project’s new mentions count but do not notify', async () => {
    const create = await s.connected();
    const [quiet, loud] = s.projectIds().notifying;
    await h.send('setProjectSwitches', { projectId: quiet, notify: false });
    const badge = Number(await h.badge());
    h.fake.addMentions(quiet, 2);
    const [one] = h.fake.addMentions(loud, 1);

    await h.fireAlarm();
    expect(s.created(create)).toEqual([`mm:mention:${loud}:${one.id}`]);
    expect(await h.badge()).toBe(String(badge + 3));
  });

  it('badge off: the project leaves the badge and its tooltip at once, and comes back', async () => {
    await s.connected();
    const preview = await s.preview();
    const [project] = Object.entries(preview.unreadByProject).find(([, n]) => n > 0)!;
    const badge = await h.badge();

    await h.send('setProjectSwitches', { projectId: Number(project), badge: false });
    await h.idle();
    expect(await h.badge()).toBe(
      badgeState({
        unread: Number(badge) - preview.unreadByProject[Number(project)],
        attention: null,
      }).text,
    );
    // The popup still counts it: the switch is the badge's.
    expect((await s.preview()).unread).toBe(preview.unread);
    expect((await s.triage()).projectSwitches).toEqual({
      [project]: { notify: true, badge: false },
    });

    await h.send('setProjectSwitches', { projectId: Number(project), badge: true });
    await h.idle();
    expect(await h.badge()).toBe(badge);
    // Back to the default: nothing kept for it.
    expect((await s.triage()).projectSwitches).toEqual({});
  });
});
