import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { callApi, crearExpediente } from '../support/api-from-page';
import { chooseOption, openedDialog } from '../support/antd';
import { dismissToasts, screenshotsAtBothWidths } from '../support/browser';
import { signedInPage, useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const browser = useBrowser();

async function crearLicencia(page: Page, token: string, asunto: string): Promise<Expediente> {
  const tipos = await callApi<{ data: { id: number; nombre: string }[] }>(
    page,
    token,
    'GET',
    '/api/catalogos/tipos-expediente',
  );
  return crearExpediente(page, token, asunto, tipos.body.data.find((tipo) => tipo.nombre === 'Licencia')!.id);
}

const tarjeta = (page: Page) => page.getByTestId('expediente-plazo');

describe('plazos de resolución', () => {
  it('the administrator gives «Licencia» a plazo and keeps the calendario laboral', async () => {
    const { page } = await signedInPage(browser(), 'admin', '/administracion/catalogos');
    await page.getByRole('button', { name: 'Plazo de «Licencia»' }).click();
    const dialog = await openedDialog(page, 'Plazo de resolución de «Licencia»');
    await dialog.getByLabel('Sí').check();
    await dialog.getByLabel('días hábiles').check();
    await dialog.getByLabel('Cantidad').fill('10');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const fila = page.locator('[data-testid="entrada-fila"][data-nombre="Licencia"]');
    await fila.getByText('10 días hábiles').waitFor();
    await screenshotsAtBothWidths(page, 'plazos', 'catalogos');

    await page.goto(`${webUrl}/administracion/calendario`);
    await page.getByRole('heading', { name: 'Calendario laboral', level: 1 }).waitFor();
    const anio = new Date().getFullYear();
    await page.getByRole('button', { name: `Año anterior (${anio - 1})` }).click();
    await page.getByRole('heading', { name: `Festivos de ${anio - 1}` }).waitFor();
    await page.getByRole('button', { name: `Año siguiente (${anio})` }).click();
    const form = page.locator('form[id="nuevo-festivo"]');
    const fecha = `${anio}-12-07`;
    await form.getByLabel('Fecha').fill(`07/12/${anio}`);
    await form.getByLabel('Fecha').press('Enter');
    await form.getByLabel('Nombre').fill('Fiesta local de prueba');
    await chooseOption(page, form.getByLabel('Ámbito'), 'Local');
    await form.getByRole('button', { name: 'Añadir festivo' }).click();
    await page
      .locator(`[data-testid="festivo-fila"][data-fecha="${fecha}"]`)
      .getByText('Fiesta local de prueba')
      .waitFor();
    await screenshotsAtBothWidths(page, 'plazos', 'calendario');
    await page.context().close();
  });

  it('an expediente shows its due date; moving the start makes it overdue; the list filters and shows it', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const expediente = await crearLicencia(page, token(), 'Licencia de apertura con plazo que vence');
    expect(expediente.plazo?.estado).toBe('en_plazo');

    await page.goto(`${webUrl}/expedientes/ver/${expediente.id_expediente}`);
    await tarjeta(page).getByTestId('plazo-restantes').getByText('Quedan 10 días hábiles.').waitFor();

    await tarjeta(page).getByRole('button', { name: 'Cambiar inicio' }).click();
    const dialog = await openedDialog(page, 'Cambiar el inicio del cómputo');
    const inicio = dialog.getByLabel('Inicio del cómputo');
    await inicio.click();
    await inicio.fill('03/03/2025');
    await inicio.press('Enter');
    await dialog.getByLabel('Motivo').fill('La solicitud entró en el registro el 03/03/2025');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await tarjeta(page).locator('[data-vence="2025-03-17"]').getByText('Vencido').waitFor();
    await tarjeta(page)
      .getByText(/^Vencido hace \d+ días hábiles\.$/)
      .waitFor();
    await screenshotsAtBothWidths(page, 'plazos', 'expediente-vencido');

    await dismissToasts(page);
    await page.goto(`${webUrl}/expedientes`);
    await chooseOption(page, page.getByRole('combobox', { name: 'Plazo' }), 'Vencidos');
    await expect.poll(() => new URL(page.url()).searchParams.get('plazo')).toBe('vencido');
    const fila = page.locator('.expedientes-row', { hasText: expediente.numero });
    await fila.locator('[data-vence="2025-03-17"]').getByText('Vencido').waitFor();
    // The row is in the unfiltered list too: the filtered answer is the one that leaves it alone.
    await expect.poll(() => page.locator('.expedientes-row').count(), { timeout: 30_000 }).toBe(1);
    await screenshotsAtBothWidths(page, 'plazos', 'lista-vencidos');

    await page.goto(`${webUrl}/`);
    const inicioPlazos = page.getByTestId('inicio-plazos');
    await inicioPlazos.getByTestId('plazo-proximo').filter({ hasText: expediente.numero }).waitFor();
    await screenshotsAtBothWidths(page, 'plazos', 'inicio');
    await inicioPlazos.getByTestId('plazos-vencido').click();
    await page.locator('.expedientes-row', { hasText: expediente.numero }).waitFor();
    await page.context().close();
  });

  it('suspension stops the count with a motivo, shows in the historial and the list, and resumes', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const expediente = await crearLicencia(page, token(), 'Licencia de obra pendiente de subsanación');
    await page.goto(`${webUrl}/expedientes/ver/${expediente.id_expediente}`);

    await tarjeta(page).getByRole('button', { name: 'Suspender plazo' }).click();
    const suspender = await openedDialog(page, 'Suspender el plazo');
    await suspender.getByRole('button', { name: 'Suspender' }).click();
    await suspender.getByText('Indique el motivo.').waitFor();
    await suspender.getByLabel('Motivo').fill('Requerimiento de subsanación al interesado');
    await suspender.getByRole('button', { name: 'Suspender' }).click();
    await suspender.waitFor({ state: 'hidden' });
    await tarjeta(page).getByText('Suspendido: quedaban 10 días hábiles.').waitFor();
    await tarjeta(page)
      .getByText(/Requerimiento de subsanación al interesado/)
      .waitFor();
    await page.getByRole('tab', { name: 'Historial' }).click();
    await page.getByText('Suspendió el plazo de resolución; quedaban 10 días hábiles.').waitFor();
    await screenshotsAtBothWidths(page, 'plazos', 'expediente-suspendido');

    await page.goto(`${webUrl}/expedientes?plazo=suspendido`);
    await page
      .locator('.expedientes-row', { hasText: expediente.numero })
      .locator('[data-estado-plazo="suspendido"]')
      .waitFor();

    await page.goto(`${webUrl}/expedientes/ver/${expediente.id_expediente}`);
    await tarjeta(page).getByRole('button', { name: 'Reanudar plazo' }).click();
    const reanudar = await openedDialog(page, 'Reanudar el plazo');
    await reanudar.getByLabel('Motivo').fill('El interesado aportó la documentación');
    await reanudar.getByRole('button', { name: 'Reanudar' }).click();
    await reanudar.waitFor({ state: 'hidden' });
    await tarjeta(page).getByText('Quedan 10 días hábiles.').waitFor();
    await tarjeta(page).getByRole('button', { name: 'Suspender plazo' }).waitFor();
    await page.context().close();
  });

  it('a person who may only read sees the plazo without the buttons to change it', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/', { waitForToken: true });
    const expediente = await crearLicencia(page, token(), 'Licencia de actividad consultada');
    await page.context().close();
    const consulta = await signedInPage(browser(), 'consulta', `/expedientes/ver/${expediente.id_expediente}`);
    await tarjeta(consulta.page).getByText('Quedan 10 días hábiles.').waitFor();
    expect(await tarjeta(consulta.page).getByRole('button').count()).toBe(0);
    await consulta.page.context().close();
  });
});
