// The one way a page calls the background. A message that cannot be delivered (the worker failed
// to start, the extension was updated under the page) or that comes back as anything but a result
// becomes a failure like any other, so every caller shows it in words instead of leaving a button
// spinning.
import { t } from '@/lib/i18n';
import {
  ACCOUNT_BOUND,
  type Command,
  type CommandData,
  type CommandReply,
} from '@/lib/messaging/protocol';
import { sendMessage } from '@/lib/messaging/messenger';
import { shownAccount, shownAccountId } from '@/lib/messaging/page-account';

/** The reason when nothing answered, or the answer is not a result (the browser gives none). */
const NO_RESPONSE = 'No response';

interface CallOptions {
  /**
   * The words for a command that got no result; `reason` is the browser's own (or "No response").
   * By default the options page's: the background did not answer, reload the page.
   */
  unanswered?: (reason: string) => string;
}

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

/** Whether an answer has a result's shape: a value, or an error with its kind and words. */
function isResult(reply: unknown): reply is CommandReply<Command> {
  if (typeof reply !== 'object' || reply === null) return false;
  const result = reply as { ok?: unknown; value?: unknown; error?: unknown };
  if (result.ok === true) return 'value' in result;
  if (result.ok !== false) return false;
  const error = result.error as { kind?: unknown; message?: unknown } | null | undefined;
  return typeof error === 'object' && error !== null && isText(error.kind) && isText(error.message);
}

/**
 * The words of what `sendMessage` threw. The library rebuilds the background's `{ err }` as an
 * Error only when it holds an Error's name, message and stack; anything else it throws as it came.
 */
function reasonOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const message = (error as { message?: unknown }).message;
  return isText(message) ? message : NO_RESPONSE;
}

/**
 * The data as sent: a command that touches an account's data carries the fingerprint of that
 * account (its `accountId`; when it names none, the one account the page shows, else the first) as
 * the page's data has it (page-account.ts), unless the caller names the one its own data was read
 * for.
 */
async function withAccount<K extends Command>(type: K, data: CommandData<K>) {
  if (!(ACCOUNT_BOUND as readonly string[]).includes(type)) return data;
  const named = data as { account?: string; accountId?: string };
  if (named.account !== undefined) return data;
  // Read before the await: both are of the account shown when the command was sent.
  const accountId = named.accountId ?? shownAccountId();
  const account = await shownAccount(accountId);
  if (account === undefined) return data;
  return accountId === undefined ? { ...data, account } : { ...data, account, accountId };
}

/** Sends `type` with its data; answers with its result, or a failure in words when none came. */
export async function callBackground<K extends Command>(
  type: K,
  data: CommandData<K>,
  options: CallOptions = {},
): Promise<CommandReply<K>> {
  let reason = NO_RESPONSE;
  try {
    // The library reads the data's type from ProtocolMap, which is CommandData<K> again, but
    // TypeScript cannot match the two for a generic K; the reply is checked whatever its type.
    const reply: unknown = await sendMessage(type, (await withAccount(type, data)) as never);
    if (isResult(reply)) return reply as CommandReply<K>;
  } catch (error) {
    reason = reasonOf(error);
  }
  const message = options.unanswered?.(reason) ?? t('optionsErrorBackground');
  return { ok: false, error: { kind: 'internal', message } };
}
