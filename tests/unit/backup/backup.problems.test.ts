// Each wrong field of a settings backup named on its own, in words a person reads (the catalogue's),
// and the file refused whole.
import { describe, expect, it } from 'vitest';
import { file, problemsOf, rule } from '../support/backup-fixtures';

describe('parseBackup, field by field', () => {
  it.each<[string, (b: Record<string, unknown>) => void, string]>([
    [
      'no preferences',
      (b) => delete b.preferences,
      'Preferences: missing or not a group of settings.',
    ],
    [
      'an interval out of bounds',
      (b) => ((b.preferences as Record<string, unknown>).pollIntervalMinutes = 0),
      'Preferences: the check interval must be a number of minutes from 1 to 1440.',
    ],
    [
      'notifications as text',
      (b) => ((b.preferences as Record<string, unknown>).notificationsEnabled = 'yes'),
      'Preferences: desktop notifications must be true or false.',
    ],
    [
      'no background tabs choice',
      (b) => delete (b.preferences as Record<string, unknown>).openInBackground,
      'Preferences: background tabs must be true or false.',
    ],
    [
      'no quiet hours',
      (b) => ((b.preferences as Record<string, unknown>).quietHours = 'night'),
      'Quiet hours: missing or not a group of settings.',
    ],
    [
      'a quiet hours start past midnight',
      (b) =>
        (((b.preferences as Record<string, unknown>).quietHours as { start: number }).start = 1440),
      'Quiet hours: the start must be minutes after midnight, from 0 to 1439.',
    ],
    [
      'rules that are no list',
      (b) => (b.muteRules = { 0: 'x' }),
      'Mute rules: must be a list of at most 500 rules.',
    ],
    [
      'too many rules',
      (b) => (b.muteRules = Array.from({ length: 501 }, () => rule(1)(b))),
      'Mute rules: must be a list of at most 500 rules.',
    ],
    [
      'a rule that is text',
      (b) => ((b.muteRules as unknown[])[1] = 'x'),
      'Mute rule 2: not a rule.',
    ],
    [
      'an unknown kind',
      (b) => (rule(3)(b).kind = 'user'),
      'Mute rule 3: the kind must be author, site or phrase.',
    ],
    [
      'an empty phrase',
      (b) => (rule(1)(b).value = '   '),
      'Mute rule 1: what it mutes is empty or too long.',
    ],
    [
      'a phrase too long',
      (b) => (rule(1)(b).value = 'x'.repeat(101)),
      'Mute rule 1: what it mutes is empty or too long.',
    ],
    [
      'a site that is no domain',
      (b) => (rule(2)(b).value = 'localhost'),
      'Mute rule 2: “localhost” is not a web site’s domain.',
    ],
    [
      'a project id as text',
      (b) => (rule(1)(b).projectId = '4'),
      'Mute rule 1: the project must be a project id, or null for all projects.',
    ],
    [
      'no creation time',
      (b) => delete rule(1)(b).createdAt,
      'Mute rule 1: the time it was made must be a number of milliseconds.',
    ],
    [
      'an id not of the stored form',
      (b) => (rule(2)(b).id = 'has spaces'),
      'Mute rule 2: the id is missing, too long or used by another rule.',
    ],
    [
      'an id used twice',
      (b) => (rule(2)(b).id = rule(1)(b).id),
      'Mute rule 2: the id is missing, too long or used by another rule.',
    ],
    [
      'switches as a list',
      (b) => (b.projectSwitches = []),
      'Project switches: must be a group of switches by project id.',
    ],
    [
      'a switch named by no project id',
      (b) => ((b.projectSwitches as Record<string, unknown>).acme = { notify: true, badge: false }),
      'Project switches: “acme” is not a project id.',
    ],
    [
      'a switch that is not true or false',
      (b) => ((b.projectSwitches as Record<string, unknown>)['9'] = { notify: 0, badge: true }),
      'Project switches of project 9: notify and badge must be true or false.',
    ],
    [
      'saved ids that are no list',
      (b) => (b.savedIds = '4:55'),
      'Saved mentions: must be a list of at most 1000 ids.',
    ],
    [
      'a saved id of the wrong form',
      (b) => (b.savedIds = ['4:55', '4-56']),
      'Saved mention 2: “4-56” is not a project id and a mention id (like 12:345).',
    ],
    [
      'an address that is not one',
      (b) => (b.serviceUrl = 'ftp://files.example.com'),
      'Service address: “ftp://files.example.com” is not an address the extension can use.',
    ],
    ['an empty key', (b) => (b.apiKey = ' '), 'API key: must be text of at most 1000 characters.'],
  ])('names the problem with %s', (_, change, problem) => {
    expect(problemsOf(file(change))).toEqual([problem]);
  });
});
