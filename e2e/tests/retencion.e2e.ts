import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { callApi, crearExpediente } from '../support/api-from-page';
import { chooseOption, openedDialog } from '../support/antd';
import { seriousAxeViolations } from '../support/axe';
import { dismissToasts, screenshotsAtBothWidths } from '../support/browser';
import { signedInPage, useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const browser = useBrowser();

interface Archivado {
  id: number;
  numero: string;
  id_documento: number;
  documento: string;
}

async function cambiarEstado(page: Page, token: string, id: number, estado: string) {
  const actual = await callApi<{ data: Expediente }>(page, token, 'GET', `/api/expedientes/${id}`);
  const cambio = await callApi(page, token, 'POST', `/api/expedientes/${id}/estado`, {
    estado,
    version: actual.body.data.version,
  });
  expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
}

/** Set-up, not the subject: an expediente of `idTipo` with one document, closed today and archived. */
async function archivado(page: Page, token: string, idTipo: number, asunto: string): Promise<Archivado> {
  const { id_expediente: id, numero } = await crearExpediente(page, token, asunto, idTipo);
  const tipos = await callApi<{ data: { id: number }[] }>(page, token, 'GET', '/api/catalogos/tipos-documentales');
  const documento = `Informe de ${asunto.toLowerCase()}.txt`;
  const subida = await page.evaluate(
    async ({ token, id, tipo, documento }) => {
      const form = new FormData();
      form.append('id_tipo_documental', String(tipo));
      form.append('archivo', new Blob(['Informe técnico para el archivo.\n'], { type: 'text/plain' }), documento);
      const response = await fetch(`/api/expedientes/${id}/documentos`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: response.status, body: await response.text() };
    },
    { token, id, tipo: tipos.body.data[0]!.id, documento },
  );
  expect(subida.status, subida.body).toBe(201);
  const id_documento = (JSON.parse(subida.body) as { data: { documento: { id_documento: number } }[] }).data[0]!
    .documento.id_documento;
  for (const estado of ['en_tramite', 'cerrado', 'archivado']) await cambiarEstado(page, token, id, estado);
  return { id, numero, id_documento, documento };
}

const conservacion = (page: Page) => page.getByTestId('retencion-expediente');
/** The card of that title (a column of another card may carry the same words). */
const tarjeta = (page: Page, titulo: string) =>
  page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: titulo }) });
const pendientes = (page: Page) => tarjeta(page, 'Pendientes de dictamen');
const actas = (page: Page) => tarjeta(page, 'Actas de eliminación');
const filaPendiente = (page: Page, expediente: Archivado) =>
  pendientes(page).locator('tr', { has: page.getByRole('link', { name: expediente.numero, exact: true }) });

/** The pendientes once their table has answered: one of them is known to be there. */
async function pendientesCon(page: Page, presente: Archivado) {
  await page.goto(`${webUrl}/administracion/eliminacion`);
  await page.getByRole('heading', { name: 'Eliminación', level: 1 }).waitFor();
  await filaPendiente(page, presente).waitFor();
}

