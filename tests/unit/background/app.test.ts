// What the background does beside the commands: the toolbar's "Monitor this site" menu and the
// welcome page of a first install.

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteMenu, onSiteMenuClicked, welcomeOnInstall } from '@/lib/background/app';
import { parseOptionsHash } from '@/lib/navigation/pages';

/** The fragment of the options page a click on menu item `id` opens, on a tab at `url`. */
async function siteMenuHash(id: string, url: string | undefined): Promise<string | undefined> {
  const create = vi.spyOn(fakeBrowser.tabs, 'create');
  await onSiteMenuClicked({ menuItemId: id, editable: false, pageUrl: '' }, { url } as never);
  const opened = create.mock.calls[0]?.[0]?.url;
  create.mockRestore();
  return opened === undefined ? undefined : opened.slice(opened.indexOf('#') + 1);
}

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
  ])('%s on %s opens the add form %j', async (id, url, route) => {
    expect(parseOptionsHash((await siteMenuHash(id, url))!)).toEqual(route);
  });

  it('ignores menu items that are not its own', async () => {
    expect(await siteMenuHash('something-else', 'https://acme.com/')).toBeUndefined();
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

describe('the welcome page on install', () => {
  beforeEach(() => fakeBrowser.reset());

  it('opens welcome.html in a new tab on a first install', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await welcomeOnInstall('install');
    expect(create).toHaveBeenCalledOnce();
    expect(create).toHaveBeenCalledWith({ url: fakeBrowser.runtime.getURL('/welcome.html') });
  });

  it.each(['update', 'chrome_update', 'browser_update', 'shared_module_update'])(
    'opens nothing on %s',
    async (reason) => {
      const create = vi.spyOn(fakeBrowser.tabs, 'create');
      await welcomeOnInstall(reason);
      expect(create).not.toHaveBeenCalled();
    },
  );
});
