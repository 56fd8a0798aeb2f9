// Storage items defined on first use. WXT's defineItem reads its key from storage the moment it is
// called, and a versioned item its key and meta too, whether or not anything asks for the value.
// Defined at import, every page load and every worker start made those reads first, and the
// popup's first-paint read queued behind them. An item made here is defined the first time
// anything other than its key is used; until then it costs nothing.
import {
  storage,
  type StorageItemKey,
  type WxtStorageItem,
  type WxtStorageItemOptions,
} from 'wxt/utils/storage';

/** An item without metadata, as our items are. */
type Item<T> = WxtStorageItem<T, Record<string, never>>;

export function defineLazyItem<T>(
  key: StorageItemKey,
  options: WxtStorageItemOptions<T> & { fallback: T },
): Item<T> {
  let item: Item<T> | undefined;
  // A stand-in with the item's whole interface: its key at once, everything else from the item.
  return new Proxy({ key } as Item<T>, {
    get(_stub, property) {
      if (property === 'key') return key;
      item ??= storage.defineItem<T, Record<string, never>>(key, options);
      const value: unknown = Reflect.get(item, property);
      return typeof value === 'function' ? value.bind(item) : value;
    },
  });
}
