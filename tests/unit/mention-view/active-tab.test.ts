// The tab the popup was opened over is asked for as the popup starts, once; a later mount asks again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { prefetchActiveTab, readActiveTab, takeActiveTab } from '@/lib/mention-view/active-tab';

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('the active tab, asked for early', () => {
  it('is asked for once by the prefetch, and taken once', async () => {
    const tab = { id: 1, url: 'https://example.com/page', title: 'Example' };
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab] as never);
    prefetchActiveTab();
    prefetchActiveTab();
    expect(query).toHaveBeenCalledTimes(1);
    expect(await takeActiveTab()).toEqual(tab);
    // A second mount asks again.
    await takeActiveTab();
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('is null when the browser refuses or has no tab', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockRejectedValueOnce(new Error('no'));
    expect(await readActiveTab()).toBeNull();
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValueOnce([]);
    expect(await readActiveTab()).toBeNull();
  });
});
