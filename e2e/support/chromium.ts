// Chromium for the end-to-end tests and the benchmarks: no test-runner imports here, so the
// benchmarks can use it outside Vitest.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * What Chromium reported as blocked by a Content-Security-Policy in any page of any context made by
 * `newContext`; `support/csp-guard.ts` fails the test that caused one.
 */
const cspViolations: string[] = [];

export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

function watchForCspViolations(page: Page): void {
  page.on('console', (message) => {
    const text = message.text();
    if (/Content[ -]Security[ -]Policy/i.test(text)) cspViolations.push(`${page.url()}: ${text}`);
  });
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: 1366, height: 800 },
  });
  context.on('page', watchForCspViolations);
  return context;
}
