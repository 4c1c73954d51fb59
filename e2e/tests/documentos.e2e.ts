import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Documento } from '@ecodigital/contracts/documentos';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { callApi } from '../support/api-from-page';
import { screenshot as fullPageScreenshot } from '../support/browser';
import {
  samplePdf,
  samplePng,
  sampleWindowsExecutable,
} from '@ecodigital/api/modules/documentos/inspection/testing/sample-files';
import { DEMO_USERS, sideMenu } from '../support/session';
import { chooseOption } from '../support/antd';
import { signedInPage, useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
const browser = useBrowser();

/** A full page load: the identity provider's session signs the person in again without the form. */
async function goto(page: Page, path: string, user: 'gestor' | 'consulta') {
  await page.goto(`${webUrl}${path}`);
  await page
    .getByTestId('sider-nombres')
    .filter({ hasText: DEMO_USERS[user].nombres })
    .first()
    .waitFor({ timeout: 30_000 });
}

/**
 * These views are taller than the window: a full-page capture would draw the fixed header in the
 * middle. The window grows to the page first, then shrinks back.
 */
async function screenshot(page: Page, name: string) {
  const height = await page.evaluate('document.documentElement.scrollHeight');
  await page.setViewportSize({ width: 1366, height: Math.max(800, Number(height)) });
  await fullPageScreenshot(page, name);
  await page.setViewportSize({ width: 1366, height: 800 });
}

/** The "Éxito"/"Error" toasts (6 s) would cover the page in screenshots. */
async function closeToasts(page: Page) {
  await expect.poll(() => page.locator('.ant-notification-notice').count(), { timeout: 15_000 }).toBe(0);
}

const PDF_NAME = 'Resolución nº 5.pdf';
const PNG_NAME = 'plano de situación.png';
const TXT_NAME = 'notas de la visita.txt';
const files = {
  pdf: samplePdf('Resolucion n. 5 - Licencia concedida', { paddingKb: 384 }),
  png: samplePng({ width: 240, height: 160 }),
  txt: Buffer.from('Visita de inspección realizada el 3 de marzo.\nSin incidencias.\n', 'utf8'),
  exe: sampleWindowsExecutable(),
};

const uploadRow = (page: Page, name: string) => page.locator('[data-testid="subida-fila"]', { hasText: name });
const uploadResult = (page: Page, name: string) => uploadRow(page, name).getByTestId('subida-resultado');
const tab = (page: Page) => page.getByTestId('documentos-tab');
const docRow = (page: Page, name: string) => tab(page).locator('[data-testid="documento-fila"]', { hasText: name });

let created: { id: number; numero: string } | undefined;

describe('documentos', () => {
  it('gestor uploads three files with progress, previews the PDF, downloads the same bytes and verifies integrity', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/expedientes');
    await page.getByRole('heading', { name: 'Expedientes', level: 1 }).waitFor();

    const tipos = await callApi<{ data: { id: number; nombre: string }[] }>(
      page,
      token(),
      'GET',
      '/api/catalogos/tipos-expediente',
    );
    // Where gestor may open one: their own unidad (Urbanismo) or one below it.
    const unidades = await callApi<{ data: { id: number; nombre: string }[] }>(
      page,
      token(),
      'GET',
      '/api/catalogos/unidades?ambito=creacion',
    );
    const response = await callApi<{ data: Expediente }>(page, token(), 'POST', '/api/expedientes', {
      asunto: 'Obra de reforma de fachada en calle del Prado 8',
      id_tipo: tipos.body.data[0]!.id,
      id_unidad: unidades.body.data[0]!.id,
      interesado_nombre: 'Comunidad de propietarios Prado 8',
    });
    expect(response.status).toBe(201);
    created = { id: response.body.data.id_expediente, numero: response.body.data.numero };

    await goto(page, `/subir-documentos?expediente=${created.id}`, 'gestor');
    await page.getByText(`${created.numero} — Obra de reforma de fachada en calle del Prado 8`).waitFor();

    await page.locator('.ant-upload input[type="file"]').setInputFiles([
      { name: PDF_NAME, mimeType: 'application/pdf', buffer: files.pdf },
      { name: PNG_NAME, mimeType: 'image/png', buffer: files.png },
      { name: TXT_NAME, mimeType: 'text/plain', buffer: files.txt },
    ]);
    await expect.poll(() => page.locator('[data-testid="subida-fila"]').count(), { timeout: 10_000 }).toBe(3);
    // Typed as people type it, lower case, and chosen with Enter.
    const paraTodos = page.getByRole('combobox', { name: 'Tipo documental para todos' });
    await paraTodos.click();
    await paraTodos.pressSequentially('anexo');
    await page.locator('.ant-select-item-option-active', { hasText: 'Anexo' }).waitFor();
    await paraTodos.press('Enter');
    await page.getByRole('button', { name: 'Aplicar a todos' }).click();
    await chooseOption(page, page.getByRole('combobox', { name: `Tipo documental de ${PDF_NAME}` }), 'Resolución');

    // A slow connection, so the progress of each file can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 32 * 1024,
    });
    await page.getByRole('button', { name: 'Subir 3 documentos' }).click();
    const progress = uploadRow(page, PDF_NAME).getByTestId('subida-progreso');
    await progress.waitFor();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // Captured at once: waiting for the page to settle would let the uploads finish.
    await progress.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(import.meta.dirname, '..', 'screenshots', 'documentos-subida-progreso.png') });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // Numbered in the order they are listed, whatever their sizes.
    for (const [index, name] of [PDF_NAME, PNG_NAME, TXT_NAME].entries()) {
      await expect
        .poll(() => uploadResult(page, name).getAttribute('data-resultado'), { timeout: 30_000 })
        .toBe('subido');
      expect(await uploadResult(page, name).innerText()).toMatch(new RegExp(`Subido como nº ${index + 1}\\b`));
    }

    // An executable renamed .pdf passes the browser's pre-check; the server reads its bytes and refuses it.
    await page
      .locator('.ant-upload input[type="file"]')
      .setInputFiles([{ name: 'factura.pdf', mimeType: 'application/pdf', buffer: files.exe }]);
    await chooseOption(page, page.getByRole('combobox', { name: 'Tipo documental de factura.pdf' }), 'Otro');
    await page.getByRole('button', { name: 'Subir 1 documento' }).click();
    await expect
      .poll(() => uploadResult(page, 'factura.pdf').getAttribute('data-resultado'), { timeout: 20_000 })
      .toBe('rechazado');
    const refusal = await uploadResult(page, 'factura.pdf').innerText();
    expect(refusal.trim()).toMatch(/^Rechazado: El archivo «factura\.pdf» no es de un tipo admitido/);
    await page.getByTestId('subida-resumen').filter({ hasText: '1 rechazado' }).waitFor();
    await closeToasts(page);
    await screenshot(page, 'documentos-subida-resultados');

    await page.getByRole('link', { name: `Ver expediente ${created.numero}` }).click();
    await page.waitForURL(new RegExp(`/expedientes/ver/${created.id}$`));
    await expect.poll(() => tab(page).locator('[data-testid="documento-fila"]').count(), { timeout: 20_000 }).toBe(3);
    const documentos = await callApi<{ data: Documento[] }>(
      page,
      token(),
      'GET',
      `/api/expedientes/${created.id}/documentos`,
    );
    const pdf = documentos.body.data.find((documento) => documento.nombre === PDF_NAME)!;
    expect(pdf.huella).toBe(sha256(files.pdf));
    expect(await docRow(page, PDF_NAME).locator('[data-huella]').getAttribute('data-huella')).toBe(sha256(files.pdf));
    expect(await docRow(page, PDF_NAME).innerText()).toContain(`${pdf.huella.slice(0, 6)}…${pdf.huella.slice(-4)}`);
    await screenshot(page, 'documentos-pestana');

    await docRow(page, PDF_NAME)
      .getByRole('button', { name: `Previsualizar ${PDF_NAME}` })
      .click();
    const iframe = page.getByTestId('vista-previa-pdf');
    await iframe.waitFor({ state: 'visible' });
    expect(await iframe.getAttribute('src')).toMatch(/^blob:/);
    // Only for the screenshot: Chromium's PDF viewer paints in a frame of its own that reports no load.
    await page.waitForTimeout(1500);
    await screenshot(page, 'documentos-vista-previa-pdf');
    await page.locator('.ant-drawer-close').click();
    await iframe.waitFor({ state: 'detached' });

    await docRow(page, PNG_NAME)
      .getByRole('button', { name: `Previsualizar ${PNG_NAME}` })
      .click();
    const image = page.getByTestId('vista-previa-imagen');
    await image.waitFor({ state: 'visible' });
    await expect
      .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 10_000,
      })
      .toBe(240);
    await page.keyboard.press('Escape');
    await image.waitFor({ state: 'detached' });
    // Only PDF and images have a preview.
    expect(
      await docRow(page, TXT_NAME)
        .getByRole('button', { name: `Previsualizar ${TXT_NAME}` })
        .count(),
    ).toBe(0);

    const downloading = page.waitForEvent('download');
    await docRow(page, PDF_NAME)
      .getByRole('button', { name: `Descargar ${PDF_NAME}` })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(PDF_NAME);
    const saved = await readFile((await download.path())!);
    expect(sha256(saved)).toBe(sha256(files.pdf));

    await tab(page).getByRole('button', { name: 'Verificar integridad' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Verificación de integridad' });
    await dialog.getByText('Integridad verificada: 3 documentos correctos.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'documentos-verificacion');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await tab(page)
      .getByRole('button', { name: /Descargar índice/ })
      .click();
    const indicePdf = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Índice en PDF' }).click();
    const pdfIndice = await readFile((await (await indicePdf).path())!);
    expect(pdfIndice.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await tab(page)
      .getByRole('button', { name: /Descargar índice/ })
      .click();
    const indiceJson = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Índice en JSON' }).click();
    const jsonDownload = await indiceJson;
    expect(jsonDownload.suggestedFilename()).toMatch(/\.json$/);
    const indice = JSON.parse((await readFile((await jsonDownload.path())!)).toString('utf8')) as {
      entradas: { nombre: string; huella: string }[];
    };
    expect(indice.entradas.map((entrada) => entrada.nombre).sort()).toEqual([PDF_NAME, PNG_NAME, TXT_NAME].sort());
    expect(indice.entradas.find((entrada) => entrada.nombre === PNG_NAME)?.huella).toBe(sha256(files.png));

    await docRow(page, TXT_NAME)
      .getByRole('button', { name: `Anular ${TXT_NAME}` })
      .click();
    const anular = page.getByRole('dialog').filter({ hasText: 'Anular documento' });
    await anular.getByLabel('Motivo de la anulación').fill('Nota');
    await anular.locator('.ant-modal-footer').getByRole('button', { name: 'Anular' }).click();
    await anular.getByText('El motivo debe tener al menos 5 caracteres.').waitFor();
    await anular.getByLabel('Motivo de la anulación').fill('Incorporado por error: pertenece a otro expediente');
    await anular.locator('.ant-modal-footer').getByRole('button', { name: 'Anular' }).click();
    await anular.waitFor({ state: 'hidden' });
    await docRow(page, TXT_NAME).getByTestId('documento-anulado').waitFor();
    expect(await docRow(page, TXT_NAME).locator('del').count()).toBe(1);
    expect(
      await docRow(page, TXT_NAME)
        .getByRole('button', { name: `Anular ${TXT_NAME}` })
        .count(),
    ).toBe(0);
    await closeToasts(page);
    await screenshot(page, 'documentos-pestana-anulado');
    await page.context().close();
  });

  it('consulta sees the índice and may download, but has no "Subir documentos", anular nor "Verificar integridad", and no menu entry', async () => {
    expect(created, 'the previous test creates the expediente').toBeDefined();
    const { page } = await signedInPage(browser(), 'consulta', `/expedientes/ver/${created!.id}`);
    await expect.poll(() => tab(page).locator('[data-testid="documento-fila"]').count(), { timeout: 20_000 }).toBe(3);
    await tab(page).getByRole('button', { name: 'Descargar índice' }).waitFor();
    expect(await tab(page).getByRole('button', { name: 'Verificar integridad' }).count()).toBe(0);
    expect(await tab(page).getByRole('button', { name: 'Subir documentos' }).count()).toBe(0);
    expect(
      await tab(page)
        .getByRole('button', { name: /^Anular / })
        .count(),
    ).toBe(0);
    expect(
      await docRow(page, PDF_NAME)
        .getByRole('button', { name: `Descargar ${PDF_NAME}` })
        .count(),
    ).toBe(1);
    await sideMenu(page).getByText('Expedientes', { exact: true }).waitFor();
    expect(await sideMenu(page).getByText('Subir documentos').count()).toBe(0);
    await page.context().close();
  });

  it('at 1366 px every action of every row shows without scrolling sideways, names whole; at 320 px as cards', async () => {
    expect(created, 'the first test creates the expediente').toBeDefined();
    const { page } = await signedInPage(browser(), 'gestor', `/expedientes/ver/${created!.id}`);
    await page.setViewportSize({ width: 1366, height: 850 });
    const filas = tab(page).locator('[data-testid="documento-fila"]');
    await expect.poll(() => filas.count(), { timeout: 20_000 }).toBe(3);
    const tabla = tab(page).locator('.ant-table-content, .ant-table-body').first();
    const desborde = await tabla.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(desborde).toBeLessThanOrEqual(0);
    expect(await tab(page).getByRole('columnheader', { name: 'Acciones' }).count()).toBe(1);
    const acciones = tab(page).getByRole('button', { name: /^(Previsualizar|Descargar|Anular) / });
    expect(await acciones.count()).toBeGreaterThanOrEqual(6);
    for (const boton of await acciones.all()) {
      const caja = (await boton.boundingBox())!;
      expect(caja.x + caja.width, (await boton.getAttribute('aria-label')) ?? undefined).toBeLessThanOrEqual(1366);
    }
    // Each word of each name lies on one line: «Resolución nº 5.pdf», never «Resoluci ón».
    const palabrasPartidas = await tab(page).evaluate((element) =>
      Array.from(element.querySelectorAll('.documento-nombre')).flatMap((nombre) => {
        const texto =
          nombre.firstChild?.nodeType === Node.TEXT_NODE ? nombre.firstChild : nombre.firstChild?.firstChild;
        if (!texto?.textContent) return [];
        const partidas: string[] = [];
        let inicio = 0;
        for (const palabra of texto.textContent.split(' ')) {
          const range = document.createRange();
          range.setStart(texto, inicio);
          range.setEnd(texto, inicio + palabra.length);
          const lineas = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          if (lineas.size > 1) partidas.push(palabra);
          inicio += palabra.length + 1;
        }
        return partidas;
      }),
    );
    expect(palabrasPartidas).toEqual([]);
    await screenshot(page, 'documentos-tab-1366');

    await page.setViewportSize({ width: 320, height: 640 });
    await expect.poll(() => tab(page).locator('li [data-testid="documento-fila"]').count()).toBe(3);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
    for (const boton of await acciones.all()) {
      const caja = (await boton.boundingBox())!;
      expect(caja.x, (await boton.getAttribute('aria-label')) ?? undefined).toBeGreaterThanOrEqual(0);
      expect(caja.x + caja.width, (await boton.getAttribute('aria-label')) ?? undefined).toBeLessThanOrEqual(320);
    }
    await fullPageScreenshot(page, 'documentos-tab-320');
    await page.context().close();
  });
});
