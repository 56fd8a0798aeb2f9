// The welcome page through the real background's listeners: a first install opens it in a tab;
// an update, a browser start and a worker restart open nothing.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useBackground } from '../../support/background';

const h = useBackground();
const welcomeUrl = () => fakeBrowser.runtime.getURL('/welcome.html');

describe('the welcome page', () => {
  it('opens once on a first install', async () => {
    await h.start();
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    await h.idle();
    expect(create.mock.calls).toEqual([[{ url: welcomeUrl() }]]);
  });

  it('stays closed on an update, a browser start and a worker restart', async () => {
    await h.start();
    await h.connect();
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', temporary: false });
    await h.idle();
    await h.restartBrowser();
    await h.restartWorker();
    expect(create).not.toHaveBeenCalled();
  });
});
