// The optional host permission for the service's origin, as one rule for every place that asks
// for it, checks it or gives it back (the options page, the popup, the background). Match patterns
// have no port: `http://127.0.0.1:8787` is covered by `http://127.0.0.1/*`, so two services on one
// host share one permission.
import { isWebUrl, parseUrl } from '@/lib/safe-url';

/** The permission pattern for an http(s) origin, or undefined when it is not one. */
export function hostPermissionPattern(origin: string): string | undefined {
  const url = parseUrl(origin);
  return url && isWebUrl(url) ? `${url.protocol}//${url.hostname}/*` : undefined;
}

/**
 * The pattern for an origin a form has already checked. Throws on anything else: asking the
 * browser for no origin would look like a granted permission.
 */
export function requiredHostPattern(origin: string): string {
  const pattern = hostPermissionPattern(origin);
  if (pattern === undefined) throw new TypeError('not an http(s) origin');
  return pattern;
}

/** The host as a person knows it, with its port: `127.0.0.1:8787`, `app.example.com`. */
export function originHost(origin: string): string {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}
