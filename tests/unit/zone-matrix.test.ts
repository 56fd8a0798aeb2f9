// The zone matrix (tests/unit/support/zones.ts) must hold what it promises: each of its suites runs
// in the zone its project names, and no product file that reads the local zone goes untested
// across zones. A new such file fails here until a zone suite reaches it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ZONES, ZONE_SUITES } from './support/zones';

const root = resolve(import.meta.dirname, '../..');

/**
 * Date's local getters and setters, a Date made of calendar parts, Date.parse, toLocale…String,
 * Intl.DateTimeFormat (which formats in the local zone unless told otherwise).
 */
const READS_LOCAL_ZONE =
  /\.(get|set)(Hours|Date|Day|Month|FullYear|Minutes|Seconds)\(|getTimezoneOffset\(|\.toLocale\w*String\(|\.to(Date|Time)String\(|new Date\([^)]*,|Date\.parse\(|Intl\.DateTimeFormat/;

function productFilesReadingTheLocalZone(): string[] {
  return ['lib', 'components', 'entrypoints']
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)),
    )
    .filter(
      (file) =>
        /\.tsx?$/.test(file) && READS_LOCAL_ZONE.test(readFileSync(join(root, file), 'utf8')),
    );
}

/** The repository file an import specifier names, or undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext);
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

/** Every repository file the suites import, directly or through other files. */
function reachedFrom(suites: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = suites.map((suite) => join(root, suite));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const target = resolveImport(file, specifier!);
      if (target !== undefined) pending.push(target);
    }
  }
  return new Set([...reached].map((file) => relative(root, file)));
}

describe('the zone matrix', () => {
  test('runs each zone suite in the zone its project names', () => {
    const zone = process.env.TZ;
    expect(ZONES).toContain(zone);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
    const noonUtc = new Date(Date.UTC(2024, 0, 15, 12));
    const hours = { 'America/New_York': 7, 'Asia/Tokyo': 21, UTC: 12 }[zone!];
    expect(noonUtc.getHours()).toBe(hours);
  });

  test('lists suites that exist', () => {
    expect(ZONE_SUITES.filter((suite) => !existsSync(join(root, suite)))).toEqual([]);
  });

  test('reaches every product file that reads the local zone from a zone suite', () => {
    const readers = productFilesReadingTheLocalZone();
    // The pattern still finds what it was written for.
    expect(readers).toContain(join('lib', 'time', 'local-day.ts'));
    const reached = reachedFrom(ZONE_SUITES);
    expect(readers.filter((file) => !reached.has(file))).toEqual([]);
  });
});
