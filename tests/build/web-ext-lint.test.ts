// Mozilla's add-on linter on the Firefox build: no errors, and no warning but the one kind that
// comes from a dependency and is explained in docs/store-release.md ("Review notes").
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUILDS } from './built-output';

interface LintMessage {
  code: string;
  file?: string;
  message: string;
}

const KNOWN_DEPENDENCY_WARNINGS = new Set([
  // Preact's dangerouslySetInnerHTML support; the extension never uses it (ESLint forbids it).
  'UNSAFE_VAR_ASSIGNMENT',
]);

describe('web-ext lint of the Firefox build', () => {
  const run = spawnSync(
    'npx',
    [
      'web-ext',
      'lint',
      '--source-dir',
      BUILDS.firefox,
      '--output',
      'json',
      '--no-config-discovery',
    ],
    { encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
    errors: LintMessage[];
    warnings: LintMessage[];
  };

  it('reports no errors', () => {
    expect(report.errors.map((e) => `${e.code} ${e.file ?? ''}: ${e.message}`)).toEqual([]);
  });

  it('warns only about the known dependency code', () => {
    const unexpected = report.warnings.filter((w) => !KNOWN_DEPENDENCY_WARNINGS.has(w.code));
    expect(unexpected.map((w) => `${w.code} ${w.file ?? ''}: ${w.message}`)).toEqual([]);
  });
});
