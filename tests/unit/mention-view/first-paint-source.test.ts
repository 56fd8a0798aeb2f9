// The first paint's reads start before the popup renders; what changes before it takes them over
// is held for it, not lost.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { prefetchFirstPaint, takeFirstPaint } from '@/lib/mention-view/first-paint-source';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { settingsItem } from '@/lib/storage/items';

beforeEach(() => fakeBrowser.reset());

const configured = { ...DEFAULT_SETTINGS, serviceUrl: 'https://mentions.example.com', apiKey: 'k' };

describe('the first paint source', () => {
  it('hands over a change made between the prefetch and the popup taking it', async () => {
    prefetchFirstPaint();
    await settingsItem.setValue(configured);
    const source = takeFirstPaint();
    const seen: unknown[] = [];
    const stop = source.attach((change) => seen.push(change));
    expect(seen).toEqual([{ settings: configured }]);
    // From then on, changes go straight through.
    await settingsItem.setValue(DEFAULT_SETTINGS);
    expect(seen).toHaveLength(2);
    stop();
    await settingsItem.setValue(configured);
    expect(seen).toHaveLength(2);
    expect((await source.data).settings).toBeDefined();
  });

  it('is taken once: a later mount reads afresh', async () => {
    prefetchFirstPaint();
    const first = takeFirstPaint();
    await settingsItem.setValue(configured);
    const second = takeFirstPaint();
    expect(second).not.toBe(first);
    expect((await second.data).settings).toEqual(configured);
    first.attach(() => undefined)();
    second.attach(() => undefined)();
  });
});
