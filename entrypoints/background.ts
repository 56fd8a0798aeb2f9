// The background service worker. Issue "The background" fills this in; for now it only
// registers its install listener synchronously, as every listener must be.
export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(() => {});
});
