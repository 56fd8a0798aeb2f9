// The toolbar button's context menu: "Monitor this site as brand / as backlinks", which open the
// options page's add form prefilled for the current tab. Clicking the menu grants activeTab, so the
// tab's address is readable without the `tabs` permission.
import { browser, type Browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { addFormHash } from '@/lib/navigation/deep-link';
import type { ProjectType } from '@/lib/projects/types';
import { websiteHostOf } from '@/lib/site/site';

const MENU_ITEMS: { id: string; type: ProjectType; title: () => string }[] = [
  { id: 'monitor-site-brand', type: 'brandMonitoring', title: () => t('menuMonitorSiteAsBrand') },
  { id: 'monitor-site-backlinks', type: 'backlinks', title: () => t('menuMonitorSiteAsBacklinks') },
];

/** Menu items persist in the browser: recreate them from scratch on install and update. */
export async function createSiteMenu(): Promise<void> {
  await browser.contextMenus.removeAll();
  for (const item of MENU_ITEMS) {
    browser.contextMenus.create({ id: item.id, title: item.title(), contexts: ['action'] });
  }
}

/**
 * The options page's fragment for a menu click: the add form of the item's type, with the tab's
 * site when it has one (a browser page opens the empty form).
 */
export function siteMenuHash(menuItemId: string | number, tabUrl: string | undefined) {
  const item = MENU_ITEMS.find((i) => i.id === menuItemId);
  if (!item) return undefined;
  return addFormHash(item.type, websiteHostOf(tabUrl));
}

export async function onSiteMenuClicked(
  info: Browser.contextMenus.OnClickData,
  tab: Browser.tabs.Tab | undefined,
): Promise<void> {
  const hash = siteMenuHash(info.menuItemId, tab?.url);
  if (hash)
    await browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}#${hash}` });
}
