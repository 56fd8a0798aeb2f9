// Store readiness: what the built extensions ask for and what their code may do. Each list is
// pinned exactly, so widening a permission or adding code that evaluates strings or loads remote
// scripts fails here and has to be a deliberate change of this file.
import { describe, expect, it } from 'vitest';
import { filesOf, manifestOf, type BuildName } from './built-output';

const PERMISSIONS = ['activeTab', 'alarms', 'contextMenus', 'notifications', 'storage'];
/** Chromium's side panel is the mentions page, and needs its permission; Firefox's sidebar none. */
const BROWSER_PERMISSIONS: Record<BuildName, string[]> = { chrome: ['sidePanel'], firefox: [] };
const OPTIONAL_HOSTS = ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*'];
const NEVER = ['tabs', '<all_urls>', 'unlimitedStorage', '*://*/*', 'http://*/*'];

/**
 * Code that turns strings into code. There is none, and a new one fails here: the extension CSP
 * forbids it. (A schema compiler is such code, like classic zod's; lib/zod.ts takes zod/mini, jitless.)
 */
const STRING_EVAL = /\beval\s*\(|\bnew\s+[A-Za-z_$][\w$]*\s*\(\s*\.\.\.|\bFunction\s*\(/g;

const REMOTE_SCRIPT = [
  /<script[^>]+src=["']?https?:/i,
  /\bimportScripts\s*\(\s*["'`]https?:/,
  /\bimport\s*\(\s*["'`]https?:/,
  /<link[^>]+rel=["']?(?:modulepreload|preload|stylesheet)[^>]+href=["']?https?:/i,
];

for (const build of ['chrome', 'firefox'] as BuildName[]) {
  describe(`the ${build} build`, () => {
    const manifest = manifestOf(build);

    it('is MV3 with exactly the permissions it needs', () => {
      expect(manifest.manifest_version).toBe(3);
      expect([...(manifest.permissions as string[])].sort()).toEqual(
        [...PERMISSIONS, ...BROWSER_PERMISSIONS[build]].sort(),
      );
      expect(manifest.optional_host_permissions).toEqual(OPTIONAL_HOSTS);
      expect(manifest.host_permissions).toBeUndefined();
      expect(manifest.optional_permissions).toBeUndefined();
      const text = JSON.stringify(manifest);
      for (const forbidden of NEVER) expect(text).not.toContain(`"${forbidden}"`);
    });

    it('declares the shortcut that opens the popup, and nothing else as a command', () => {
      // `_execute_action` opens the toolbar popup (MV3, Chrome and Firefox); it needs no permission.
      expect(manifest.commands).toEqual({
        _execute_action: {
          suggested_key: { default: 'Alt+Shift+M' },
          description: '__MSG_commandOpenPopup__',
        },
      });
    });

    it('offers the mentions page as the side panel (Chromium) or the sidebar (Firefox)', () => {
      if (build === 'chrome') {
        expect(manifest.side_panel).toEqual({ default_path: 'mentions.html' });
        expect(manifest.sidebar_action).toBeUndefined();
      } else {
        expect(manifest.sidebar_action).toMatchObject({ default_panel: 'mentions.html' });
        expect(manifest.side_panel).toBeUndefined();
      }
    });

    it('keeps the default content security policy', () => {
      expect(manifest.content_security_policy).toBeUndefined();
    });

    it('takes its name and description from the locale catalogue', () => {
      expect(manifest.name).toBe('__MSG_extName__');
      expect(manifest.description).toBe('__MSG_extDescription__');
      expect(manifest.default_locale).toBe('en');
      expect((manifest.action as { default_title: string }).default_title).toBe('__MSG_extName__');
    });

    it('evaluates no strings as code', () => {
      for (const [path, text] of filesOf(build, '.js')) {
        expect({ path, evals: text.match(STRING_EVAL) ?? [] }).toEqual({ path, evals: [] });
      }
    });

    it('holds no demo connection (only `--mode demo` builds preset one)', () => {
      for (const [path, text] of filesOf(build, '.js')) {
        expect({ path, demo: /demo-key|MM_DEMO/.test(text) }).toEqual({ path, demo: false });
      }
    });

    it('loads no script or style from the network', () => {
      for (const [path, text] of [...filesOf(build, '.js'), ...filesOf(build, '.html')]) {
        for (const pattern of REMOTE_SCRIPT) {
          expect({ path, remote: pattern.test(text) }).toEqual({ path, remote: false });
        }
      }
    });
  });
}

describe('the firefox build', () => {
  it('has a gecko id and declares the data it sends to the service (docs/firefox.md)', () => {
    const gecko = (manifestOf('firefox').browser_specific_settings as Record<string, unknown>)
      .gecko as Record<string, unknown>;
    expect(gecko.id).toBe('mention-monitor@mention-monitor.app');
    // The API key; the projects' keywords; the current site's address and title when the person
    // adds it as a project. All required: the extension asks for no optional grant before sending.
    expect(gecko.data_collection_permissions).toEqual({
      required: ['authenticationInfo', 'searchTerms', 'browsingActivity', 'websiteContent'],
    });
  });
});

describe('the chrome build', () => {
  it('has no Firefox-only keys', () => {
    expect(manifestOf('chrome').browser_specific_settings).toBeUndefined();
  });
});
