import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api-from-page';
import { seriousAxeViolations } from '../support/axe';
import { dismissToasts, screenshot, settle } from '../support/browser';
import { brokenDates, measureOverflow } from '../support/reflow';
import { expectPath } from '../support/session';
import { signedInPage, useBrowser } from '../support/signed-in';

const browser = useBrowser();

type Creado = { data: { id_expediente: number; numero: string } };
/** A person clicks the option's label, as antd draws its own circle over the input. */
const filtro = (page: Page, nombre: string) =>
  page.getByRole('radiogroup', { name: 'Qué notificaciones mostrar' }).locator('label', { hasText: nombre }).click();
const fila = (page: Page, numero: string) => page.getByTestId('notificacion').filter({ hasText: numero });

describe('the notifications page', () => {
  it('lists every notification, the unread ones marked, filters them and marks them all read', async () => {
    const gestor = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const admin = await signedInPage(browser(), 'admin', '/', { waitForToken: true });
    const idGestor = (
      await callApi<{ data: { usuario: { id_usuario: number } } }>(
        gestor.page,
        gestor.token(),
        'GET',
        '/api/session/get',
      )
    ).body.data.usuario.id_usuario;
    const ids = {
      id_tipo: (
        await callApi<{ data: { id: number }[] }>(admin.page, admin.token(), 'GET', '/api/catalogos/tipos-expediente')
      ).body.data[0]!.id,
      id_unidad: (
        await callApi<{ data: { id: number }[] }>(
          gestor.page,
          gestor.token(),
          'GET',
          '/api/catalogos/unidades?ambito=creacion',
        )
      ).body.data[0]!.id,
    };
    const asignar = async (asunto: string) => {
      const creado = await callApi<Creado>(admin.page, admin.token(), 'POST', '/api/expedientes', {
        asunto,
        id_responsable: idGestor,
        ...ids,
      });
      expect(creado.status).toBe(201);
      return creado.body.data;
    };
    const visto = await asignar('Asignación ya vista');
    expect((await callApi(gestor.page, gestor.token(), 'POST', '/api/notificaciones/vistas')).status).toBe(200);
    const nuevo = await asignar('Asignación todavía sin leer');
    await admin.page.context().close();

    // From the bell's panel to the page.
    const { page } = gestor;
    await page.reload();
    await page.getByRole('button', { name: 'Notificaciones' }).click();
    await page
      .getByRole('dialog', { name: 'Notificaciones' })
      .getByRole('link', { name: 'Ver todas las notificaciones' })
      .click();
    await expectPath(page, '/notificaciones');
    await page.getByRole('heading', { level: 1, name: 'Notificaciones' }).waitFor();
    // Opening the bell marked everything read; a newer assignment arrives unread.
    const admin2 = await signedInPage(browser(), 'admin', '/', { waitForToken: true });
    const otro = await callApi<Creado>(admin2.page, admin2.token(), 'POST', '/api/expedientes', {
      asunto: 'Asignación posterior a la campana',
      id_responsable: idGestor,
      ...ids,
    });
    expect(otro.status).toBe(201);
    await admin2.page.context().close();
    await page.reload();

    const posterior = fila(page, otro.body.data.numero);
    await posterior.waitFor();
    expect(await posterior.getAttribute('data-leida')).toBe('false');
    await posterior.getByText('No leída', { exact: true }).waitFor();
    expect(await posterior.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await posterior.innerText()).toContain('María José García López: Le asignó el expediente.');
    for (const leida of [visto, nuevo]) {
      expect(await fila(page, leida.numero).getAttribute('data-leida')).toBe('true');
    }
    await settle(page);
    expect(await seriousAxeViolations(page, '.app-content')).toEqual([]);
    await screenshot(page, 'notificaciones-pagina');
    // With notifications on it (the accessibility suite sees the page empty): 320 px wide, nothing cut.
    await page.setViewportSize({ width: 320, height: 640 });
    await settle(page);
    const overflow = await measureOverflow(page);
    expect(overflow.scrollWidth, overflow.culprits.join('\n')).toBeLessThanOrEqual(overflow.viewportWidth);
    expect(await brokenDates(page)).toEqual([]);
    await screenshot(page, 'notificaciones-pagina-320');
    await page.setViewportSize({ width: 1366, height: 850 });

    await filtro(page, 'No leídas');
    await expect.poll(() => fila(page, nuevo.numero).count()).toBe(0);
    expect(
      await page.getByTestId('notificacion').evaluateAll((filas) => filas.map((f) => f.dataset.leida)),
    ).not.toContain('true');
    await posterior.waitFor();

    await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await page.getByText('No tiene notificaciones sin leer.').waitFor();
    await page.getByText('Todas sus notificaciones están marcadas como leídas.').waitFor();
    await dismissToasts(page);
    await filtro(page, 'Todas');
    await expect.poll(() => posterior.getAttribute('data-leida')).toBe('true');
    expect(await page.locator('.app-header .ant-badge .ant-badge-count').count()).toBe(0);

    await posterior.getByRole('link', { name: otro.body.data.numero }).click();
    await expectPath(page, `/expedientes/ver/${otro.body.data.id_expediente}`);
    await page.context().close();
  });
});
