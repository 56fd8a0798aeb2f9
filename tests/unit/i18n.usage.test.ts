// Every message in the catalogue is one the code shows: an unused key is a sentence three
// translators keep translating for nobody. A key is used when the code names it in a string
// (`t('popupRefresh')`), names its plural base (`tn('popupUnreadCount', n)`), builds it from a
// named prefix (`t(\`optionsTypeHint_${type}\`)`), or the manifest or a page asks for it
// (`__MSG_extName__`). The typed keys (MessageKey) already make every key the code names exist.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const CODE_DIRS = ['lib', 'components', 'entrypoints'];
const CONFIG_FILES = ['wxt.config.ts'];

const english = JSON.parse(
  readFileSync(join(ROOT, 'public/_locales/en/messages.json'), 'utf8'),
) as Record<string, unknown>;

interface Names {
  /** Every string the code holds whole. */
  strings: Set<string>;
  /** The fixed starts of strings built with a substitution: `optionsTypeHint_` of `optionsTypeHint_${x}`. */
  prefixes: Set<string>;
}

function namesIn(fileName: string, source: string, into: Names): void {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node)) {
      into.strings.add(node.text);
      for (const [, name] of node.text.matchAll(/__MSG_(\w+)__/g)) into.strings.add(name);
    } else if (ts.isTemplateExpression(node) && /^[A-Za-z]\w*_$/.test(node.head.text)) {
      into.prefixes.add(node.head.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

function codeFiles(): string[] {
  const files = CODE_DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      .map((name) => join(dir, name)),
  );
  return [...files, ...CONFIG_FILES];
}

/** The keys nothing asks for. */
function unusedKeys(keys: string[], names: Names): string[] {
  const prefixes = [...names.prefixes];
  return keys.filter((key) => {
    const base = /^(.*)_(?:one|other)$/.exec(key)?.[1];
    if (names.strings.has(key) || (base !== undefined && names.strings.has(base))) return false;
    return !prefixes.some((prefix) => key.startsWith(prefix));
  });
}

describe('the catalogue', () => {
  it('holds only messages the code shows', () => {
    const names: Names = { strings: new Set(), prefixes: new Set() };
    const files = codeFiles();
    expect(files.length).toBeGreaterThan(100);
    for (const path of files) namesIn(path, readFileSync(join(ROOT, path), 'utf8'), names);
    expect(unusedKeys(Object.keys(english), names)).toEqual([]);
  });

  it('counts a key as used by its name, its plural base, its prefix or the manifest (the check works)', () => {
    const names: Names = { strings: new Set(), prefixes: new Set() };
    namesIn(
      'sample.tsx',
      [
        "t('popupRefresh');",
        "tn('popupUnreadCount', 3);",
        't(`optionsTypeHint_${type}`);',
        "const manifest = { name: '__MSG_extName__' };",
        'const label = `${count} items`;',
      ].join('\n'),
      names,
    );
    const keys = [
      'popupRefresh',
      'popupUnreadCount_one',
      'popupUnreadCount_other',
      'optionsTypeHint_backlinks',
      'extName',
      'popupForgotten',
    ];
    expect(unusedKeys(keys, names)).toEqual(['popupForgotten']);
  });
});
