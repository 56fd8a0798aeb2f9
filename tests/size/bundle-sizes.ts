// What each part of the built extension loads, and its size gzipped. The entry points are found
// the way the browser finds them: the manifest names the popup, options page and service worker;
// an HTML page loads its module scripts and modulepreloads; a script loads its static imports.
// Dynamic import() targets are not counted (they are not loaded up front), except for the mentions
// page, whose budget covers everything it may load, the lazily loaded charts included.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BuiltFile {
  /** Relative to the build directory, with forward slashes. */
  path: string;
  raw: number;
  gzip: number;
}

export interface EntrySize {
  name: 'popup' | 'options' | 'background' | 'mentions';
  /** The HTML page or service worker the manifest names. */
  entry: string;
  /** Every script it loads up front, its own first. */
  scripts: BuiltFile[];
  styles: BuiltFile[];
  /** Sums over `scripts`: each file gzipped on its own, as the browser reads them. */
  raw: number;
  gzip: number;
}

export interface BundleSizes {
  dir: string;
  entries: EntrySize[];
  /** Scripts loaded by more than one entry. */
  shared: BuiltFile[];
}

/** The Chrome build `npx wxt build` makes. */
export const CHROME_BUILD = '.output/chrome-mv3';

function sizeOf(dir: string, path: string): BuiltFile {
  const bytes = readFileSync(join(dir, path));
  return { path, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Site-absolute ("/chunks/a.js") or relative ("./a.js") to `from`, as a build-relative path. */
function resolveUrl(from: string, url: string): string {
  const path = url.startsWith('/') ? url.slice(1) : posix.join(posix.dirname(from), url);
  return posix.normalize(path);
}

function htmlAssets(html: string): { scripts: string[]; styles: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src) scripts.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (href && rel === 'modulepreload') scripts.push(href);
    if (href && rel === 'stylesheet') styles.push(href);
  }
  return { scripts, styles };
}

/** Static imports of a built module: `import ... from "./x.js"` and bare `import "./x.js"`. */
function staticImports(code: string): string[] {
  const found = code.matchAll(
    /\b(?:import|export)\s*(?:[\w*{},\s$]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g,
  );
  return [...found].map((m) => m[1]);
}

/** `import("./x.js")` of a built module: what it may load later. */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\s*\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
}

function scriptClosure(dir: string, roots: string[], withDynamic: boolean): string[] {
  const seen: string[] = [];
  const visit = (path: string) => {
    if (seen.includes(path)) return;
    seen.push(path);
    const code = readFileSync(join(dir, path), 'utf8');
    for (const url of staticImports(code)) visit(resolveUrl(path, url));
    if (withDynamic) for (const url of dynamicImports(code)) visit(resolveUrl(path, url));
  };
  roots.forEach(visit);
  return seen;
}

function entrySize(dir: string, name: EntrySize['name'], entry: string): EntrySize {
  let roots: string[];
  let styles: string[] = [];
  if (entry.endsWith('.html')) {
    const assets = htmlAssets(readFileSync(join(dir, entry), 'utf8'));
    roots = assets.scripts.map((url) => resolveUrl(entry, url));
    styles = assets.styles.map((url) => resolveUrl(entry, url));
  } else {
    roots = [entry];
  }
  const withDynamic = name === 'mentions';
  const scripts = scriptClosure(dir, roots, withDynamic).map((path) => sizeOf(dir, path));
  return {
    name,
    entry,
    scripts,
    styles: styles.map((path) => sizeOf(dir, path)),
    raw: scripts.reduce((sum, f) => sum + f.raw, 0),
    gzip: scripts.reduce((sum, f) => sum + f.gzip, 0),
  };
}

interface Manifest {
  action?: { default_popup?: string };
  options_ui?: { page?: string };
  options_page?: string;
  background?: { service_worker?: string; scripts?: string[] };
  side_panel?: { default_path?: string };
}

export function measureBuild(dir: string = CHROME_BUILD): BundleSizes {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No build at ${dir}: run \`npx wxt build\` first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const named: [EntrySize['name'], string | undefined][] = [
    ['popup', manifest.action?.default_popup],
    ['options', manifest.options_ui?.page ?? manifest.options_page],
    ['background', manifest.background?.service_worker ?? manifest.background?.scripts?.[0]],
    ['mentions', manifest.side_panel?.default_path],
  ];
  const entries = named.flatMap(([name, entry]) =>
    entry ? [entrySize(dir, name, posix.normalize(entry))] : [],
  );
  const users = new Map<string, { file: BuiltFile; count: number }>();
  for (const e of entries) {
    for (const file of e.scripts) {
      const seen = users.get(file.path);
      users.set(file.path, { file, count: (seen?.count ?? 0) + 1 });
    }
  }
  const shared = [...users.values()].filter((u) => u.count > 1).map((u) => u.file);
  return { dir: dirname(manifestPath), entries, shared };
}
