import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../support/api-from-page';
import { seriousAxeViolations } from '../support/axe';
import { screenshot, settle } from '../support/browser';
import { expectPath } from '../support/session';
import { signedInPage, useBrowser } from '../support/signed-in';

const browser = useBrowser();

const formato = (n: number) =>
  new Intl.NumberFormat('es-ES', { useGrouping: 'always' } as Intl.NumberFormatOptions).format(n);
const badge = (page: Page) => page.locator('.app-header .ant-badge .ant-badge-count');

describe('Inicio and the notifications', () => {
  it('shows the figures, and a figure opens the list already filtered; axe finds nothing serious', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const ids = {
      id_tipo: (await callApi<{ data: { id: number }[] }>(page, token(), 'GET', '/api/catalogos/tipos-expediente')).body
        .data[0]!.id,
      id_unidad: (
        await callApi<{ data: { id: number }[] }>(page, token(), 'GET', '/api/catalogos/unidades?ambito=creacion')
      ).body.data[0]!.id,
    };
    const creado = await callApi(page, token(), 'POST', '/api/expedientes', {
      asunto: 'Expediente para la portada',
      ...ids,
    });
    expect(creado.status).toBe(201);
    const cifras = (await callApi<{ data: Record<string, number> }>(page, token(), 'GET', '/api/inicio/cifras')).body
      .data;
    expect(cifras.abiertos).toBeGreaterThan(0);

    await page.reload();
    const abiertos = page.locator('a[data-cifra="abiertos"]');
    await expect.poll(() => abiertos.locator('.inicio-figure__value').textContent()).toBe(formato(cifras.abiertos!));
    expect(await page.locator('a[data-cifra="en_tramite"] .inicio-figure__value').textContent()).toBe(
      formato(cifras.en_tramite!),
    );
    await page.getByText('Expediente para la portada').first().waitFor();
    await page
      .getByRole('table', { name: 'Expedientes abiertos y cerrados en cada uno de los últimos 12 meses' })
      .waitFor({ state: 'attached' });
    await page
      .getByRole('table', { name: 'Documentos por tipo documental' })
      .or(page.getByText('Todavía no hay documentos.'))
      .first()
      .waitFor({ state: 'attached' });
    await settle(page);
    // This screens: Inicio's content here, the dropdown below (the frame is checked with the rest).
    expect(await seriousAxeViolations(page, '.app-content')).toEqual([]);
    await screenshot(page, 'inicio');

    await abiertos.click();
    await expectPath(page, '/expedientes');
    expect(new URL(page.url()).searchParams.getAll('estado')).toEqual(['abierto']);
    await page.context().close();
  });

  it("counts in the badge what another person did to the person's expedientes; opening clears it for good", async () => {
    const gestor = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const admin = await signedInPage(browser(), 'admin', '/', { waitForToken: true });
    const session = await callApi<{ data: { usuario: { id_usuario: number } } }>(
      gestor.page,
      gestor.token(),
      'GET',
      '/api/session/get',
    );
    const idGestor = session.body.data.usuario.id_usuario;
    expect((await callApi(gestor.page, gestor.token(), 'POST', '/api/notificaciones/vistas')).status).toBe(200);

    const ids = {
      id_tipo: (
        await callApi<{ data: { id: number }[] }>(admin.page, admin.token(), 'GET', '/api/catalogos/tipos-expediente')
      ).body.data[0]!.id,
      // The gestor opens it, in a unidad of theirs.
      id_unidad: (
        await callApi<{ data: { id: number }[] }>(
          gestor.page,
          gestor.token(),
          'GET',
          '/api/catalogos/unidades?ambito=creacion',
        )
      ).body.data[0]!.id,
    };
    // The gestor's own expediente (no notification), then the admin adds a document to it.
    const propio = await callApi<{ data: { id_expediente: number; numero: string } }>(
      gestor.page,
      gestor.token(),
      'POST',
      '/api/expedientes',
      { asunto: 'Recibirá un documento ajeno', ...ids },
    );
    expect(propio.status).toBe(201);
    const tiposDocumentales = await callApi<{ data: { id: number }[] }>(
      admin.page,
      admin.token(),
      'GET',
      '/api/catalogos/tipos-documentales',
    );
    const idTipoDocumental = tiposDocumentales.status === 200 ? tiposDocumentales.body.data[0]!.id : 1;
    const subida = await admin.page.evaluate(
      async ({ token, id, tipo }) => {
        const form = new FormData();
        form.append('id_tipo_documental', String(tipo));
        form.append(
          'archivo',
          new Blob(['Informe técnico de la administradora.\n'], { type: 'text/plain' }),
          'informe-admin.txt',
        );
        const response = await fetch(`/api/expedientes/${id}/documentos`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
        return { status: response.status, body: await response.text() };
      },
      { token: admin.token(), id: propio.body.data.id_expediente, tipo: idTipoDocumental },
    );
    const documentoSubido = subida.status === 201 || subida.status === 200;
    // Assignment by someone else notifies as well.
    const asignado = await callApi<{ data: { numero: string } }>(
      admin.page,
      admin.token(),
      'POST',
      '/api/expedientes',
      { asunto: 'Asignado por la administradora', id_responsable: idGestor, ...ids },
    );
    expect(asignado.status).toBe(201);
    const esperadas = documentoSubido ? 2 : 1;
    await admin.page.context().close();

    const { page } = gestor;
    await page.reload();
    await expect.poll(() => badge(page).getAttribute('title'), { timeout: 15_000 }).toBe(String(esperadas));

    await page.getByRole('button', { name: 'Notificaciones' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notificaciones' });
    await dialog.getByText(asignado.body.data.numero).waitFor();
    if (documentoSubido) await dialog.getByText(propio.body.data.numero).waitFor();
    await dialog.getByText('Documentos subidos hoy').waitFor();
    await expect.poll(() => badge(page).count()).toBe(0);
    await settle(page);
    expect(await seriousAxeViolations(page, '.ant-dropdown')).toEqual([]);
    await screenshot(page, 'notificaciones-abiertas');

    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Notificaciones' }).waitFor();
    await page.locator('a[data-cifra="abiertos"]').waitFor();
    expect(await badge(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Notificaciones' }).click();
    await page.getByText('Sin notificaciones').waitFor();
    await page.keyboard.press('Escape');

    // "Documentos hoy" leads to the expedientes that received a document today.
    await page.locator('a[data-cifra="documentos_hoy"]').click();
    await expectPath(page, '/expedientes');
    expect(new URL(page.url()).searchParams.get('documentos_desde')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('cell', { name: propio.body.data.numero }).waitFor();
    expect(await page.getByRole('cell', { name: asignado.body.data.numero }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'expedientes-con-documentos-hoy');
    await page.context().close();
    expect({ subida: subida.status, documentoSubido }).toMatchObject({ documentoSubido: true });
  });
});
