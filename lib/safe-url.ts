// Mention URLs come from the service: only http(s) ever opens. Anything else (javascript:, data:,
// file:, chrome:, junk) is shown as text and never becomes a link or a tab.

/** The URL, normalized, when it parses and is http or https; otherwise undefined. */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url.href;
}
