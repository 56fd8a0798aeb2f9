// The zone matrix. The service writes its own wall time and the browser has its own zone, so no
// product behaviour may depend on the zone the code runs in. The suites below exercise the product
// files that read the local zone (and the ones that turn instants into local days and times); each
// runs once per zone here, in a process of its own started in that zone (vitest.config.ts, projects
// `zone-*`). The rest of the unit suite runs once, in whatever zone the machine has: it cannot tell
// one zone from another. tests/unit/zone-matrix.test.ts checks that every product file reading the
// local zone is reached from one of these suites.
//
// Why processes and not a switch inside a test: Node applies a new `process.env.TZ` only on the
// main thread (worker threads keep the zone they started with), and product modules and suites
// keep Intl.DateTimeFormat objects, which hold the zone they were made in.

/** Behind UTC with daylight saving time, ahead of UTC without it, and UTC itself. */
export const ZONES = ['America/New_York', 'Asia/Tokyo', 'UTC'] as const;

/** The time-dependent suites, as paths from the repository root. */
export const ZONE_SUITES = [
  'tests/unit/zone-matrix.test.ts',
  'tests/unit/time/format.test.ts',
  'tests/unit/time/local-day.test.ts',
  'tests/unit/time/relative-time.test.ts',
  'tests/unit/time/service-clock.property.test.ts',
  'tests/unit/time/service-clock.test.ts',
  'tests/unit/backup/backup.file.test.ts',
  'tests/unit/badge/badge-state.test.ts',
  'tests/unit/charts/daily.test.ts',
  'tests/unit/charts/daily.property.test.ts',
  'tests/unit/components/MentionRow.service-time.test.tsx',
  'tests/unit/components/Snooze.test.tsx',
  'tests/unit/components/charts/StackedBars.test.tsx',
  'tests/unit/components/charts/TrendCharts.test.tsx',
  'tests/unit/components/options/PreferencesForm.quiet-hours.test.tsx',
  'tests/unit/export/mention-export.test.ts',
  'tests/unit/flows/background/service-clock.test.ts',
  'tests/unit/flows/background/triage-snooze.test.ts',
  'tests/unit/flows/popup/triage-save-snooze.test.tsx',
  'tests/unit/mention-view/snooze.test.ts',
  'tests/unit/mentions-page/page-filter.test.ts',
  'tests/unit/mentions-page/page-results.property.test.ts',
  'tests/unit/service/failure.retry-after.test.ts',
  'tests/unit/settings/quiet-hours.test.ts',
  'tests/unit/triage/hold.test.ts',
];

/** The project name for a zone: `zone-new-york`, `zone-tokyo`, `zone-utc`. */
export function zoneProject(zone: (typeof ZONES)[number]): string {
  return `zone-${zone.replace(/^.*\//, '').replace(/_/g, '-').toLowerCase()}`;
}
