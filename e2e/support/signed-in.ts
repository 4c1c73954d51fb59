import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { captureBearerToken } from './api-from-page';
import { launchBrowser, newContext } from './browser';
import { openAndSignIn, type DemoUser } from './session';

/** One Chromium for the test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is launched in beforeAll');
    return browser;
  };
}

export interface SignedInPage {
  page: Page;
  /** The bearer token the app last sent to the API. */
  token: () => string;
}

/**
 * A fresh browser context (no cookies) in which `user` opens `path` and signs in through the login
 * page. With `waitForToken`, it also waits until the app has called the API once.
 */
export async function signedInPage(
  browser: Browser,
  user: DemoUser,
  path = '/',
  { waitForToken = false } = {},
): Promise<SignedInPage> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const token = captureBearerToken(page);
  await openAndSignIn(page, `${inject('webUrl')}${path}`, user);
  if (waitForToken) await waitForFirstToken(token);
  return { page, token };
}

/** A plain wait rather than `expect.poll`, so a `beforeAll` may sign in too. */
async function waitForFirstToken(token: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!hasToken(token)) {
    if (Date.now() > deadline) throw new Error('The app sent no authorised API request after signing in');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function hasToken(token: () => string): boolean {
  try {
    return Boolean(token());
  } catch {
    return false;
  }
}
