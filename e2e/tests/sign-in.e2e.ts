import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot } from '../support/browser';
import { DEMO_USERS, expectPath, openAndSignIn, sideMenu, type DemoUser } from '../support/session';
import { useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const issuer = inject('issuer');
const browser = useBrowser();

describe('inicio de sesión único', () => {
  it('sends a visitor to the identity provider login page, in Spanish', async () => {
    const page = await (await newContext(browser())).newPage();
    await page.goto(webUrl);
    await page.locator('#kc-login').waitFor();
    expect(page.url().startsWith(`${issuer}/`)).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await screenshot(page, 'login');
    await page.context().close();
  });

  it('shows "Usuario o contraseña incorrectos." on a bad attempt and stays on the login page', async () => {
    const page = await (await newContext(browser())).newPage();
    await page.goto(webUrl);
    await page.locator('#username').fill('gestor');
    await page.locator('#password').fill('no-es-la-clave');
    await page.locator('#kc-login').click();
    await page.getByText('Usuario o contraseña incorrectos.').waitFor();
    expect(page.url().startsWith(`${issuer}/`)).toBe(true);
    await screenshot(page, 'login-error');
    await page.context().close();
  });

  for (const user of Object.keys(DEMO_USERS) as DemoUser[]) {
    it(`signs ${user} in and shows the shell: nombres, Inicio, menu and footer year`, async () => {
      const page = await (await newContext(browser())).newPage();
      await openAndSignIn(page, webUrl, user);
      await expectPath(page, '/');
      await expect
        .poll(() => page.getByTestId('sider-nombres').first().innerText())
        .toContain(DEMO_USERS[user].nombres);
      const menu = sideMenu(page);
      await menu.getByRole('menuitem', { name: 'Inicio' }).waitFor();
      await menu.getByText('Expedientes', { exact: true }).waitFor();
      const footer = await page.locator('footer').innerText();
      expect(footer).toContain(`EcoDigital © ${new Date().getFullYear()}`);
      await screenshot(page, `inicio-${user}`);
      await page.context().close();
    });
  }
});
