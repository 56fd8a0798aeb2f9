import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteMenu, onSiteMenuClicked, siteMenuHash } from '@/lib/background/site-menu';
import { parseOptionsHash } from '@/lib/navigation/deep-link';

describe('the toolbar menu "Monitor this site"', () => {
  beforeEach(() => fakeBrowser.reset());

  it('offers brand and backlinks on the toolbar button only', async () => {
    const removeAll = vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    const create = vi.spyOn(fakeBrowser.contextMenus, 'create').mockReturnValue('');
    await createSiteMenu();
    expect(removeAll).toHaveBeenCalledOnce();
    expect(create.mock.calls.map(([item]) => [item.title, item.contexts])).toEqual([
      ['Monitor this site as brand…', ['action']],
      ['Monitor this site as backlinks…', ['action']],
    ]);
  });

  it.each([
    [
      'monitor-site-brand',
      'https://www.Acme.com/shop',
      { view: 'add', type: 'brandMonitoring', domain: 'www.acme.com' },
    ],
    [
      'monitor-site-backlinks',
      'http://acme.test:8080/',
      { view: 'add', type: 'backlinks', domain: 'acme.test' },
    ],
    ['monitor-site-brand', 'chrome://settings', { view: 'add', type: 'brandMonitoring' }],
    ['monitor-site-backlinks', undefined, { view: 'add', type: 'backlinks' }],
  ])('%s on %s opens the add form %j', (id, url, route) => {
    expect(parseOptionsHash(siteMenuHash(id, url)!)).toEqual(route);
  });

  it('ignores menu items that are not its own', () => {
    expect(siteMenuHash('something-else', 'https://acme.com/')).toBeUndefined();
  });

  it('opens the prefilled options page in a new tab', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await onSiteMenuClicked(
      { menuItemId: 'monitor-site-brand', editable: false, pageUrl: 'https://acme.com/' },
      { url: 'https://acme.com/about' } as never,
    );
    expect(create).toHaveBeenCalledWith({
      url: `${fakeBrowser.runtime.getURL('/options.html')}#add=brandMonitoring&domain=acme.com`,
    });
  });
});
