import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { pdfEscaneado } from '@ecodigital/api/modules/documentos/texto/testing/archivos-con-texto';
import { callApi } from '../support/api-from-page';
import { screenshot as fullPageScreenshot } from '../support/browser';
import { chooseOption } from '../support/antd';
import { DEMO_USERS } from '../support/session';
import { signedInPage, useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const browser = useBrowser();

/** A word that appears only inside the image of the scanned page. */
const PALABRA = 'Zarzuela';
const FRASE = `Resolución: se concede a la señora Muñoz la licencia del quiosco ${PALABRA} en la calle Mayor.`;
const NOMBRE = 'escaneo de la resolución.pdf';

async function goto(page: Page, path: string) {
  await page.goto(`${webUrl}${path}`);
  await page
    .getByTestId('sider-nombres')
    .filter({ hasText: DEMO_USERS.gestor.nombres })
    .first()
    .waitFor({ timeout: 30_000 });
}

async function screenshot(page: Page, name: string) {
  const height = await page.evaluate('document.documentElement.scrollHeight');
  await page.setViewportSize({ width: 1366, height: Math.max(800, Number(height)) });
  await fullPageScreenshot(page, name);
  await page.setViewportSize({ width: 1366, height: 800 });
}

describe('search inside documents', () => {
  it('a scanned PDF is read by OCR in the background, found by a word of its image, and opened from the result', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/expedientes');
    await page.getByRole('heading', { name: 'Expedientes', level: 1 }).waitFor();
    const tipos = await callApi<{ data: { id: number }[] }>(page, token(), 'GET', '/api/catalogos/tipos-expediente');
    const unidades = await callApi<{ data: { id: number }[] }>(
      page,
      token(),
      'GET',
      '/api/catalogos/unidades?ambito=creacion',
    );
    const creado = await callApi<{ data: Expediente }>(page, token(), 'POST', '/api/expedientes', {
      asunto: 'Quioscos de prensa en la vía pública',
      id_tipo: tipos.body.data[0]!.id,
      id_unidad: unidades.body.data[0]!.id,
    });
    expect(creado.status).toBe(201);
    const expediente = creado.body.data;

    await goto(page, `/subir-documentos?expediente=${expediente.id_expediente}`);
    await page
      .locator('.ant-upload input[type="file"]')
      .setInputFiles([{ name: NOMBRE, mimeType: 'application/pdf', buffer: await pdfEscaneado([FRASE]) }]);
    await chooseOption(page, page.getByRole('combobox', { name: `Tipo documental de ${NOMBRE}` }), 'Resolución');
    await page.getByRole('button', { name: 'Subir 1 documento' }).click();
    await expect
      .poll(() => page.locator('[data-testid="subida-resultado"]').getAttribute('data-resultado'), { timeout: 30_000 })
      .toBe('subido');

    // The Documentos tab: pending first, then indexed with its thumbnail (the list polls by itself).
    await goto(page, `/expedientes/ver/${expediente.id_expediente}`);
    await page.getByRole('tab', { name: /Documentos/ }).click();
    const fila = page.locator('[data-testid="documento-fila"]', { hasText: NOMBRE });
    await expect
      .poll(() => fila.getByTestId('estado-texto').getAttribute('data-estado'), { timeout: 90_000 })
      .toBe('indexado');
    await fila.getByRole('img', { name: `Miniatura de ${NOMBRE}` }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() =>
        fila.getByRole('img', { name: `Miniatura de ${NOMBRE}` }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'busqueda-documentos-miniaturas');

    // The list's search box says documents hold the word too, and leads to «Buscar en documentos».
    await goto(page, `/expedientes?q=${PALABRA.toLowerCase()}`);
    const coincidencias = page.getByTestId('coincidencias-documentos');
    await coincidencias.waitFor({ timeout: 15_000 });
    expect(await coincidencias.innerText()).toMatch(/1 documento contiene «zarzuela»/);
    await coincidencias.getByRole('link', { name: 'Ver los documentos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Buscar en documentos' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(PALABRA.toLowerCase());

    const resultados = page.getByTestId('resultados-contenido');
    const resultado = resultados.getByTestId('resultado-contenido').filter({ hasText: NOMBRE });
    await resultado.waitFor({ timeout: 15_000 });
    expect(await resultado.innerText()).toContain(expediente.numero);
    const marcadas = await resultado.locator('mark').allInnerTexts();
    expect(marcadas.map((texto) => texto.toLowerCase())).toContain(PALABRA.toLowerCase());
    await resultado.getByRole('img', { name: `Miniatura de ${NOMBRE}` }).waitFor();
    await screenshot(page, 'busqueda-resultados-con-fragmentos');

    // Filters: another tipo documental leaves nothing; its own tipo finds it again.
    await chooseOption(page, page.getByRole('combobox', { name: 'Tipo documental' }), 'Informe');
    await resultados.getByText('Ningún documento contiene esas palabras con estos filtros.').waitFor();
    expect(new URL(page.url()).searchParams.get('tipo')).not.toBeNull();
    await chooseOption(page, page.getByRole('combobox', { name: 'Tipo documental' }), 'Resolución');
    await resultado.waitFor();

    // Pressing Buscar again with the same words asks the server again.
    const otraVez = page.waitForResponse((response) => response.url().includes('/api/documentos/buscar'));
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    expect((await otraVez).status()).toBe(200);

    await page.setViewportSize({ width: 320, height: 800 });
    await resultado.waitFor();
    // The narrow layout follows the breakpoint a render after the resize.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await fullPageScreenshot(page, 'busqueda-documentos-320');
    await page.setViewportSize({ width: 1366, height: 800 });

    await resultado.getByRole('button', { name: new RegExp(NOMBRE) }).click();
    await page.getByTestId('vista-previa-pdf').waitFor({ timeout: 15_000 });
    await page.getByRole('dialog').getByText(NOMBRE).first().waitFor();
    await fullPageScreenshot(page, 'busqueda-vista-previa');
  });
});
