// The notification outbox, read as input: only entries of ours, only what showing needs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendToOutbox, outboxWrite, parseOutbox } from '@/lib/notifications/outbox';
import { OUTBOX_KEY } from '@/lib/storage/keys';
import type { MentionNotification } from '@/lib/mentions/notify';

describe('the notification outbox', () => {
  const notification: MentionNotification = {
    id: 'mm:mention:1201:5',
    count: 1,
    title: '1 new mention in Acme',
    message: 'A title',
  };

  it('keeps what showing needs, and writes nothing extra when there is nothing to show', () => {
    expect(appendToOutbox([], [notification])).toEqual([
      { id: 'mm:mention:1201:5', title: '1 new mention in Acme', message: 'A title' },
    ]);
    expect(outboxWrite([], [notification])).toEqual({
      [OUTBOX_KEY]: appendToOutbox([], [notification]),
    });
    expect(outboxWrite([], [])).toBeUndefined();
  });

  it('appends to entries still waiting, never replacing them', () => {
    // A show that failed, or a worker stopped before showing, leaves entries waiting.
    const waiting = appendToOutbox([], [{ ...notification, id: 'mm:mention:1201:4' }]);
    const next = outboxWrite(waiting, [notification]);
    expect(next?.[OUTBOX_KEY]).toEqual([...waiting, ...appendToOutbox([], [notification])]);
    // The same notification again replaces its entry instead of doubling it.
    expect(appendToOutbox(appendToOutbox(waiting, [notification]), [notification])).toHaveLength(2);
    // Beyond what the outbox holds, the oldest go.
    const many = Array.from({ length: 25 }, (_, i) => ({
      ...notification,
      id: `mm:mention:9:${i}`,
    }));
    const kept = appendToOutbox(waiting, many);
    expect(kept).toHaveLength(20);
    expect(kept.at(-1)?.id).toBe('mm:mention:9:24');
    expect(parseOutbox(kept)).toEqual(kept);
  });

  it('reads back only entries of ours', () => {
    const good = appendToOutbox([], [notification])[0];
    expect(
      parseOutbox([good, { ...good, id: 'other:1' }, { ...good, title: 5 }, null, 'x']),
    ).toEqual([good]);
    expect(parseOutbox({ entries: [good] })).toEqual([]);
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        for (const entry of parseOutbox(raw)) {
          expect(entry.id.startsWith('mm:')).toBe(true);
          expect(typeof entry.title).toBe('string');
          expect(typeof entry.message).toBe('string');
        }
      }),
    );
  });
});
