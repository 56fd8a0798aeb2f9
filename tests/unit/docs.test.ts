// The repository explains itself, and its explanations resolve inside it: every link in the
// README, CONTRIBUTING.md, PRIVACY.md and docs/ reaches a file (and a heading, when it names one)
// of this repository, the README stays short enough for the people who use the extension, and the
// product's comments cite documents that exist here, by a heading that exists, never an issue.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Files under `dir` (relative to the root, '/' separators) whose names pass `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const MARKDOWN = [
  'README.md',
  'CONTRIBUTING.md',
  'PRIVACY.md',
  ...filesUnder('docs', (name) => name.endsWith('.md')),
];

/** Markdown without its fenced code blocks and code spans, where nothing is a link. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link target of a Markdown file: inline links and images, and reference definitions. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1]!,
  );
  const definitions = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map(
    (m) => m[1]!,
  );
  const autolinks = [...prose.matchAll(/<([a-z][a-z0-9+.-]*:[^>\s]+)>/gi)].map((m) => m[1]!);
  return [...inline, ...definitions, ...autolinks];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The headings of a Markdown file (ATX headings outside code blocks). */
function headingsOf(markdown: string): string[] {
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return [...withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1]!);
}

/** The anchors a Markdown file offers, with GitHub's -1, -2 for repeated headings. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const heading of headingsOf(markdown)) {
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

const commentCache = new Map<string, { line: number; text: string }[]>();

/** Every comment of a TypeScript or TSX file, with its line, found by TypeScript's own scanner. */
function commentsOf(path: string): { line: number; text: string }[] {
  let comments = commentCache.get(path);
  if (comments === undefined) commentCache.set(path, (comments = scanComments(path)));
  return comments;
}

function scanComments(path: string): { line: number; text: string }[] {
  const text = read(path);
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Map<number, { line: number; text: string }>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (found.has(range.pos)) continue;
      const line = source.getLineAndCharacterOfPosition(range.pos).line + 1;
      found.set(range.pos, { line, text: text.slice(range.pos, range.end) });
    }
  };
  // Every comment is trivia before some token (the end-of-file token included), or after one.
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

const PRODUCT_SOURCES = ['lib', 'components', 'entrypoints'].flatMap((dir) =>
  filesUnder(dir, (name) => /\.tsx?$/.test(name)),
);

/** A path under docs/ as a comment writes it, without the punctuation that ends its sentence. */
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*[\w/]/g;

/** A section cited right after a docs path: `docs/x.md, 'Heading'` (or "…", “…”, ‘…’). */
const CITED_SECTION =
  /(?<![\w./-])(docs\/[\w./-]*\.md)\s*[,:]\s*(?:'([^'\n]+)'|"([^"\n]+)"|“([^”\n]+)”|‘([^’\n]+)’)/g;

describe('the documentation', () => {
  it('finds what it checks (the walks work)', () => {
    expect(MARKDOWN).toContain('docs/service/api.md');
    expect(PRODUCT_SOURCES.length).toBeGreaterThan(50);
    expect(linkTargets('[a](b.md#c) ![d](e.png) `[f](g)` <https://x.test/>')).toEqual([
      'b.md#c',
      'e.png',
      'https://x.test/',
    ]);
    expect(slugOf('listProjects, getProject, getProjectData replies')).toBe(
      'listprojects-getproject-getprojectdata-replies',
    );
    expect(slugOf("The service's `clock`")).toBe('the-services-clock');
    expect(anchorsOf('# A b\n\n```\n# not a heading\n```\n## A b\n')).toEqual(
      new Set(['a-b', 'a-b-1']),
    );
    const citation = "// (docs/service/notes.md, 'Rate limits'), docs/failure-model.md.";
    expect([...citation.matchAll(DOCS_PATH)].map((m) => m[0])).toEqual([
      'docs/service/notes.md',
      'docs/failure-model.md',
    ]);
    expect([...citation.matchAll(CITED_SECTION)].map((m) => m[2])).toEqual(['Rate limits']);
    const sample = commentsOf('lib/mention-view/keyboard.ts');
    expect(sample[0]?.text).toMatch(/^\/\/ The popup's keyboard shortcuts/);
  });

  it('README.md is at most 200 lines, none over 120 characters', () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
    const long = lines.flatMap((line, i) => ([...line].length > 120 ? [`line ${i + 1}`] : []));
    expect(long, 'README lines over 120 characters').toEqual([]);
  });

  it('every link in README, CONTRIBUTING, PRIVACY and docs/ resolves to a file of this repository, and its heading', () => {
    const broken: string[] = [];
    for (const file of MARKDOWN) {
      for (const target of linkTargets(read(file))) {
        const where = `${file} → ${target}`;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) {
          broken.push(`${where} (leaves the repository)`);
          continue;
        }
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const resolved = path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), path);
        if (path.startsWith('/') || relative(ROOT, resolved).startsWith('..')) {
          broken.push(`${where} (outside the repository)`);
        } else if (!isFile(resolved) && !(path.endsWith('/') && isDirectory(resolved))) {
          broken.push(`${where} (no such file)`);
        } else if (anchor !== undefined && resolved.endsWith('.md')) {
          const anchors = anchorsOf(readFileSync(resolved, 'utf8'));
          if (!anchors.has(decodeURIComponent(anchor))) broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('every docs/ path a comment in lib/, components/ or entrypoints/ names is a file of this repository', () => {
    const missing: string[] = [];
    for (const file of PRODUCT_SOURCES) {
      for (const { line, text } of commentsOf(file)) {
        for (const [path] of text.matchAll(DOCS_PATH)) {
          const target = join(ROOT, path);
          if (!isFile(target) && !(path.endsWith('/') && isDirectory(target))) {
            missing.push(`${file}:${line} → ${path}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('every section a comment cites by name ("docs/x.md, \'Heading\'") is a heading of that document', () => {
    const missing: string[] = [];
    for (const file of PRODUCT_SOURCES) {
      for (const { line, text } of commentsOf(file)) {
        // A comment's lines joined, so a citation may break across them.
        const joined = text.replace(/\s*\n\s*(?:\/\/|\*)?\s*/g, ' ');
        for (const match of joined.matchAll(CITED_SECTION)) {
          const [, path, ...quoted] = match;
          const section = quoted.find((q) => q !== undefined)!;
          if (!isFile(join(ROOT, path!))) continue; // the test above names it
          const headings = headingsOf(read(path!)).map((h) => slugOf(h));
          if (!headings.includes(slugOf(section))) {
            missing.push(`${file}:${line} → ${path}, '${section}'`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('no comment in lib/, components/ or entrypoints/ cites a document outside the repository or an issue', () => {
    const outside = /\.\.\/shared|service-notes\.md|service-api-contract\.md/;
    const issue = /\bissues?\s+#?\d+|(?<![\w&#/])#\d{1,4}(?![\w-])/i;
    const flagged: string[] = [];
    for (const file of PRODUCT_SOURCES) {
      for (const { line, text } of commentsOf(file)) {
        const hits = [text.match(outside)?.[0], text.match(issue)?.[0]].filter(Boolean);
        if (hits.length > 0) flagged.push(`${file}:${line}: ${hits.join(', ')}`);
      }
    }
    expect(flagged).toEqual([]);
  });
});
