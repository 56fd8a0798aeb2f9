// The host permission pattern for the service origin, the same way the background checks it:
// port-less (`http://127.0.0.1:8787` is covered by `http://127.0.0.1/*`).

export function serviceOriginPattern(serviceUrl: string): string | undefined {
  try {
    const url = new URL(serviceUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `${url.protocol}//${url.hostname}/*`;
  } catch {
    return undefined;
  }
}

/** The host the permission is for, as the reader knows it. */
export function serviceHost(serviceUrl: string): string {
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}
