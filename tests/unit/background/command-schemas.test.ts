// The commands' schemas as the background reads a message with them (parseCommand).
import { describe, expect, it } from 'vitest';
import { commandSchemas, parseCommand } from '@/lib/background/command-schemas';

describe('parseCommand', () => {
  it('savePreferences writes no key: undefined, so a choice sent as undefined stays as stored', () => {
    const data = parseCommand('savePreferences', {
      pollIntervalMinutes: 5,
      notificationsEnabled: true,
      openInBackground: undefined,
      quietHours: undefined,
    });
    expect(Object.keys(data)).toEqual(['pollIntervalMinutes', 'notificationsEnabled']);
  });

  it('refuses malformed data in its own words, not the schema’s', () => {
    expect(() => parseCommand('markRead', { keys: [{ projectId: -1, id: 2 }] })).toThrow(
      'The request was malformed.',
    );
  });

  it('reads each command with a schema of its own, built once', () => {
    expect(commandSchemas.markRead()).toBe(commandSchemas.markRead());
    expect(commandSchemas.markRead()).not.toBe(commandSchemas.markUnread());
  });
});
