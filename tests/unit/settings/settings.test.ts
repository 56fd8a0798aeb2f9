// The user's settings as storage reads them, and the poll interval's rules.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUIET_HOURS } from '@/lib/settings/quiet-hours';
import {
  DEFAULT_SETTINGS,
  isConfigured,
  parseSettings,
  intervalOptions,
  isIntervalWithinBounds,
  MIN_INTERVAL_MINUTES,
  normalizeIntervalMinutes,
  parseIntervalMinutes,
} from '@/lib/settings/settings';

/** The longest interval a person may set: a day. */
const MAX_INTERVAL_MINUTES = 24 * 60;
/** What a stored interval that is not one falls back to: the default settings' interval. */
const DEFAULT_INTERVAL_MINUTES = DEFAULT_SETTINGS.pollIntervalMinutes;

/** The intervals the options page offers. */
const POLL_INTERVAL_CHOICES = [1, 2, 5, 10, 15, 30, 60];

describe('parseSettings', () => {
  it('keeps valid settings as they are', () => {
    const settings = {
      serviceUrl: 'https://app.example.com',
      apiKey: 'k-123',
      label: 'Own',
      accounts: [{ id: '2', label: '', serviceUrl: 'https://b.example', apiKey: 'k-456' }],
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
      label: '',
      accounts: [],
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

// The poll interval's one set of rules: the settings, the schedule, the save command and the
// options select all use these, so what one accepts another never refuses.

describe('the poll interval', () => {
  it('offers the choices, plus a stored interval that is not one of them, in order', () => {
    expect(intervalOptions(5)).toEqual([...POLL_INTERVAL_CHOICES]);
    expect(intervalOptions(45)).toEqual([1, 2, 5, 10, 15, 30, 45, 60]);
    expect(intervalOptions(120)).toEqual([1, 2, 5, 10, 15, 30, 60, 120]);
    // Not a stored value at all: nothing extra to offer.
    expect(intervalOptions(2.5)).toEqual([...POLL_INTERVAL_CHOICES]);
  });

  it.each([
    [45, 45],
    [1, 1],
    [24 * 60, 24 * 60],
    [0, DEFAULT_INTERVAL_MINUTES],
    [2.5, DEFAULT_INTERVAL_MINUTES],
    ['5', DEFAULT_INTERVAL_MINUTES],
    [24 * 60 + 1, DEFAULT_INTERVAL_MINUTES],
  ])('parses a stored %j as %d', (stored, expected) => {
    expect(parseIntervalMinutes(stored)).toBe(expected);
  });

  it('accepts for saving everything within the bounds, and normalises it to a stored value', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 2 * MAX_INTERVAL_MINUTES, noNaN: true }), (value) => {
        const within = isIntervalWithinBounds(value);
        expect(within).toBe(value >= MIN_INTERVAL_MINUTES && value <= MAX_INTERVAL_MINUTES);
        if (within) {
          const normal = normalizeIntervalMinutes(value);
          // What a save stores, settings parsing keeps, and the select can show.
          expect(parseIntervalMinutes(normal)).toBe(normal);
          expect(intervalOptions(normal)).toContain(normal);
          expect(Math.abs(normal - value)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
    for (const choice of POLL_INTERVAL_CHOICES) {
      expect(isIntervalWithinBounds(choice)).toBe(true);
      expect(normalizeIntervalMinutes(choice)).toBe(choice);
    }
  });
});
