import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core's own script, evaluated in the page rather than added as a `<script>` tag: a page with a
 * strict Content-Security-Policy (the identity provider's login page) refuses inline scripts, and
 * its policy must stay as it is in production while it is checked.
 */
let axeSource: string | undefined;
const loadAxeSource = () =>
  (axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** The WCAG 2.1 A and AA rules: what the product promises. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page (or only inside `include`, a CSS selector) and
 * returns the serious and critical violations, with the first few offending nodes: a passing page
 * returns `[]`.
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(loadAxeSource());
  const context = include ? JSON.stringify({ include: [[include]] }) : 'document';
  const options = JSON.stringify({ runOnly: { type: 'tag', values: WCAG_21_AA } });
  // Expressions as strings: this package is type-checked without axe's global.
  const result = (await page.evaluate(`axe.run(${context}, ${options})`)) as { violations: AxeViolation[] };
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => ({ target: node.target })),
    }));
}
