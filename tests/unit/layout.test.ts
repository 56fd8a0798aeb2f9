// Where a unit test lives says what it tests, so a newcomer finds a module's tests without a search:
// - a module's test sits at the module's path with tests/unit/ standing for the product root and
//   lib/ implied: lib/mentions/merge.ts → mentions/merge.test.ts, lib/i18n.ts → i18n.test.ts,
//   components/form/Switch.tsx → components/form/Switch.test.tsx, entrypoints/popup/x.ts →
//   entrypoints/popup/x.test.ts. A second file for one module names its aspect after a dot
//   (merge.property.test.ts, merge.scaling.test.ts).
// - flows/ holds the tests that drive a whole flow across many modules: flows/background/ runs the
//   background's listeners (entrypoints/background.ts wired by lib/background/app.ts and
//   commands.ts) through the fake browser; flows/popup/, flows/options/, flows/mentions/ and
//   flows/welcome/ render a page's whole App. They are kept apart from tests/unit/background/, which holds unit tests of single
//   lib/background modules (site-menu), so that folder can mirror lib/background like the rest.
// - fake-service/ tests the fake service of tests/fake-service/ (test tooling, not product code),
//   mirroring that folder instead.
// - support/ is the one place for shared set-up; a test imports no other test file's internals.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const UNIT = join(ROOT, 'tests/unit');
const SUPPORT = join(UNIT, 'support');

/** Every file under a folder, as paths relative to it with '/' separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path).map((file) => `${name}/${file}`);
    return [name];
  });
}

const files = filesUnder(UNIT);
const testFiles = files.filter((file) => /\.test\.tsx?$/.test(file));

/** The product module a test file names (without extension), or null for a flow or fake-service test. */
function moduleOf(testFile: string): string[] | null {
  if (testFile.startsWith('flows/') || testFile.startsWith('fake-service/')) return null;
  const dir = testFile.includes('/') ? testFile.slice(0, testFile.lastIndexOf('/') + 1) : '';
  const name = testFile.slice(dir.length).replace(/\.test\.tsx?$/, '');
  // The module's own name, or the name with one `.aspect` dropped.
  const names = name.includes('.') ? [name, name.slice(0, name.lastIndexOf('.'))] : [name];
  const roots = dir.startsWith('components/') || dir.startsWith('entrypoints/') ? [''] : ['lib/'];
  return names.flatMap((n) => roots.map((root) => `${root}${dir}${n}`));
}

function exists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function moduleExists(candidates: string[]): boolean {
  return candidates.some((c) => ['.ts', '.tsx'].some((ext) => exists(join(ROOT, c + ext))));
}

const SPECIFIER =
  /(?:from|import|vi\.mock|vi\.importActual|vi\.doMock)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

describe('the unit tests’ layout', () => {
  it('finds the tests it checks (the walk itself works)', () => {
    expect(testFiles).toContain('layout.test.ts');
    expect(moduleOf('mentions/merge.scaling.test.ts')).toContain('lib/mentions/merge');
    expect(moduleOf('components/form/Switch.test.tsx')).toContain('components/form/Switch');
    expect(moduleExists(moduleOf('i18n.catalogue.test.ts') ?? [])).toBe(true);
    expect(moduleExists(moduleOf('mentions/no-such-module.test.ts') ?? [])).toBe(false);
    expect(moduleOf('flows/popup/site.test.tsx')).toBeNull();
  });

  it('every test outside flows/ and fake-service/ sits at the path of the module it tests', () => {
    const orphans = testFiles.filter((file) => {
      const candidates = moduleOf(file);
      if (candidates === null) return false;
      // These check the repository or the suite itself: they have no module of their own.
      const selfChecks = ['layout.test.ts', 'docs.test.ts', 'zone-matrix.test.ts'];
      if (selfChecks.includes(file)) return false;
      return !moduleExists(candidates);
    });
    expect(orphans, 'tests naming no module: move them to their module’s path').toEqual([]);
  });

  it('flow tests sit in a named flow folder (flows/background, flows/popup, flows/options, flows/mentions, flows/welcome)', () => {
    const loose = testFiles.filter(
      (file) =>
        file.startsWith('flows/') &&
        !/^flows\/(background|popup|options|mentions|welcome)\//.test(file),
    );
    expect(loose, 'flow tests outside a named flow folder').toEqual([]);
  });

  it('shared set-up lives only in support/: no test file imports another test folder’s files', () => {
    const strays = files
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('support/'))
      .filter((file) => !/\.test\.tsx?$/.test(file));
    expect(strays, 'helpers outside tests/unit/support/').toEqual([]);

    const crossings: string[] = [];
    for (const file of files.filter((f) => /\.tsx?$/.test(f))) {
      const source = readFileSync(join(UNIT, file), 'utf8');
      for (const [, specifier] of source.matchAll(SPECIFIER)) {
        const target = resolve(dirname(join(UNIT, file)), specifier);
        const insideUnit = !relative(UNIT, target).startsWith('..');
        if (insideUnit && !target.startsWith(SUPPORT + sep)) {
          crossings.push(`${file} → ${specifier}`);
        }
      }
    }
    expect(crossings, 'imports of test files from outside tests/unit/support/').toEqual([]);
  });
});
