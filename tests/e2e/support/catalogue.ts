// The extension's catalogues as the browser reads them (public/_locales/<lang>/messages.json), for
// suites that check what a page says in a language without writing its words out again.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';

/** Each key's message (placeholders as written, `$NAME$`). */
export type Catalogue = Record<string, string>;

export function catalogue(lang: string): Catalogue {
  const path = resolve('public/_locales', lang, 'messages.json');
  const entries = JSON.parse(readFileSync(path, 'utf8')) as Record<string, { message: string }>;
  return Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, entry.message]));
}

/** Runs in the page: the text of every visible element's own text nodes, one entry per element. */
function visibleTexts(): string[] {
  const texts: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const own = [...el.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? '')
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (own) texts.push(own);
    for (const attribute of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(attribute)?.trim();
      if (value) texts.push(value);
    }
  }
  return texts;
}

/**
 * English left on a page that should speak `other`: every visible text (or accessible label,
 * title, placeholder) that is exactly an English message without placeholders which the other
 * catalogue words differently. Words both languages share ("Mention Monitor", "Name") are not
 * leftovers.
 */
export async function englishLeftovers(
  page: Page | PuppeteerPage,
  en: Catalogue,
  other: Catalogue,
): Promise<string[]> {
  const english = new Set(
    Object.entries(en)
      .filter(([key, message]) => !message.includes('$') && other[key] !== message)
      .map(([, message]) => message.trim()),
  );
  for (const message of Object.values(other)) english.delete(message.trim());
  // Both drivers' evaluate, as one call signature (each is generic in its own way).
  const evaluate = page.evaluate.bind(page) as (fn: typeof visibleTexts) => Promise<string[]>;
  return (await evaluate(visibleTexts)).filter((text) => english.has(text));
}
