import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export { launchBrowser, newContext, takeCspViolations } from './chromium';

const screenshotDir = join(import.meta.dirname, '..', 'screenshots');

/**
 * Waits for running animations (antd motion: dialogs, tabs, dropdowns) so screenshots show the end
 * state. A spinner turns forever and never finishes: antd leaves one in a button after its loading
 * state, shrunk to nothing, so endless animations are not waited for.
 */
export async function settle(page: Page): Promise<void> {
  // Expressions as strings: this package is type-checked without the DOM library.
  const allFinished =
    'Promise.all(document.getAnimations()' +
    '.filter((animation) => animation.effect?.getTiming().iterations !== Infinity)' +
    '.map((animation) => animation.finished.catch(() => undefined)))';
  await page.evaluate(allFinished);
  // antd starts part of its motion on the next frame, after the first wait may have returned.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  await page.evaluate(allFinished);
}

export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await settle(page);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

const WIDE = { width: 1366, height: 850 };
const NARROW = { width: 320, height: 640 };

/** `<prefix>-1366-<name>` and `<prefix>-320-<name>`: a laptop and a small phone; the page is left wide. */
export async function screenshotsAtBothWidths(page: Page, prefix: string, name: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await screenshot(page, `${prefix}-1366-${name}`);
  await page.setViewportSize(NARROW);
  await screenshot(page, `${prefix}-320-${name}`);
  await page.setViewportSize(WIDE);
}

/**
 * Closes the open toasts with their close button, as a person would when one covers the button
 * they want: toasts sit top right, over the page header's actions, and pause while hovered.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.ant-notification-notice');
  for (let attempt = 0; attempt < 10 && (await toasts.count()) > 0; attempt += 1) {
    // A toast may leave by itself between finding and clicking it: then the next one is tried.
    await page
      .locator('.ant-notification-notice-close')
      .first()
      .click({ timeout: 1000 })
      .catch(() => {});
  }
  // Whatever could not be clicked (stacked behind another) expires once no pointer rests on it.
  await page.mouse.move(0, 0);
  await expect.poll(() => toasts.count(), { timeout: 15_000 }).toBe(0);
}
