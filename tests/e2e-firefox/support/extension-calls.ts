// What a Firefox test does with the extension besides clicking: sends a command as its pages do,
// reads its storage, waits for what it reaches on its own, records the notifications it raises,
// opens the popup as a tab and reads its list. One owner for every Firefox suite.
import type { Page } from 'puppeteer-core';
import type { CommandResult, ProtocolMap } from '../../../lib/messaging/protocol';
import { axeViolationsWith, type AxeViolation } from '../../e2e/support/axe';
import type { FirefoxExtensionBrowser } from './firefox';

/** How long a condition the extension reaches on its own (a poll, a badge update) may take. */
export const SETTLE_TIMEOUT_MS = 15_000;

type Command = keyof ProtocolMap;
type CommandData<K extends Command> = Parameters<ProtocolMap[K]>[0];
type CommandValue<K extends Command> =
  ReturnType<ProtocolMap[K]> extends CommandResult<infer T> ? T : never;

/** The extension as a Firefox test reaches it. */
export function extensionCalls(firefox: FirefoxExtensionBrowser) {
  /**
   * Sends a command as the extension's pages do, in @webext-core/messaging's format (built here:
   * the evaluated function cannot load the library): `{ id, type, data, timestamp }` out, the
   * background's `{ res }` back (`{ err }` if its handler threw).
   */
  async function command<K extends Command>(
    type: K,
    ...data: undefined extends CommandData<K> ? [CommandData<K>?] : [CommandData<K>]
  ): Promise<CommandValue<K>> {
    const reply: unknown = await firefox.evaluate(
      (type, data) => browser.runtime.sendMessage({ id: 1, type, data, timestamp: Date.now() }),
      type as string,
      data[0] ?? null,
    );
    if (typeof reply !== 'object' || reply === null || !('res' in reply)) {
      throw new Error(`${type}: the background did not answer: ${JSON.stringify(reply)}`);
    }
    const result = (reply as { res: CommandResult<CommandValue<K>> }).res;
    if (!result.ok) throw new Error(`${type} failed: ${JSON.stringify(result.error)}`);
    return result.value;
  }

  async function local<T>(key: string): Promise<T | undefined> {
    return firefox.evaluate(
      async (key) => (await browser.storage.local.get(key))[key] as never,
      key,
    );
  }

  async function session<T>(key: string): Promise<T | undefined> {
    return firefox.evaluate(
      async (key) => (await browser.storage.session.get(key))[key] as never,
      key,
    );
  }

  /** saveConnection starts the first poll without waiting for it: waits until a poll has ended. */
  async function waitForPoll(since: number | null = null): Promise<void> {
    await waitFor(
      'a poll',
      async () => ({
        lastPollAt:
          (await session<{ lastPollAt: number | null }>('syncStatus'))?.lastPollAt ?? null,
        lease: (await session('pollLease')) ?? null,
      }),
      ({ lastPollAt, lease }) =>
        lastPollAt !== null && (since === null || lastPollAt >= since) && lease === null,
    );
  }

  /**
   * Starts recording the notifications the extension raises. Headless Firefox has no alert
   * service: a notification is closed the moment it is created, so `getAll` never lists it, but its
   * `onClosed` reaches every extension context, this one too.
   */
  async function recordNotifications(): Promise<void> {
    await firefox.evaluate(() => {
      const scope = globalThis as { raised?: string[] };
      if (scope.raised) {
        scope.raised.length = 0;
        return;
      }
      const raised: string[] = (scope.raised = []);
      browser.notifications.onClosed.addListener((id) => raised.push(id));
    });
  }

  /** The ids of the notifications raised since recordNotifications, in order. */
  async function raisedNotifications(): Promise<string[]> {
    return firefox.evaluate(() => [...((globalThis as { raised?: string[] }).raised ?? [])]);
  }

  return { command, local, session, waitForPoll, recordNotifications, raisedNotifications };
}

/** Asks `read` until `done` holds of its answer; the last answer is in the error otherwise. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (v: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not reached in ${SETTLE_TIMEOUT_MS} ms: ${JSON.stringify(value)}`);
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

/** The toolbar popup's size, as the Chromium suite opens it. */
export const POPUP_SIZE = { width: 400, height: 600 };

/**
 * popup.html in a tab at the toolbar popup's size, painted from storage (the real popup is no page
 * puppeteer can drive: support/toolbar.ts).
 */
export async function openPopup(firefox: FirefoxExtensionBrowser): Promise<Page> {
  const popup = await firefox.openPage('popup.html');
  await popup.setViewport(POPUP_SIZE);
  await popup.waitForSelector('main:not([aria-busy])');
  // The rest of the list's first page, a frame after the rows on screen.
  await popup.waitForSelector('.mentions__kept', { hidden: true });
  return popup;
}

/** The titles in the popup's list, in order, without the "Unread:" prefix for screen readers. */
export async function listedTitles(page: Page): Promise<string[]> {
  return page.$$eval('[data-mention-list] li .mention__title', (titles) =>
    titles.map((title) =>
      [...title.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains('sr-only')))
        .map((node) => node.textContent ?? '')
        .join(''),
    ),
  );
}

/** axe-core's source evaluated in the page (the extension CSP would refuse a script tag). */
export function axeViolations(page: Page): Promise<AxeViolation[]> {
  return axeViolationsWith((script) => page.evaluate(script));
}
