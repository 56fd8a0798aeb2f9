import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { welcomeOnInstall } from '@/lib/background/welcome';

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
