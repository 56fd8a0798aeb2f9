// No notification storms, and Chrome's buttons, through the real background: the first poll after
// a browser start or a long sleep sums up what arrived in one notification; a notification of one
// mention carries "Open" and "Mark read".

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { findMention } from '@/lib/mentions/store';
import { useBackground } from '../../support/background';
import { triageSteps } from '../../support/background-triage';

const h = useBackground();
const s = triageSteps(h);

describe('storms', () => {
  /** News in two projects: two notifications, were it an ordinary poll. */
  function newsInTwoProjects() {
    const [a, b] = s.projectIds().notifying;
    h.fake.addMentions(a, 2);
    h.fake.addMentions(b, 1);
  }

  it('the first poll after a browser start raises one summary', async () => {
    await s.connected();
    await h.fireAlarm();
    newsInTwoProjects();
    const create = s.spyCreate();

    await h.restartBrowser();
    if (s.created(create).length === 0) await h.fireAlarm();
    const ids = s.created(create);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^mm:summary:/);
    expect(await s.titleOf(ids[0])).toBe('3 new mentions in 2 projects');
  });

  it('a poll after a long sleep raises one summary; the next ones notify as usual', async () => {
    const create = await s.connected();
    await h.fireAlarm();
    newsInTwoProjects();
    // Asleep for an hour: more than three 5-minute intervals and half an hour.
    h.clockOffsetMs = 60 * 60_000;
    await h.fireAlarm();
    expect(s.created(create)).toHaveLength(1);
    expect(s.created(create)[0]).toMatch(/^mm:summary:/);

    create.mockClear();
    newsInTwoProjects();
    await h.fireAlarm();
    expect(s.created(create).filter((id) => id.startsWith('mm:summary:'))).toEqual([]);
    expect(s.created(create)).toHaveLength(2);
  });
});

describe('the buttons of a notification of one mention', () => {
  async function oneMentionNotified() {
    await s.connected();
    const project = s.projectIds().notifying[1];
    const [mention] = h.fake.addMentions(project, 1);
    await h.fireAlarm();
    const id = `mm:mention:${project}:${mention.id}`;
    const key = { projectId: project, id: mention.id };
    return { id, key, mention };
  }

  it('are "Open" and "Mark read" (not on a project’s or a summary’s)', async () => {
    const { id } = await oneMentionNotified();
    const [a] = s.projectIds().notifying;
    h.fake.addMentions(a, 2);
    await h.fireAlarm();
    // Typed without `buttons` (a Chrome-only option), which the fake keeps as given.
    const shown = (await fakeBrowser.notifications.getAll()) as Record<
      string,
      { buttons?: unknown }
    >;
    expect(shown[id].buttons).toEqual([{ title: 'Open' }, { title: 'Mark read' }]);
    const grouped = Object.keys(shown).find((key) => key.startsWith('mm:project:'))!;
    expect(shown[grouped].buttons).toBeUndefined();
  });

  it('"Open" opens the mention and marks it read', async () => {
    const { id, key, mention } = await oneMentionNotified();
    const open = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.notifications.onButtonClicked.trigger(id, 0);
    await h.idle();
    expect(open).toHaveBeenCalledWith({ url: new URL(mention.url).href });
    expect(findMention(await h.store(), key)?.read).toBe(true);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).not.toContain(id);
  });

  it('"Mark read" marks it read and opens nothing', async () => {
    const { id, key } = await oneMentionNotified();
    const badge = Number(await h.badge());
    const open = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.notifications.onButtonClicked.trigger(id, 1);
    await h.idle();
    expect(open).not.toHaveBeenCalled();
    expect(findMention(await h.store(), key)?.read).toBe(true);
    expect(await h.badge()).toBe(String(badge - 1));
    expect(Object.keys(await fakeBrowser.notifications.getAll())).not.toContain(id);
  });
});
