// Mention URLs come from the service: only http(s) ever opens. Anything else (javascript:, data:,
// file:, chrome:, junk) is shown as text and never becomes a link or a tab.

/** The URL, normalized, when it parses and is http or https; otherwise undefined. */
export function safeHttpUrl(value: unknown): string | undefined {
  const url = parseUrl(value);
  if (!url || !isWebUrl(url)) return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url.href;
}

/** Text that parses as a URL (surrounding spaces aside), or undefined. */
export function parseUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return new URL(value.trim());
  } catch {
    return undefined;
  }
}

/** An http or https URL: a web page, not the browser's own, a file or a script. */
export function isWebUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}