async function cambiarRetencion(page: Page, accion: 'Poner' | 'Levantar', motivo: string) {
  await conservacion(page)
    .getByRole('button', { name: `${accion} retención legal` })
    .click();
  const dialog = await openedDialog(page, `${accion} retención legal`);
  await dialog.getByLabel('Motivo').fill(motivo);
  await dialog.getByRole('button', { name: `${accion} retención`, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('conservación y eliminación', () => {
  it('a tipo due at closing, a hold that keeps one out, an acta drafted, approved and signed; the documents gone with 410', async () => {
    const { page, token } = await signedInPage(browser(), 'admin', '/', { waitForToken: true });
    // Its own tipo and serie, so no other test's expedientes fall due.
    const sufijo = Date.now().toString(36).toUpperCase();
    const nombreTipo = `Retención de prueba ${sufijo}`;
    const codigoSerie = `E2E-${sufijo}`;
    const tipo = await callApi<{ data: { id: number } }>(page, token(), 'POST', '/api/admin/catalogos/tipos', {
      nombre: nombreTipo,
    });
    expect(tipo.status, JSON.stringify(tipo.body)).toBe(201);

    // 1. The administrator adds a serie eliminated at closing and puts the tipo in it.
    await page.goto(`${webUrl}/administracion/cuadro-clasificacion`);
    await page.getByRole('heading', { name: 'Cuadro de clasificación', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Nueva serie' }).click();
    const nueva = await openedDialog(page, 'Nueva serie documental');
    await nueva.getByLabel('Código').fill(codigoSerie);
    await nueva.getByLabel('Nombre').fill('Expedientes de prueba sin valor');
    await chooseOption(page, nueva.getByLabel('Regla de conservación'), 'Eliminación tras unos años');
    await nueva.getByLabel('Años tras el cierre').fill('0');
    await nueva.getByRole('button', { name: 'Guardar' }).click();
    await nueva.waitFor({ state: 'hidden' });
    await page.locator('tr', { hasText: codigoSerie }).getByText('Eliminación al cierre').waitFor();

    await page.getByRole('button', { name: `Asignar serie y regla a ${nombreTipo}` }).click();
    const asignar = await openedDialog(page, `Serie y regla de «${nombreTipo}»`);
    await chooseOption(page, asignar.getByLabel('Serie documental'), codigoSerie);
    await asignar.getByRole('button', { name: 'Guardar' }).click();
    await asignar.waitFor({ state: 'hidden' });
    const filaTipo = tarjeta(page, 'Tipos de expediente').locator('tr', {
      has: page.getByRole('cell', { name: nombreTipo, exact: true }),
    });
    await filaTipo.getByText(`${codigoSerie} · Expedientes de prueba sin valor`).waitFor();
    await filaTipo.getByText('Eliminación al cierre').waitFor();

    // 2. Two archived expedientes of that tipo; the second gets a legal hold on its page.
    const eliminable = await archivado(page, token(), tipo.body.data.id, 'Solicitud caducada');
    const retenido = await archivado(page, token(), tipo.body.data.id, 'Solicitud en litigio');
    await page.goto(`${webUrl}/expedientes/ver/${retenido.id}`);
    await conservacion(page).getByText('Pendiente de dictamen').waitFor();
    await cambiarRetencion(page, 'Poner', 'Recurso contencioso-administrativo en curso');
    await conservacion(page).getByText('Retención legal', { exact: true }).waitFor();
    await conservacion(page)
      .getByText(/Recurso contencioso-administrativo en curso$/)
      .waitFor();
    expect(await conservacion(page).getByText('Pendiente de dictamen').count()).toBe(0);
    await dismissToasts(page);

    // 3. Eliminación lists the first, not the held one; an acta is drafted and approved.
    await pendientesCon(page, eliminable);
    expect(await filaPendiente(page, retenido).count()).toBe(0);
    await screenshotsAtBothWidths(page, 'retencion', 'eliminacion-pendiente');
    // The accessibility suite sees this screen in whatever state the other tests left: here, with rows.
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('checkbox', { name: `Seleccionar ${eliminable.numero}` }).check();
    await pendientes(page).getByRole('button', { name: 'Redactar acta (1)' }).click();
    const redactar = await openedDialog(page, 'Redactar acta de eliminación');
    await redactar.getByText('El borrador listará 1 expediente.', { exact: false }).waitFor();
    const motivoActa = `Plazo de conservación cumplido (${sufijo})`;
    await redactar.getByLabel('Motivo').fill(motivoActa);
    await redactar.getByRole('button', { name: 'Redactar borrador' }).click();
    await redactar.waitFor({ state: 'hidden' });
    const filaActa = actas(page).locator('tr', { hasText: motivoActa });
    await filaActa.getByText('Borrador', { exact: true }).waitFor();
    const numeroActa = (await filaActa.locator('td').nth(0).textContent())!.trim();
    expect(numeroActa).toMatch(/^AE-\d{6}$/);
    await filaPendiente(page, eliminable).getByText(`Borrador ${numeroActa}`).waitFor();
    await dismissToasts(page);

    await filaActa.getByRole('button', { name: `Aprobar ${numeroActa}` }).click();
    const aprobar = await openedDialog(page, `Aprobar el acta ${numeroActa}`);
    await aprobar.getByLabel('Motivo').fill('Dictamen favorable de la comisión calificadora');
    await aprobar.getByRole('button', { name: 'Aprobar y eliminar' }).click();
    await aprobar.waitFor({ state: 'hidden' });
    // Approved and executed in the same request: the bytes are gone once it answers.
    await filaActa.getByText('Ejecutada', { exact: true }).waitFor();
    await filaActa.getByText('María José García López', { exact: false }).first().waitFor();
    await expect.poll(() => filaPendiente(page, eliminable).count()).toBe(0);
    await dismissToasts(page);

    const respuestaPdf = page.waitForResponse((response) =>
      /\/api\/admin\/retencion\/actas\/\d+\/pdf$/.test(new URL(response.url()).pathname),
    );
    const descarga = page.waitForEvent('download');
    await filaActa.getByRole('button', { name: 'PDF firmado' }).click();
    expect((await respuestaPdf).headers()['content-type']).toBe('application/pdf');
    const pdf = await descarga;
    expect(pdf.suggestedFilename()).toBe(`acta-eliminacion-${numeroActa}.pdf`);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await screenshotsAtBothWidths(page, 'retencion', 'eliminacion-acta');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // 4. The expediente keeps its índice and historial; its document's content is gone.
    await page.goto(`${webUrl}/expedientes/ver/${eliminable.id}`);
    await conservacion(page).getByText(`Eliminado (acta ${numeroActa})`).waitFor();
    expect(await conservacion(page).getByRole('button').count()).toBe(0);
    const filaDocumento = page
      .getByTestId('documentos-tab')
      .locator('[data-testid="documento-fila"]', { hasText: eliminable.documento });
    await filaDocumento.getByTestId('documento-eliminado').getByText(`Eliminado (acta ${numeroActa})`).waitFor();
    expect(await filaDocumento.getByRole('button', { name: `Descargar ${eliminable.documento}` }).count()).toBe(0);
    // Its text went with its bytes: no state of an extraction that will never come.
    expect(await filaDocumento.getByTestId('estado-texto').count()).toBe(0);
    const bajada = await callApi<{ msg: string }>(
      page,
      token(),
      'GET',
      `/api/documentos/${eliminable.id_documento}/descargar`,
    );
    expect(bajada.status).toBe(410);
    expect(bajada.body.msg).toContain(numeroActa);
    await screenshotsAtBothWidths(page, 'retencion', 'expediente-eliminado');
    await page.getByRole('tab', { name: 'Historial' }).click();
    await page
      .locator('[data-testid="historial-evento"][data-evento="eliminacion_documentos"]')
      .getByText(`Eliminó el contenido de 1 documento por el acta de eliminación ${numeroActa}`, { exact: false })
      .waitFor();

    // The held expediente stays out until its hold is lifted.
    await page.goto(`${webUrl}/expedientes/ver/${retenido.id}`);
    await conservacion(page).getByText('Retención legal', { exact: true }).waitFor();
    expect(await conservacion(page).getByText('Pendiente de dictamen').count()).toBe(0);
    await cambiarRetencion(page, 'Levantar', 'Sentencia firme: el recurso terminó');
    await conservacion(page).getByText('Pendiente de dictamen').waitFor();
    expect(await conservacion(page).getByText('Retención legal', { exact: true }).count()).toBe(0);
    await pendientesCon(page, retenido);
    await page.context().close();
  });
});
