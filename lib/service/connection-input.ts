// The connection form's rules: what it checks before asking the browser for anything (the host
// permission it then asks for is lib/permissions/host-pattern.ts), and how each way of failing is said.

import { t } from '@/lib/i18n';
import type { CommandError } from '@/lib/messaging/protocol';
import { normalizeServiceUrl } from '@/lib/service/base-url';

export type ConnectionField = 'serviceUrl' | 'apiKey';

export type ConnectionCheck =
  | { ok: true; origin: string; apiKey: string }
  | { ok: false; errors: Partial<Record<ConnectionField, string>> };

/** Checked synchronously, so the click handler's first await can be the permission request. */
export function checkConnectionInput(serviceUrl: string, apiKey: string): ConnectionCheck {
  const errors: Partial<Record<ConnectionField, string>> = {};
  const url = normalizeServiceUrl(serviceUrl);
  if (!url.ok) errors.serviceUrl = url.message;
  if (apiKey.trim() === '') errors.apiKey = t('optionsApiKeyMissing');
  if (!url.ok || errors.apiKey) return { ok: false, errors };
  return { ok: true, origin: url.origin, apiKey: apiKey.trim() };
}

export interface ConnectionFailure {
  /** Set when the message belongs beside one of the two inputs. */
  field?: ConnectionField;
  message: string;
}

/** A failed save or test, in words. */
export function describeConnectionError(error: CommandError): ConnectionFailure {
  switch (error.kind) {
    // The login refused the key; or the token it gave was refused at once (the probe's listing).
    case 'key-rejected':
    case 'auth':
      return { field: 'apiKey', message: t('optionsConnectRejected') };
    case 'network':
    case 'timeout':
      return { message: t('optionsConnectUnreachable', error.message) };
    case 'invalid-input':
      if (error.field === 'serviceUrl' || error.field === 'apiKey') {
        return { field: error.field, message: error.message };
      }
      return { message: t('optionsConnectFailed', error.message) };
    default:
      return { message: t('optionsConnectFailed', error.message) };
  }
}
