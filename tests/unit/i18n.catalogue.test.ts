// The English catalogue is what translators work from, so it must be complete on its own: every
// message explained, every placeholder declared, every plural whole. And every page and the worker
// (lib, components, entrypoints) must take the words a person reads from it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

interface Entry {
  message?: unknown;
  description?: unknown;
  placeholders?: Record<string, { content?: unknown }>;
}

const catalogue = JSON.parse(
  readFileSync(join(ROOT, 'public/_locales/en/messages.json'), 'utf8'),
) as Record<string, Entry>;
const names = Object.keys(catalogue);

describe('the English catalogue', () => {
  it('has a message and a description for every entry', () => {
    const missing = names.filter((name) => {
      const { message, description } = catalogue[name];
      return (
        typeof message !== 'string' ||
        message.trim() === '' ||
        typeof description !== 'string' ||
        description.trim() === ''
      );
    });
    expect(missing).toEqual([]);
  });

  it('declares every $NAME$ a message uses, with content', () => {
    const undeclared: string[] = [];
    for (const name of names) {
      const { message, placeholders = {} } = catalogue[name];
      // `$$` is a literal dollar sign: drop those first so "$$5$" is not read as a placeholder.
      const text = String(message).replace(/\$\$/g, '');
      for (const [, placeholder] of text.matchAll(/\$([A-Za-z0-9_@]+)\$/g)) {
        // Placeholder names are case-insensitive; the catalogue declares them in lower case.
        const declared = placeholders[placeholder.toLowerCase()];
        if (typeof declared?.content !== 'string') undeclared.push(`${name}: $${placeholder}$`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('has an _other form for every _one form', () => {
    const orphans = names
      .filter((name) => name.endsWith('_one'))
      .filter((name) => !(`${name.slice(0, -'_one'.length)}_other` in catalogue));
    expect(orphans).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// A pragmatic scan for sentences built outside the catalogue, over all the code a page or the
// worker runs: string and template literals that
// start with a capital letter and contain a space (for a template, also any of its parts after a
// substitution: `${lead} The service said: ...` glues a sentence on). Comments are not literals
// (the TypeScript parser tells them apart), and two places may keep English because no person
// reads them through the UI: console output and programming errors (`new Error(...)`,
// `new TypeError(...)`...). Fragments that are not sentences (" (HTTP 401)", "the mentions") slip
// through; review catches those.

const SCANNED_DIRS = ['lib', 'components', 'entrypoints'];

/**
 * Literals that look like sentences but are not UI text, by file and exact text, each with its
 * reason. Empty today: add an entry only with a reason a reviewer can check.
 */
const ALLOWED: Record<string, { text: string; why: string }[]> = {
  'lib/messaging/call-background.ts': [
    {
      text: 'No response',
      why: "Stands in for the browser's own (English) reason in the same slot of a catalogue message.",
    },
  ],
};

const SENTENCE = /^[A-Z][^]*\s/;
/** An SVG path's data ("M20 11a8 8 0 1 0-2.3 5.7"): letters are commands, not words. */
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz][\d\s.,MmLlHhVvCcSsQqTtAaZz-]*$/;

/** The literal's text (`${}` for each substitution), if it reads as a sentence. */
function sentenceText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return SENTENCE.test(node.text) && !PATH_DATA.test(node.text) ? node.text : undefined;
  }
  if (ts.isTemplateExpression(node)) {
    const parts = node.templateSpans.map((span) => span.literal.text);
    const text = node.head.text + parts.map((part) => `\${}${part}`).join('');
    const glued = parts.some((part) => SENTENCE.test(part.trimStart()));
    return SENTENCE.test(text) || glued ? text : undefined;
  }
  return undefined;
}

/** Inside `console.x(...)` or `new SomethingError(...)`: developer-facing text. */
function isDeveloperText(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (
      ts.isCallExpression(at) &&
      ts.isPropertyAccessExpression(at.expression) &&
      ts.isIdentifier(at.expression.expression) &&
      at.expression.expression.text === 'console'
    ) {
      return true;
    }
    if (
      (ts.isNewExpression(at) || ts.isCallExpression(at)) &&
      ts.isIdentifier(at.expression) &&
      /^(?:|Type|Range|Syntax|Reference)Error$/.test(at.expression.text)
    ) {
      return true;
    }
    // `super(message)` in a class that extends an Error: the error's own (developer) message.
    if (ts.isCallExpression(at) && at.expression.kind === ts.SyntaxKind.SuperKeyword) {
      const owner = ts.findAncestor(at, ts.isClassLike);
      const base = owner?.heritageClauses?.[0]?.types[0]?.expression.getText();
      if (base !== undefined && /Error$/.test(base)) return true;
    }
  }
  return false;
}

/** Attributes whose value a person reads or hears. */
const READ_ATTRIBUTES =
  /^(?:aria-label|aria-description|aria-roledescription|aria-valuetext|title|alt|placeholder|label)$/;
const HAS_LETTER = /\p{L}/u;

/** UI text written into markup: a JSX text node with a letter, or a read attribute given a literal. */
function markupText(node: ts.Node): string | undefined {
  if (ts.isJsxText(node)) return HAS_LETTER.test(node.text) ? node.text.trim() : undefined;
  if (
    ts.isJsxAttribute(node) &&
    node.initializer !== undefined &&
    ts.isStringLiteral(node.initializer) &&
    READ_ATTRIBUTES.test(node.name.getText()) &&
    HAS_LETTER.test(node.initializer.text)
  ) {
    return `${node.name.getText()}="${node.initializer.text}"`;
  }
  return undefined;
}

/** The sentence-like literals in `source` that are not developer text, and any text in markup. */
function sentencesIn(fileName: string, source: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const text = sentenceText(node) ?? markupText(node);
    if (text !== undefined && !isDeveloperText(node)) found.push(text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(ROOT, dir, name));
}

describe('user-facing text in lib, components and entrypoints', () => {
  it('finds sentences, and only sentences (the scan itself works)', () => {
    const sample = [
      '// A comment that says Something went wrong.',
      "const a = 'Something went wrong.';",
      'const b = `The service sent ${what} in an unexpected form.`;',
      'const f = `${ours} The service said: "${quote}"`;',
      'const g = `${a}\\n${b} (${c})`;',
      "const c = t('errorWebPage');",
      "console.warn('Poll failed badly');",
      "throw new Error('Unknown command name');",
      "const d = 'Content-Type';",
      "const e = 'not-configured';",
    ].join('\n');
    expect(sentencesIn('sample.ts', sample)).toEqual([
      'Something went wrong.',
      'The service sent ${} in an unexpected form.',
      '${} The service said: "${}"',
    ]);
  });

  it('finds text written into markup, and not markup without words', () => {
    const sample = [
      'const a = <button aria-label="Close">{t(\'close\')}</button>;',
      'const b = <p>Loading…</p>;',
      'const c = <img alt="" src="x.svg" />;',
      'const d = <path d="M5 12h14" />;',
      "const e = <span title={t('hint')}> · </span>;",
      'const f = <Field label="Name" />;',
      "class Failure extends Error { constructor() { super('Unknown project type'); } }",
      "const g = Error('Version downgrade of x');",
    ].join('\n');
    expect(sentencesIn('sample.tsx', sample)).toEqual([
      'aria-label="Close"',
      'Loading…',
      'label="Name"',
    ]);
  });

  it('builds no sentence outside the catalogue', () => {
    const files = SCANNED_DIRS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const path of files) {
      const name = relative(ROOT, path);
      const allowed = new Set((ALLOWED[name] ?? []).map((entry) => entry.text));
      for (const text of sentencesIn(name, readFileSync(path, 'utf8'))) {
        if (!allowed.has(text)) offenders.push(`${name}: ${JSON.stringify(text)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
