// What the stand-in backgrounds of the page tests record: a command as the page sent it, with the
// account fingerprint (lib/messaging/page-account.ts) that every account-bound command carries left
// out once checked to be one, so a test states the data it cares about. Tests of the fingerprint
// itself read it from the raw call (tests/unit/messaging, tests/unit/flows/options).
import { ACCOUNT_BOUND } from '@/lib/messaging/protocol';

const FINGERPRINT = /^[0-9a-f]{16}$/;

export function asRecorded(type: string, data: unknown): unknown {
  if (!(ACCOUNT_BOUND as readonly string[]).includes(type)) return data;
  if (typeof data !== 'object' || data === null || !('account' in data)) return data;
  const { account, ...rest } = data as { account: unknown };
  return typeof account === 'string' && FINGERPRINT.test(account) ? rest : data;
}
