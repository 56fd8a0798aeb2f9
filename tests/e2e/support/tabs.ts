// The browser's tabs as a test reads them, in their order in the window: a mention's page is
// checked by its URL (pending while it loads) and whether it opened in front.
import type { ExtensionPage } from './extension-page';

export interface TabView {
  id: number;
  index: number;
  active: boolean;
  url: string;
}

export async function tabs(ext: ExtensionPage): Promise<TabView[]> {
  const all = await ext.page.evaluate(async () =>
    (await chrome.tabs.query({})).map((tab) => ({
      id: tab.id ?? -1,
      index: tab.index,
      active: tab.active,
      url: tab.pendingUrl ?? tab.url ?? '',
    })),
  );
  return all.sort((a, b) => a.index - b.index);
}
