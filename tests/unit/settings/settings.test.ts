import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUIET_HOURS } from '@/lib/settings/quiet-hours';
import { DEFAULT_SETTINGS, isConfigured, parseSettings } from '@/lib/settings/settings';

describe('parseSettings', () => {
  it('keeps valid settings as they are', () => {
    const settings = {
      serviceUrl: 'https://app.example.com',
      apiKey: 'k-123',
      pollIntervalMinutes: 15,
      notificationsEnabled: false,
      openInBackground: true,
      quietHours: { enabled: true, start: 23 * 60 + 30, end: 6 * 60 },
    };
    expect(parseSettings(settings)).toEqual(settings);
  });

  it('reads settings stored before the open preference with mentions opening in front', () => {
    const older = {
      serviceUrl: 'https://app.example.com',
      apiKey: 'k-123',
      pollIntervalMinutes: 15,
      notificationsEnabled: false,
    };
    expect(parseSettings(older)).toEqual({
      ...older,
      openInBackground: false,
      quietHours: DEFAULT_QUIET_HOURS,
    });
    expect(DEFAULT_SETTINGS.openInBackground).toBe(false);
  });

  it('reads settings stored before quiet hours with quiet hours off, 22:00 to 08:00', () => {
    expect(DEFAULT_SETTINGS.quietHours).toEqual({ enabled: false, start: 1320, end: 480 });
    expect(
      parseSettings({ quietHours: { enabled: true, start: 1440, end: 60 } }).quietHours,
    ).toEqual({ enabled: true, start: 1320, end: 60 });
  });

  it.each([
    [undefined, DEFAULT_SETTINGS],
    [null, DEFAULT_SETTINGS],
    ['a string', DEFAULT_SETTINGS],
    [[1, 2], DEFAULT_SETTINGS],
    [{ pollIntervalMinutes: 0 }, DEFAULT_SETTINGS],
    [{ pollIntervalMinutes: 2.5 }, DEFAULT_SETTINGS],
    [{ pollIntervalMinutes: 24 * 60 + 1 }, DEFAULT_SETTINGS],
    [{ pollIntervalMinutes: '5' }, DEFAULT_SETTINGS],
    [{ notificationsEnabled: 'yes' }, DEFAULT_SETTINGS],
    [{ openInBackground: 'yes' }, DEFAULT_SETTINGS],
    [{ openInBackground: 1 }, DEFAULT_SETTINGS],
  ])('falls back to the default for a damaged value: %j', (raw, expected) => {
    expect(parseSettings(raw)).toEqual(expected);
  });

  it('keeps every valid field of a partly damaged value', () => {
    expect(
      parseSettings({ serviceUrl: 'https://a.example', apiKey: 42, pollIntervalMinutes: 1 }),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      serviceUrl: 'https://a.example',
      pollIntervalMinutes: 1,
    });
  });

  it('always yields usable settings: never below one minute, fields of the right types', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const s = parseSettings(raw);
        expect(typeof s.serviceUrl).toBe('string');
        expect(typeof s.apiKey).toBe('string');
        expect(Number.isInteger(s.pollIntervalMinutes) && s.pollIntervalMinutes >= 1).toBe(true);
        expect(typeof s.notificationsEnabled).toBe('boolean');
        expect(typeof s.openInBackground).toBe('boolean');
        expect(typeof s.quietHours.enabled).toBe('boolean');
        expect(parseSettings(s)).toEqual(s);
      }),
    );
  });

  it('is configured only with both an address and a key', () => {
    expect(isConfigured(DEFAULT_SETTINGS)).toBe(false);
    expect(isConfigured({ ...DEFAULT_SETTINGS, serviceUrl: 'https://a.example' })).toBe(false);
    expect(
      isConfigured({ ...DEFAULT_SETTINGS, serviceUrl: 'https://a.example', apiKey: 'k' }),
    ).toBe(true);
  });
});
