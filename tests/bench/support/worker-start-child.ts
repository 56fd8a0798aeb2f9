// One cold start of a built service worker, in a fresh process: the script compiled, then its top
// level run, against a stub `chrome` whose every API exists and does nothing. Prints the two times
// in milliseconds as JSON. Spawned by worker-start.ts, once per run, so nothing is warm.
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';

// The namespaces the worker reaches into; any other name is a method, and `on…` an event.
const NAMESPACES = new Set([
  'action',
  'alarms',
  'commands',
  'contextMenus',
  'i18n',
  'local',
  'managed',
  'notifications',
  'permissions',
  'runtime',
  'session',
  'sidePanel',
  'storage',
  'sync',
  'tabs',
  'windows',
]);

/** A namespace whose methods answer a promise of an empty object and whose events take listeners. */
function stub(): object {
  return new Proxy(
    {},
    {
      has: () => true,
      get(_, key) {
        if (typeof key !== 'string' || key === 'then') return undefined;
        if (key === 'id') return 'benchextensionid';
        if (key === 'lastError') return undefined;
        if (key === 'getURL')
          return (path: string) => `chrome-extension://benchextensionid/${path}`;
        if (key === 'getManifest') return () => ({ manifest_version: 3, version: '0.1.0' });
        if (key === 'getMessage') return (name: string) => name;
        if (NAMESPACES.has(key)) return stub();
        if (/^on[A-Z]/.test(key)) {
          return { addListener() {}, removeListener() {}, hasListener: () => false };
        }
        return () => Promise.resolve({});
      },
    },
  );
}

const source = readFileSync(process.argv[2]!, 'utf8');
const scope = globalThis as Record<string, unknown>;
scope.chrome = stub();
scope.self = globalThis;
// What the worker's promises do after its top level is not measured, and may fail on the stub.
process.on('unhandledRejection', () => undefined);

const began = performance.now();
const script = new Script(source, { filename: 'background.js' });
const compiled = performance.now();
script.runInThisContext();
const ran = performance.now();
process.stdout.write(JSON.stringify({ compile: compiled - began, run: ran - compiled }));
