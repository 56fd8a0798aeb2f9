// The notification outbox, read as input: only entries of ours, only what showing needs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outboxEntries, outboxWrite, parseOutbox } from '@/lib/notifications/outbox';
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
    expect(outboxEntries([notification])).toEqual([
      { id: 'mm:mention:1201:5', title: '1 new mention in Acme', message: 'A title' },
    ]);
    expect(outboxWrite([notification])).toEqual({ [OUTBOX_KEY]: outboxEntries([notification]) });
    expect(outboxWrite([])).toBeUndefined();
  });

  it('reads back only entries of ours', () => {
    const good = outboxEntries([notification])[0];
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
