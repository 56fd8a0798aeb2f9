// axe-core inside an extension page: the extension CSP blocks addScriptTag, so the library's
// source is evaluated in the page instead. Works with any driver's page: Playwright's
// (tabs), puppeteer's (the toolbar popup, Firefox).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  help: string;
  nodes: number;
}

/** Runs in the page: axe over the whole document, violations in short. */
async function runAxe(): Promise<AxeViolation[]> {
  const axe = (
    globalThis as unknown as {
      axe: {
        run(d: Document): Promise<{ violations: { id: string; help: string; nodes: unknown[] }[] }>;
      };
    }
  ).axe;
  const result = await axe.run(document);
  return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.length }));
}

/** A page's evaluate, as both drivers have it: a script's source, or a function to serialize. */
export type Evaluate = (script: string | typeof runAxe) => Promise<unknown>;

export async function axeViolationsWith(evaluate: Evaluate): Promise<AxeViolation[]> {
  await evaluate(axeSource);
  return (await evaluate(runAxe)) as AxeViolation[];
}

export function axeViolations(page: Page): Promise<AxeViolation[]> {
  return axeViolationsWith((script) => page.evaluate(script));
}
