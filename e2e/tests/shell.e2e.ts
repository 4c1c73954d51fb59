import { describe, expect, inject, it } from 'vitest';
import { screenshot, settle } from '../support/browser';
import { expectPath, selectedMenuLabels, sideMenu } from '../support/session';
import { signedInPage, useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const issuer = inject('issuer');
const browser = useBrowser();

describe('the shell', () => {
  it('highlights the nested item on first load of /subir-documentos, after sign-in', async () => {
    const { page } = await signedInPage(browser(), 'gestor', '/subir-documentos');
    await expectPath(page, '/subir-documentos');
    await expect.poll(() => selectedMenuLabels(page)).toEqual(['Subir documentos']);
    await screenshot(page, 'subir-documentos');
    await page.context().close();
  });

  it('follows the route with the highlight and clears it with Inicio', async () => {
    const { page } = await signedInPage(browser(), 'admin');
    const menu = sideMenu(page);
    expect(await selectedMenuLabels(page)).toEqual([]);

    await menu.getByText('Expedientes', { exact: true }).click();
    await menu.getByRole('menuitem', { name: 'Subir documentos' }).click();
    await expectPath(page, '/subir-documentos');
    await expect.poll(() => selectedMenuLabels(page)).toEqual(['Subir documentos']);

    await page.goto(`${webUrl}/expedientes`);
    await expectPath(page, '/expedientes');
    await expect.poll(() => selectedMenuLabels(page)).toEqual(['Expedientes']);
    await screenshot(page, 'expedientes');

    await menu.getByRole('menuitem', { name: 'Inicio' }).click();
    await expectPath(page, '/');
    await expect.poll(() => selectedMenuLabels(page)).toEqual([]);
    await page.context().close();
  });

  it('passes id_expediente to the detail view', async () => {
    const { page } = await signedInPage(browser(), 'gestor', '/expedientes/ver/42');
    await expectPath(page, '/expedientes/ver/42');
    // The page never shows an internal id: the id is seen in what the detail asks the API for.
    const pedido = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/expedientes/42');
    await page.reload();
    await pedido;
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'expediente-detalle');
    await page.context().close();
  });

  it('shows the not-found view for an unknown path', async () => {
    const { page } = await signedInPage(browser(), 'gestor', '/no-existe/esta-ruta');
    await page.getByText('Página no encontrada').waitFor();
    await screenshot(page, 'no-encontrada');
    await page.getByRole('button', { name: 'Volver al inicio' }).click();
    await expectPath(page, '/');
    await page.context().close();
  });

  it('keeps consulta out of /subir-documentos: no menu entry, and a direct visit shows "sin permiso"', async () => {
    const { page } = await signedInPage(browser(), 'consulta');
    await sideMenu(page).getByText('Expedientes', { exact: true }).waitFor();
    await expect.poll(() => sideMenu(page).getByText('Subir documentos').count()).toBe(0);
    await page.goto(`${webUrl}/subir-documentos`);
    await page.getByText('No tiene permiso para acceder a esta sección.').waitFor();
    await screenshot(page, 'sin-permiso');
    await page.context().close();
  });

  it('opens Perfil with the person’s data and roles', async () => {
    const { page } = await signedInPage(browser(), 'admin');
    await page.getByTestId('user-menu').click();
    await settle(page);
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('García López').waitFor();
    await dialog.getByText('administrador').waitFor();
    await dialog.getByText('admin@ecodigital.local').waitFor();
    await screenshot(page, 'perfil');
    await page.context().close();
  });

  it('shows the notifications dropdown with its empty state', async () => {
    const { page } = await signedInPage(browser(), 'gestor');
    await page.getByRole('button', { name: 'Notificaciones' }).click();
    await page.getByText('Sin notificaciones').waitFor();
    await screenshot(page, 'notificaciones');
    await page.context().close();
  });

  it('Cerrar sesión ends the session and returns to the login page', async () => {
    const { page } = await signedInPage(browser(), 'gestor');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.locator('#kc-login').waitFor();
    expect(page.url().startsWith(`${issuer}/`)).toBe(true);
    // The identity provider session is over too: opening the app asks for credentials again.
    await page.goto(webUrl);
    await page.locator('#kc-login').waitFor();
    await page.context().close();
  });
});
