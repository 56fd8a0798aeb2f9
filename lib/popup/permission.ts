// The host permission pattern for the service origin, by the rule the background checks it with
// (lib/permissions/host-pattern.ts); undefined for anything that is not an http(s) address.
import { hostPermissionPattern } from '../permissions/host-pattern';

export const serviceOriginPattern: (serviceUrl: string) => string | undefined =
  hostPermissionPattern;

/** The host the permission is for, as the reader knows it. */
export function serviceHost(serviceUrl: string): string {
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}
