import type { Page } from 'playwright-core';

export const DEMO_USERS = {
  admin: { username: 'admin', password: 'admin', nombres: 'María José', apellidos: 'García López' },
  gestor: { username: 'gestor', password: 'gestor', nombres: 'Juan Carlos', apellidos: 'Pérez Ruiz' },
  consulta: { username: 'consulta', password: 'consulta', nombres: 'Lucía', apellidos: 'Fernández Díaz' },
  /** Tesorería (Hacienda), role gestor: sees nothing of Urbanismo unless granted. */
  tesorera: { username: 'tesorera', password: 'tesorera', nombres: 'Ana Belén', apellidos: 'Romero Gil' },
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

/** Fills the identity provider's login page like a person and waits for the shell. */
async function signInThroughLoginPage(page: Page, user: DemoUser): Promise<void> {
  const { username, password, nombres } = DEMO_USERS[user];
  await page.locator('#username').waitFor();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('#kc-login').click();
  await page.getByTestId('sider-nombres').filter({ hasText: nombres }).first().waitFor({ timeout: 30_000 });
}

export async function openAndSignIn(page: Page, url: string, user: DemoUser): Promise<void> {
  await page.goto(url);
  await signInThroughLoginPage(page, user);
}
