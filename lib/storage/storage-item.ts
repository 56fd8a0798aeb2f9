// Storage items: one key of storage.local or storage.session with a fallback, read, written and
// watched exactly as WXT's storage items are (`storage.defineItem` of wxt/utils/storage), in the
// few lines the extension uses of them. WXT's module cost about 2.8 KB gzipped in the worker and in
// the pages' shared chunk (drivers for four areas, snapshots, metadata, batch calls, and a lock for
// `init`), more than a tenth of each 30 KB budget (issue 8), for what no item here uses.
//
// Defined on first use: WXT's defineItem read its key from storage (and a versioned item its meta
// too) the moment it was called, whether or not anything asked for the value. Defined at import,
// every page load and every worker start made those reads first, and the popup's first-paint read
// queued behind them. An item made here touches storage the first time one of its methods is
// called; until then it costs nothing.
//
// The stored format is WXT's, so either reads what the other wrote: the value under its key, and a
// versioned item's version under `<key>$` as `{ v }`.
//
// Storage is input like any other: an item may name the guard its value is read through (`parse`),
// so `read()` and a page's batched read (`parse` of what `browser.storage.*.get` gave) check it
// the same way. The items themselves are all defined in lib/storage/items.ts.
import { browser } from 'wxt/browser';

/** `local:settings`, `session:token`: the area, then the key within it. */
export type StorageItemKey = `${'local' | 'session'}:${string}`;

export type StorageArea = 'local' | 'session';

export interface StorageItemOptions<T, R = T> {
  /** What a missing (or null) value reads as. */
  fallback: T;
  /**
   * The guard a stored value is read through by `read()` (an older format, damage): whatever it
   * is given, it returns a usable value. Without it, `read()` is `getValue()`.
   */
  parse?: (raw: unknown) => R;
  /** The value's format version, with `migrations` (default 1). */
  version?: number;
  /**
   * Given (even `{}`), the item is versioned: a stored value of an older version goes through
   * each step up to `version` (a step returning undefined keeps the value), and the first write
   * of an item with nothing stored records the version.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a step takes an older format
  migrations?: Record<number, (old: any) => unknown>;
}

export interface StorageItem<T, R = T> {
  readonly key: StorageItemKey;
  /** The area (`local`) and the key within it (`settings`): a batched `get` asks for `name`. */
  readonly area: StorageArea;
  readonly name: string;
  readonly fallback: T;
  /** The value as stored (or the fallback), unchecked. */
  getValue(): Promise<T>;
  /** The value as stored, through the item's guard: what every reader should use. */
  read(): Promise<R>;
  /** The item's guard, for a value read another way (a batched get, a watch callback). */
  parse(raw: unknown): R;
  /** null and undefined remove the key. */
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
  /** Called with the new and the old value (each as read) when the value really changes. */
  watch(callback: (newValue: T, oldValue: T) => void): () => void;
}

type Stored = Record<string, unknown>;

/** Equal JSON data (what storage holds), whatever the order of its members. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && sameData((a as Stored)[k], (b as Stored)[k]))
  );
}

export function defineLazyItem<T, R = T>(
  key: StorageItemKey,
  options: StorageItemOptions<T, R>,
): StorageItem<T, R> {
  const colon = key.indexOf(':');
  const areaName = key.slice(0, colon) as StorageArea;
  const name = key.slice(colon + 1);
  const metaName = `${name}$`;
  const target = options.version ?? 1;
  const area = () => browser.storage[areaName];
  const orFallback = (value: unknown) => (value ?? options.fallback ?? null) as T;
  const parse = (raw: unknown): R =>
    options.parse ? options.parse(orFallback(raw)) : (orFallback(raw) as unknown as R);
  /** Nothing was stored, not even a version: the first write records it. */
  let unversioned = false;
  let migrated: Promise<void> | undefined;

  async function migrate(): Promise<void> {
    const stored: Stored = await area().get([name, metaName]);
    const value = stored[name] ?? null;
    const meta = (stored[metaName] ?? null) as { v?: number } | null;
    unversioned = value == null && meta?.v == null;
    if (value == null) return;
    const version = meta?.v ?? 1;
    // Logged with the item's key (ready, below): a newer version's value is left as it is.
    if (version > target) throw Error(`stored v${version} is newer than v${target}`);
    if (version === target) return;
    let next: unknown = value;
    for (let step = version + 1; step <= target; step++) {
      next = (await options.migrations?.[step]?.(next)) ?? next;
    }
    await area().set({ [name]: next, [metaName]: { ...meta, v: target } });
  }

  // Every method but `key` and `fallback` defines the item: migrations first, as WXT's do. A failed
  // migration is logged and the item goes on with what is stored.
  const ready = () =>
    (migrated ??=
      options.migrations == null
        ? Promise.resolve()
        : migrate().catch((error: unknown) => console.error(`Migration of ${key} failed`, error)));

  async function write(value: unknown): Promise<void> {
    await (value == null ? area().remove(name) : area().set({ [name]: value }));
  }

  /** Merged into what the meta holds, as WXT's setMeta does. */
  async function writeVersion(): Promise<void> {
    const meta = (await area().get(metaName))[metaName];
    const fields = meta && typeof meta === 'object' && !Array.isArray(meta) ? meta : {};
    await area().set({ [metaName]: { ...fields, v: target } });
  }

  const item: StorageItem<T, R> = {
    key,
    area: areaName,
    name,
    get fallback() {
      return orFallback(null);
    },
    async getValue() {
      await ready();
      return orFallback((await area().get(name))[name]);
    },
    async read() {
      return parse(await item.getValue());
    },
    parse,
    async setValue(value) {
      await ready();
      if (!unversioned) return write(value);
      unversioned = false;
      await Promise.all([write(value), writeVersion()]);
    },
    async removeValue() {
      await ready();
      await area().remove(name);
    },
    watch(callback) {
      void ready();
      const listener = (changes: Record<string, { newValue?: unknown; oldValue?: unknown }>) => {
        const change = changes[name];
        if (change == null || sameData(change.newValue, change.oldValue)) return;
        callback(orFallback(change.newValue), orFallback(change.oldValue));
      };
      area().onChanged.addListener(listener);
      return () => area().onChanged.removeListener(listener);
    },
  };
  return item;
}
