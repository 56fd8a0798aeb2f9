// @vitest-environment happy-dom
// The service's time on screen: a mention row's time and tooltip, read with the service's offset.
import { cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MentionRow } from '@/components/MentionRow';
import { parseServiceDate } from '@/lib/time/service-date';
import { mentionTimeTitle } from '@/lib/time/format';
import { stored } from '../support/mention-factory';
import { installBackground, ok, type Background } from '../support/options-page';
import { NOW } from '../support/clock';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

let background: Background;

beforeEach(() => {
  fakeBrowser.reset();
  background = installBackground();
  background.answers.setServiceClockOverride = () => ok(null);
});
afterEach(() => cleanup());

describe("a mention's time", () => {
  function renderRow(dateAdded: string, offset: number, now: number) {
    const mention = stored({
      id: 7,
      date_added: dateAdded,
      addedAt: parseServiceDate(dateAdded, offset) ?? now,
    });
    render(
      <ul>
        <MentionRow
          mention={mention}
          position={1}
          setSize={1}
          projectName="Acme"
          now={now}
          active
          openInBackground={false}
          onOpen={() => undefined}
          saved={false}
          menuOpen={false}
          actions={{
            toggleRead: () => undefined,
            toggleSave: () => undefined,
            mutePhrase: () => undefined,
            context: { report: () => undefined, offerUndo: () => undefined },
          }}
          onActivate={() => undefined}
          onMenu={() => undefined}
        />
      </ul>,
    );
    return document.querySelector('time.mention__time') as HTMLTimeElement;
  }

  it('service at UTC−5, read with its offset: a mention added a minute ago reads so', () => {
    const time = renderRow('2026-11-25 00:02:00', -300, NOW);
    expect(time.textContent).toBe('1 minute ago');
    expect(time.getAttribute('dateTime')).toBe('2026-11-25T05:02:00.000Z');
    expect(time.getAttribute('title')).toBe(
      `${mentionTimeTitle(Date.UTC(2026, 10, 25, 5, 2), '', 'en')} \u2014 service time 2026-11-25 00:02:00`,
    );
  });

  it('service at UTC+9 read as UTC (not detected yet): a date and time, not "just now"', () => {
    const time = renderRow('2026-11-25 14:02:00', 0, NOW);
    expect(time.textContent).not.toBe('just now');
    expect(time.textContent).toBe(
      new Date(Date.UTC(2026, 10, 25, 14, 2)).toLocaleString('en', {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
    expect(time.getAttribute('title')).toContain('service time 2026-11-25 14:02:00');
  });
});
