import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export { DEMO_USERS, openAndSignIn, type DemoUser } from './sign-in-page';

export function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

export async function selectedMenuLabels(page: Page): Promise<string[]> {
  const labels = await sideMenu(page).locator('.ant-menu-item-selected').allInnerTexts();
  return labels.map((label) => label.trim());
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}
