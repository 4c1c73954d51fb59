import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { callApi } from '../support/api-from-page';
import { seriousAxeViolations } from '../support/axe';
import { dismissToasts, screenshot } from '../support/browser';
import { expectPath } from '../support/session';
import { chooseOption } from '../support/antd';
import { signedInPage, useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const browser = useBrowser();

const today = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
}).format(new Date());

const headerEstado = (page: Page) => page.locator('[data-estado]').first().getAttribute('data-estado');
const actions = (page: Page) => page.getByTestId('expediente-acciones');
// The footer's button: the dialog's close icon is also called "Cerrar".
const confirmButton = (dialog: Locator, name: string) =>
  dialog.locator('.ant-modal-footer').getByRole('button', { name, exact: true });

async function changeEstado(page: Page, action: string, motivo?: { label: string; text: string }) {
  await dismissToasts(page);
  await actions(page).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (motivo) await dialog.getByLabel(motivo.label, { exact: true }).fill(motivo.text);
  await confirmButton(dialog, action).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * «Sin conexión» comes from the refused request, not from the client's 30 s request timeout that
 * the person once waited through: well under it even on a loaded machine.
 */
const SIN_CONEXION_AL_MOMENTO = 10_000;

/** «Pasar a trámite» with no connection: «Sin conexión» at once, the dialog stays for the person to decide. */
async function changeEstadoOffline(page: Page) {
  await dismissToasts(page);
  await actions(page).getByRole('button', { name: 'Pasar a trámite', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await confirmButton(dialog, 'Pasar a trámite').click();
  await page
    .locator('.ant-notification-notice')
    .filter({ hasText: 'Sin conexión' })
    .waitFor({ timeout: SIN_CONEXION_AL_MOMENTO });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const ASUNTO_INICIAL = 'Licencia de obra menor en calle Mayor 12';
const ASUNTO_EDITADO = 'Licencia de obra mayor en calle Mayor 12';
const MOTIVO_REAPERTURA = 'El interesado aporta documentación nueva';
let created: { id: number; numero: string } | undefined;

describe('expedientes', () => {
  it('gestor creates, edits, moves through the life cycle and reopens; the history shows each step', async () => {
    const { page } = await signedInPage(browser(), 'gestor', '/expedientes');
    await page.getByRole('heading', { name: 'Expedientes', level: 1 }).waitFor();
    await page.getByRole('button', { name: /Nuevo expediente/ }).click();

    const dialog = page.getByRole('dialog').filter({ hasText: 'Nuevo expediente' });
    await dialog.getByRole('button', { name: 'Crear expediente' }).click();
    await dialog.getByText('Indique el asunto.').waitFor();
    await dialog.getByText('Seleccione el tipo de expediente.').waitFor();

    await dialog.getByLabel('Asunto', { exact: true }).fill(ASUNTO_INICIAL);
    await dialog
      .getByLabel('Descripción', { exact: true })
      .fill('Reforma interior de vivienda.\nSin afectar a elementos estructurales. <b>no es negrita</b>');
    await chooseOption(page, dialog.getByLabel('Tipo', { exact: true }), 'Licencia', { type: true });
    await chooseOption(page, dialog.getByLabel('Unidad responsable', { exact: true }), 'Urbanismo', { type: true });
    await dialog.getByLabel('Interesado', { exact: true }).fill('Ana Martínez Soto');
    const documento = dialog.getByLabel('Documento del interesado', { exact: true });
    await documento.fill('12345678a');
    const letraMal = 'El NIF 12345678A no es válido: la letra no corresponde al número. Revise que está bien escrito.';
    await dialog.getByText(letraMal).waitFor();
    await documento.fill('12345678z');
    expect(await documento.inputValue()).toBe('12345678Z');
    await chooseOption(page, dialog.getByLabel('Responsable', { exact: true }), 'Juan Carlos', { type: true });
    await expect.poll(() => dialog.getByText(letraMal).count()).toBe(0);
    await screenshot(page, 'expediente-formulario');

    await dialog.getByRole('button', { name: 'Crear expediente' }).click();
    await page.waitForURL(/\/expedientes\/ver\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    const numero = (await page.getByRole('heading', { level: 1, name: /^EXP-\d{4}-\d{6}$/ }).innerText()).trim();
    expect(numero).toMatch(/^EXP-\d{4}-\d{6}$/);
    created = { id, numero };
    expect(await headerEstado(page)).toBe('abierto');
    const datos = page.getByTestId('expediente-datos');
    await datos.getByText('12345678Z').waitFor();
    expect(await datos.getByText(/Reforma interior/).innerText()).toContain('<b>no es negrita</b>');
    expect(await datos.locator('b').count()).toBe(0);
    expect(await actions(page).getByRole('button').allInnerTexts()).toEqual([
      'Editar',
      'Transferir',
      'Pasar a trámite',
    ]);

    await actions(page).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog').filter({ hasText: `Editar ${numero}` });
    expect(await edit.getByLabel('Asunto', { exact: true }).inputValue()).toBe(ASUNTO_INICIAL);
    await edit.getByLabel('Asunto', { exact: true }).fill(ASUNTO_EDITADO);
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText(ASUNTO_EDITADO).first().waitFor();

    await changeEstado(page, 'Pasar a trámite');
    await expect.poll(() => headerEstado(page)).toBe('en_tramite');
    await changeEstado(page, 'Cerrar', { label: 'Motivo (opcional)', text: 'Resuelto favorablemente' });
    await expect.poll(() => headerEstado(page)).toBe('cerrado');
    expect(await actions(page).getByRole('button').allInnerTexts()).toEqual(['Reabrir', 'Archivar']);
    await datos.getByText(today).first().waitFor();

    // Reopening needs a reason: the dialog refuses to send without one.
    await actions(page).getByRole('button', { name: 'Reabrir' }).click();
    const reabrir = page.getByRole('dialog');
    await confirmButton(reabrir, 'Reabrir').click();
    await reabrir.getByText('Indique el motivo.').waitFor();
    await reabrir.getByLabel('Motivo', { exact: true }).fill(MOTIVO_REAPERTURA);
    await confirmButton(reabrir, 'Reabrir').click();
    await reabrir.waitFor({ state: 'hidden' });
    await expect.poll(() => headerEstado(page)).toBe('en_tramite');

    await page.getByRole('tab', { name: 'Historial' }).click();
    const eventos = page.getByTestId('historial-evento');
    // Closing signs the índice with the institution's seal: its own event, right after the closing.
    await expect.poll(() => eventos.count()).toBe(6);
    const kinds = await Promise.all((await eventos.all()).map((evento) => evento.getAttribute('data-evento')));
    expect(kinds).toEqual(['cambio_estado', 'indice_firmado', 'cambio_estado', 'cambio_estado', 'edicion', 'creacion']);
    const texts = await eventos.allInnerTexts();
    expect(texts[0]).toMatch(/Cerrado.*En trámite/s);
    expect(texts[0]).toContain(`Motivo: ${MOTIVO_REAPERTURA}`);
    expect(texts[1]).toContain('Firmó el índice');
    expect(texts[2]).toContain('Motivo: Resuelto favorablemente');
    expect(texts[3]).toMatch(/Abierto.*En trámite/s);
    expect(texts[4]).toContain(ASUNTO_INICIAL);
    expect(texts[4]).toContain(ASUNTO_EDITADO);
    expect(texts[4]).toMatch(/Asunto:\s*Licencia de obra menor en calle Mayor 12\s*→\s*Licencia de obra mayor/);
    expect(texts[5]).toContain(numero);
    for (const text of texts) expect(text).toContain(`Juan Carlos Pérez Ruiz · ${today}`);
    await dismissToasts(page);
    await screenshot(page, 'expediente-historial');
    await page.context().close();
  });

  it('offline, «Crear expediente» and «Pasar a trámite» say «Sin conexión» at once and are not sent by themselves later', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/expedientes', { waitForToken: true });
    await page.getByRole('heading', { name: 'Expedientes', level: 1 }).waitFor();
    const asunto = `Sin conexión ${Date.now()}`;
    await page.getByRole('button', { name: /Nuevo expediente/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Nuevo expediente' });
    await dialog.getByLabel('Asunto', { exact: true }).fill(asunto);
    await chooseOption(page, dialog.getByLabel('Tipo', { exact: true }), 'Licencia', { type: true });
    await chooseOption(page, dialog.getByLabel('Unidad responsable', { exact: true }), 'Urbanismo', { type: true });

    const contarCreados = async () =>
      (
        await callApi<{ data: { total: number } }>(
          page,
          token(),
          'GET',
          `/api/expedientes?q=${encodeURIComponent(asunto)}`,
        )
      ).body.data.total;

    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: 'Crear expediente' }).click();
    const aviso = page.locator('.ant-notification-notice').filter({ hasText: 'Sin conexión' });
    await aviso.waitFor({ timeout: SIN_CONEXION_AL_MOMENTO });
    expect(await aviso.innerText()).toContain('Compruebe la conexión');
    expect(await page.getByText('Error general').count()).toBe(0);
    // The form is still there, with what was typed, for the person to decide.
    expect(await dialog.getByLabel('Asunto', { exact: true }).inputValue()).toBe(asunto);
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Crear expediente' }).getAttribute('class'))
      .not.toContain('loading');

    await page.context().setOffline(false);
    await dismissToasts(page);
    // Back online the person tries again: exactly one expediente, none sent by itself.
    await dialog.getByRole('button', { name: 'Crear expediente' }).click();
    await page.waitForURL(/\/expedientes\/ver\/\d+$/);
    expect(await contarCreados()).toBe(1);

    // The expediente's page has drawn its actions before the connection goes.
    await actions(page).getByRole('button', { name: 'Pasar a trámite', exact: true }).waitFor();
    await page.context().setOffline(true);
    await changeEstadoOffline(page);
    await page.context().setOffline(false);
    await dismissToasts(page);
    await changeEstado(page, 'Pasar a trámite');
    await expect.poll(() => headerEstado(page)).toBe('en_tramite');
    await page.getByRole('tab', { name: 'Historial' }).click();
    const eventos = page.getByTestId('historial-evento');
    await expect.poll(() => eventos.count()).toBe(2);
    expect(await eventos.first().getAttribute('data-evento')).toBe('cambio_estado');
    expect(await contarCreados()).toBe(1);
    await page.context().close();
  });

  it('keeps the list filters in the URL across a reload, and exports them as CSV', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/expedientes');
    await page.getByRole('heading', { name: 'Expedientes', level: 1 }).waitFor();
    await page.locator('.expedientes-row').first().waitFor();

    // A few more expedientes, so the list looks like a working day.
    const tipos = await callApi<{ data: { id: number; nombre: string }[] }>(
      page,
      token(),
      'GET',
      '/api/catalogos/tipos-expediente',
    );
    // gestor opens expedientes in Urbanismo and the sections below it, the unidades it may use.
    const unidades = await callApi<{ data: { id: number; nombre: string }[] }>(
      page,
      token(),
      'GET',
      '/api/catalogos/unidades?ambito=creacion',
    );
    const idOf = (items: { id: number; nombre: string }[], nombre: string) =>
      items.find((item) => item.nombre === nombre)!.id;
    const nuevos = [
      {
        asunto: 'Licencia de apertura de local comercial en avenida de la Constitución 3',
        tipo: 'Licencia',
        unidad: 'Sección de Licencias',
        tramitar: true,
      },
      {
        asunto: 'Queja por obras sin vallar en la plaza de España',
        tipo: 'Queja o reclamación',
        unidad: 'Urbanismo',
        tramitar: false,
      },
      {
        asunto: 'Solicitud de cédula urbanística de la parcela 112',
        tipo: 'Solicitud',
        unidad: 'Urbanismo',
        tramitar: true,
      },
      {
        asunto: 'Contrato de redacción del plan parcial del sector norte',
        tipo: 'Contrato',
        unidad: 'Sección de Planeamiento',
        tramitar: false,
      },
    ];
    for (const nuevo of nuevos) {
      const response = await callApi<{ data: Expediente }>(page, token(), 'POST', '/api/expedientes', {
        asunto: nuevo.asunto,
        id_tipo: idOf(tipos.body.data, nuevo.tipo),
        id_unidad: idOf(unidades.body.data, nuevo.unidad),
        interesado_nombre: 'Vecinos del barrio centro',
      });
      expect(response.status).toBe(201);
      if (nuevo.tramitar) {
        const { id_expediente, version } = response.body.data;
        const moved = await callApi(page, token(), 'POST', `/api/expedientes/${id_expediente}/estado`, {
          estado: 'en_tramite',
          version,
        });
        expect(moved.status).toBe(200);
      }
    }
    // Other test files share this stack's database, so the expected totals come from the API.
    const totalOf = async (query: string) =>
      (await callApi<{ data: { total: number } }>(page, token(), 'GET', `/api/expedientes?${query}`)).body.data.total;
    const total = await totalOf('pageSize=10');
    const filtrados = await totalOf('q=licencia&estado=en_tramite&pageSize=10');
    expect(filtrados).toBeGreaterThanOrEqual(2);
    await page.reload();
    await page.getByText(`Total: ${total} expedientes`).waitFor();
    const row = page.locator('.expedientes-row', { hasText: created!.numero });
    expect(await row.innerText()).toContain(today);
    // At 1366 px every column shown reads whole: nothing to scroll sideways, nothing cut with «…».
    await page.setViewportSize({ width: 1366, height: 850 });
    const tabla = page.locator('.ant-table-content').first();
    await expect.poll(() => tabla.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.locator('.expedientes-row .ant-table-cell-ellipsis').count()).toBe(0);
    await screenshot(page, 'expedientes-lista');

    await page.getByLabel('Buscar expedientes').fill('licencia');
    const filtros = page.getByRole('search', { name: 'Filtros de expedientes' });
    await chooseOption(page, filtros.getByRole('combobox', { name: 'Estado', exact: true }), 'En trámite', {
      type: true,
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.toString()).toBe('q=licencia&estado=en_tramite');
    await page.getByText(`Total: ${filtrados} expedientes`).waitFor();

    await page.reload();
    await page.getByText(`Total: ${filtrados} expedientes`).waitFor();
    expect(new URL(page.url()).searchParams.toString()).toBe('q=licencia&estado=en_tramite');
    expect(await page.getByLabel('Buscar expedientes').inputValue()).toBe('licencia');
    await filtros.locator('.ant-select-selection-item', { hasText: 'En trámite' }).first().waitFor();
    const rows = await page.locator('.expedientes-row').allInnerTexts();
    expect(rows).toHaveLength(filtrados);
    for (const text of rows) {
      expect(text).toContain('En trámite');
      expect(text.toLowerCase()).toContain('licencia');
    }
    await screenshot(page, 'expedientes-filtrados');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Exportar CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(filtrados + 1);
    expect(csv).toContain(created!.numero);

    // The row opens the detail, and the back button returns to the same filtered page.
    await row.click();
    await expectPath(page, `/expedientes/ver/${created!.id}`);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.toString()).toBe('q=licencia&estado=en_tramite');
    await page.getByText(`Total: ${filtrados} expedientes`).waitFor();
    await page.context().close();
  });

  it('consulta sees no actions nor "Nuevo expediente", and the API refuses its PATCH', async () => {
    const { id, numero } = created!;
    const { page, token } = await signedInPage(browser(), 'consulta', `/expedientes/ver/${id}`);
    await page.getByRole('heading', { name: numero, level: 1 }).waitFor();
    await page.getByText(ASUNTO_EDITADO).first().waitFor();
    expect(await actions(page).count()).toBe(0);
    // The missing actions are explained, as they are to someone of another unidad.
    await page.getByTestId('expediente-solo-lectura').getByText('Puede consultarlo, pero no modificarlo.').waitFor();
    for (const name of ['Editar', 'Pasar a trámite', 'Cerrar', 'Reabrir', 'Archivar']) {
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    }

    const current = await callApi<{ data: Expediente }>(page, token(), 'GET', `/api/expedientes/${id}`);
    expect(current.status).toBe(200);
    const patch = await callApi<{ success: boolean; msg: string }>(page, token(), 'PATCH', `/api/expedientes/${id}`, {
      version: current.body.data.version,
      asunto: 'Cambio que consulta no puede hacer',
    });
    expect(patch.status).toBe(403);
    expect(patch.body.success).toBe(false);
    const estado = await callApi(page, token(), 'POST', `/api/expedientes/${id}/estado`, {
      estado: 'cerrado',
      version: current.body.data.version,
    });
    expect(estado.status).toBe(403);
    const after = await callApi<{ data: Expediente }>(page, token(), 'GET', `/api/expedientes/${id}`);
    expect(after.body.data).toMatchObject({
      asunto: ASUNTO_EDITADO,
      estado: 'en_tramite',
      version: current.body.data.version,
    });

    await page.goto(`${webUrl}/expedientes`);
    await page.locator('.expedientes-row').first().waitFor();
    expect(await page.getByRole('button', { name: /Nuevo expediente/ }).count()).toBe(0);
    await page.getByRole('button', { name: /Exportar CSV/ }).waitFor();
    await page.context().close();
  });

  it('says clearly when an expediente does not exist', async () => {
    const { page } = await signedInPage(browser(), 'gestor', '/expedientes/ver/987654');
    await page.getByText('El expediente no existe.').waitFor();
    await page.getByRole('button', { name: 'Volver a la lista de expedientes' }).click();
    await expectPath(page, '/expedientes');
    await page.context().close();
  });

  it('an edit that meets a version saved meanwhile stays open with what was typed, lists what changed and applies it', async () => {
    const { page, token } = await signedInPage(browser(), 'gestor', '/expedientes', { waitForToken: true });
    const first = async (path: string) =>
      (await callApi<{ data: { id: number }[] }>(page, token(), 'GET', path)).body.data[0]!.id;
    const creado = await callApi<{ data: Expediente }>(page, token(), 'POST', '/api/expedientes', {
      asunto: 'Licencia de vado permanente en calle Real 8',
      interesado_nombre: 'Pedro Sánchez Gil',
      id_tipo: await first('/api/catalogos/tipos-expediente'),
      id_unidad: await first('/api/catalogos/unidades?ambito=creacion'),
    });
    expect(creado.status).toBe(201);
    const { id_expediente: id, numero } = creado.body.data;
    await page.goto(`${webUrl}/expedientes/ver/${id}`);
    await page.getByRole('heading', { name: numero, level: 1 }).waitFor();
    await dismissToasts(page);

    await actions(page).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog').filter({ hasText: `Editar ${numero}` });
    const asunto = edit.getByLabel('Asunto', { exact: true });
    await asunto.fill('Licencia de vado permanente en calle Real 8, dos plazas');

    // Meanwhile, someone else saves the expediente: another asunto and another interesado.
    const leido = await callApi<{ data: Expediente }>(page, token(), 'GET', `/api/expedientes/${id}`);
    const otro = await callApi<{ data: Expediente }>(page, token(), 'PATCH', `/api/expedientes/${id}`, {
      version: leido.body.data.version,
      asunto: 'Licencia de vado en calle Real 8',
      interesado_nombre: 'Pedro Sánchez Gil y Marta Ruiz León',
    });
    expect(otro.status).toBe(200);

    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    const aviso = edit.getByTestId('conflicto-edicion');
    const aplicar = edit.getByRole('button', { name: 'Aplicar mis cambios sobre la versión nueva' });
    await aviso.getByText('Otra persona guardó una versión más reciente de este expediente.').waitFor();
    expect(await edit.getByTestId('conflicto-diferencias').locator('li').allInnerTexts()).toEqual([
      'Asunto: «Licencia de vado permanente en calle Real 8, dos plazas» → «Licencia de vado en calle Real 8»',
      'Interesado: «Pedro Sánchez Gil» → «Pedro Sánchez Gil y Marta Ruiz León»',
    ]);
    // The dialog keeps what was typed; what was not touched shows the saved value; nothing asks to reload.
    expect(await asunto.inputValue()).toBe('Licencia de vado permanente en calle Real 8, dos plazas');
    await expect
      .poll(() => edit.getByLabel('Interesado', { exact: true }).inputValue())
      .toBe('Pedro Sánchez Gil y Marta Ruiz León');
    expect(await page.locator('.ant-notification-notice').filter({ hasText: 'Recargue' }).count()).toBe(0);
    // The button pressed is gone: the focus is on the notice, and the choices follow it by Tab.
    expect(await page.evaluate('document.activeElement?.className')).toContain('conflicto-edicion');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 850 });
    await screenshot(page, 'expediente-conflicto-edicion', { fullPage: false });
    await page.setViewportSize({ width: 320, height: 640 });
    await aviso.scrollIntoViewIfNeeded();
    await screenshot(page, 'expediente-conflicto-edicion-320', { fullPage: false });
    await aplicar.scrollIntoViewIfNeeded();
    await screenshot(page, 'expediente-conflicto-edicion-320-botones', { fullPage: false });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 850 });

    await aplicar.click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText('Licencia de vado permanente en calle Real 8, dos plazas', { exact: true }).first().waitFor();
    const guardado = await callApi<{ data: Expediente }>(page, token(), 'GET', `/api/expedientes/${id}`);
    expect(guardado.body.data).toMatchObject({
      asunto: 'Licencia de vado permanente en calle Real 8, dos plazas',
      interesado_nombre: 'Pedro Sánchez Gil y Marta Ruiz León',
      version: leido.body.data.version + 2,
    });
    await page.context().close();
  });
});
