import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Expediente, UnidadCatalogo } from '@ecodigital/contracts/expedientes';
import { callApi } from '../support/api-from-page';
import { chooseOption, openedDialog } from '../support/antd';
import { seriousAxeViolations } from '../support/axe';
import { dismissToasts, screenshot, settle } from '../support/browser';
import { expectPath, sideMenu } from '../support/session';
import { signedInPage, useBrowser } from '../support/signed-in';

const webUrl = inject('webUrl');
const browser = useBrowser();

/** The new unidad of the first test: below Hacienda, so nobody belongs to it yet. */
const PATRIMONIO = { codigo: 'LA0019901', nombre: 'Oficina de Patrimonio' };

/** The whole page from its top: a full-page capture of a scrolled page draws the sticky header mid-page. */
async function capture(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

async function expectAxeClean(page: Page): Promise<void> {
  await settle(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The numbers of the rows the expedientes list shows. */
async function numerosDeLaLista(page: Page): Promise<string[]> {
  const rows = await page.locator('.expedientes-row').allInnerTexts();
  return rows.map((row) => /EXP-\d{4}-\d{6}/.exec(row)?.[0] ?? row).sort();
}

async function unidadesDe(page: Page, token: string, ambito = ''): Promise<UnidadCatalogo[]> {
  const path = `/api/catalogos/unidades${ambito ? `?ambito=${ambito}` : ''}`;
  return (await callApi<{ data: UnidadCatalogo[] }>(page, token, 'GET', path)).body.data;
}

/** Without a responsable: who sees it is decided by its unidad and the grants alone. */
async function crearExpediente(page: Page, token: string, asunto: string, id_unidad: number): Promise<Expediente> {
  const tipos = await callApi<{ data: { id: number }[] }>(page, token, 'GET', '/api/catalogos/tipos-expediente');
  const response = await callApi<{ data: Expediente }>(page, token, 'POST', '/api/expedientes', {
    asunto,
    id_tipo: tipos.body.data[0]!.id,
    id_unidad,
    interesado_nombre: 'Comunidad de regantes del Guadiamar',
    id_responsable: null,
  });
  expect(response.status).toBe(201);
  return response.body.data;
}

/** Puts consulta back in Urbanismo alone, where the demo organisation has it. */
async function devolverAConsultaAUrbanismo(page: Page, token: string): Promise<void> {
  const personas = await callApi<{ data: { items: { id_usuario: number; username: string }[] } }>(
    page,
    token,
    'GET',
    '/api/admin/usuarios?q=consulta',
  );
  const consulta = personas.body.data.items.find((persona) => persona.username === 'consulta')!;
  const urbanismo = (await unidadesDe(page, token)).find((unidad) => unidad.nombre === 'Urbanismo')!;
  const respuesta = await callApi(page, token, 'PUT', `/api/admin/usuarios/${consulta.id_usuario}/unidades`, {
    unidades: [urbanismo.id],
  });
  expect(respuesta.status).toBe(200);
}

describe('organisation and access', () => {
  it('admin creates a unidad and moves consulta into it; consulta signs in again and sees exactly its expedientes', async () => {
    const { page, token } = await signedInPage(browser(), 'admin', '/administracion', { waitForToken: true });
    // Other suites share this stack and expect consulta in Urbanismo: it goes back there at the end.
    try {
      // The overview lists every section an administrator may use, and the menu shows them under Administración.
      await page.getByRole('heading', { name: 'Administración', level: 1 }).waitFor();
      expect(await page.getByTestId('admin-seccion').allInnerTexts()).toEqual([
        expect.stringContaining('Unidades'),
        expect.stringContaining('Personas'),
        expect.stringContaining('Roles y permisos'),
        expect.stringContaining('Catálogos'),
        expect.stringContaining('Calendario laboral'),
        expect.stringContaining('Auditoría'),
        expect.stringContaining('Índice de búsqueda'),
        expect.stringContaining('Colas de trabajos'),
        expect.stringContaining('Integridad de los documentos'),
        expect.stringContaining('Cuadro de clasificación'),
        expect.stringContaining('Eliminación'),
      ]);
      for (const name of ['Unidades', 'Personas', 'Roles y permisos', 'Catálogos', 'Auditoría']) {
        await sideMenu(page).getByRole('link', { name, exact: true }).waitFor();
      }
      await expectAxeClean(page);
      await capture(page, 'administracion');

      // Expedientes before the move: one in Urbanismo (consulta's unidad today), one in Hacienda.
      const unidades = await unidadesDe(page, token());
      const idDe = (nombre: string) => unidades.find((unidad) => unidad.nombre === nombre)!.id;
      const deUrbanismo = await crearExpediente(page, token(), 'Licencia de vado en calle Real 4', idDe('Urbanismo'));
      const deHacienda = await crearExpediente(page, token(), 'Fraccionamiento de deuda tributaria', idDe('Hacienda'));

      // consulta sees Urbanismo's expediente, not Hacienda's.
      const antes = await signedInPage(browser(), 'consulta', `/expedientes/ver/${deUrbanismo.id_expediente}`);
      await antes.page.getByRole('heading', { name: deUrbanismo.numero, level: 1 }).waitFor();
      await antes.page.goto(`${webUrl}/expedientes/ver/${deHacienda.id_expediente}`);
      await antes.page.getByText('El expediente no existe.').waitFor();
      await antes.page.context().close();

      // Unidades: the tree; a new unidad inside Hacienda.
      await page
        .getByTestId('admin-seccion')
        .filter({ has: page.getByText('Unidades', { exact: true }) })
        .click();
      await expectPath(page, '/administracion/unidades');
      const fila = (codigo: string) => page.locator(`[data-testid="unidad-fila"][data-codigo="${codigo}"]`);
      await fila('LA0019009').waitFor();
      await page.getByRole('button', { name: 'Añadir una unidad dentro de «Hacienda»' }).click();
      const nueva = page.getByRole('dialog').filter({ hasText: 'Nueva unidad' });
      await nueva.getByLabel('Nombre', { exact: true }).fill(PATRIMONIO.nombre);
      await nueva.getByLabel('Código', { exact: true }).fill(PATRIMONIO.codigo.toLowerCase());
      await nueva.getByRole('button', { name: 'Crear unidad' }).click();
      await nueva.waitFor({ state: 'hidden' });
      await fila(PATRIMONIO.codigo).waitFor();
      expect(await fila(PATRIMONIO.codigo).getAttribute('class')).toContain('ant-table-row-level-2');
      await dismissToasts(page);
      await expectAxeClean(page);
      await capture(page, 'administracion-unidades');

      const patrimonio = (await unidadesDe(page, token())).find((unidad) => unidad.codigo === PATRIMONIO.codigo)!;
      expect(patrimonio.ruta).toBe(`Hacienda › ${PATRIMONIO.nombre}`);
      const suyos = [
        await crearExpediente(page, token(), 'Inventario de bienes inmuebles municipales', patrimonio.id),
        await crearExpediente(page, token(), 'Cesión de uso del antiguo matadero', patrimonio.id),
      ];

      // Personas: consulta leaves Urbanismo for the new unidad.
      await sideMenu(page).getByRole('link', { name: 'Personas', exact: true }).click();
      await expectPath(page, '/administracion/personas');
      await page.getByLabel('Buscar personas').fill('Lucía');
      await page.getByLabel('Buscar personas').press('Enter');
      const lucia = page.locator('[data-testid="persona-fila"][data-username="consulta"]');
      await expect.poll(() => page.locator('[data-testid="persona-fila"]').count()).toBe(1);
      await lucia.waitFor();
      expect(await lucia.innerText()).toContain('Urbanismo');
      await page.getByLabel('Buscar personas').fill('');
      await page.locator('[data-testid="persona-fila"][data-username="tesorera"]').waitFor();
      await expectAxeClean(page);
      await capture(page, 'administracion-personas');

      await page.getByLabel('Buscar personas').fill('Lucía');
      await page.getByLabel('Buscar personas').press('Enter');
      await page.getByRole('button', { name: 'Cambiar unidades de Lucía Fernández Díaz' }).click();
      const dialogo = page.getByRole('dialog').filter({ hasText: 'Unidades de Lucía Fernández Díaz' });
      await dialogo.locator('.ant-select-selection-item', { hasText: 'Urbanismo' }).waitFor();
      await dialogo.getByRole('button', { name: 'Guardar unidades' }).waitFor();
      await dialogo.locator('.ant-select-selection-item-remove').first().click();
      await chooseOption(page, dialogo.getByRole('combobox', { name: 'Unidades' }), PATRIMONIO.nombre, { type: true });
      await page.keyboard.press('Escape');
      await expectAxeClean(page);
      await capture(page, 'administracion-personas-unidades');
      await dialogo.getByRole('button', { name: 'Guardar unidades' }).click();
      await dialogo.waitFor({ state: 'hidden' });
      await expect.poll(() => lucia.innerText()).toContain(PATRIMONIO.nombre);
      expect(await lucia.innerText()).not.toContain('Urbanismo');

      // consulta signs in again: exactly the new unidad's expedientes.
      const despues = await signedInPage(browser(), 'consulta', '/expedientes');
      await despues.page.getByText('Total: 2 expedientes').waitFor();
      expect(await numerosDeLaLista(despues.page)).toEqual(suyos.map((expediente) => expediente.numero).sort());
      await despues.page.goto(`${webUrl}/expedientes/ver/${deUrbanismo.id_expediente}`);
      await despues.page.getByText('El expediente no existe.').waitFor();
      await despues.page.context().close();

      // The auditoría has every change, newest first, with before and after.
      await sideMenu(page).getByRole('link', { name: 'Auditoría', exact: true }).click();
      await expectPath(page, '/administracion/auditoria');
      const registros = page.getByTestId('auditoria-fila');
      await expect.poll(() => registros.count()).toBeGreaterThanOrEqual(2);
      expect(await registros.nth(0).innerText()).toContain('Unidades de Lucía Fernández Díaz');
      expect(await registros.nth(1).innerText()).toContain(`Creó la unidad «${PATRIMONIO.nombre}»`);
      await registros
        .nth(0)
        .getByRole('button', { name: /Expandir/ })
        .click();
      await page.getByText('Después').first().waitFor();
      await dismissToasts(page);
      await expectAxeClean(page);
      await capture(page, 'administracion-auditoria');
    } finally {
      await devolverAConsultaAUrbanismo(page, token());
      await page.context().close();
    }
  });

  it('roles and catalogues: a matrix of checkboxes with the fixed permiso locked; entries in use kept', async () => {
    const { page } = await signedInPage(browser(), 'admin', '/administracion/roles');
    const fijo = page.getByRole('checkbox', { name: 'administrador: Administrar los permisos de cada rol (fijo)' });
    await fijo.waitFor({ state: 'attached' });
    expect(await fijo.isChecked()).toBe(true);
    expect(await fijo.isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'consulta: Ver expedientes' }).isChecked()).toBe(true);
    await expectAxeClean(page);
    await capture(page, 'administracion-roles');

    await sideMenu(page).getByRole('link', { name: 'Catálogos', exact: true }).click();
    await expectPath(page, '/administracion/catalogos');
    const tiposDocumentales = page.getByTestId('catalogo-tipos-documentales');
    await tiposDocumentales.getByTestId('entrada-fila').first().waitFor();
    await page.getByTestId('catalogo-tipos').getByTestId('entrada-fila').first().waitFor();

    // A new tipo documental, appended last, then deactivated after confirming: kept, no longer offered.
    await tiposDocumentales.getByRole('button', { name: 'Añadir a tipos documentales' }).click();
    const anadir = page.getByRole('dialog').filter({ hasText: 'Añadir a tipos documentales' });
    await anadir.getByLabel('Nombre', { exact: true }).fill('Acta de inspección');
    await anadir.getByRole('button', { name: 'Añadir' }).click();
    await anadir.waitFor({ state: 'hidden' });
    const acta = tiposDocumentales.locator('[data-testid="entrada-fila"][data-nombre="Acta de inspección"]');
    await acta.waitFor();
    await acta.getByRole('button', { name: 'Desactivar «Acta de inspección»' }).click();
    const confirmar = page.getByRole('dialog').filter({ hasText: '¿Desactivar «Acta de inspección»?' });
    await confirmar.getByRole('button', { name: 'Desactivar' }).click();
    await acta.getByRole('button', { name: 'Activar «Acta de inspección»', exact: true }).waitFor();
    expect(await acta.innerText()).toContain('Desactivado');
    await dismissToasts(page);
    await expectAxeClean(page);
    await capture(page, 'administracion-catalogos');
    await page.context().close();
  });

  it('gestor grants tesorera read access to one expediente; she sees it and only it from Urbanismo; then it is revoked', async () => {
    const gestor = await signedInPage(browser(), 'gestor', '/administracion/unidades', { waitForToken: true });
    // No administration for gestor: not in the menu, and the address answers «Sin permiso».
    await gestor.page.getByText('Sin permiso').waitFor();
    expect(await sideMenu(gestor.page).getByText('Administración').count()).toBe(0);
    const [urbanismo] = await unidadesDe(gestor.page, gestor.token(), 'creacion');
    expect(urbanismo!.nombre).toBe('Urbanismo');
    const concedido = await crearExpediente(
      gestor.page,
      gestor.token(),
      'Proyecto de reparcelación del sector 4',
      urbanismo!.id,
    );
    const otro = await crearExpediente(gestor.page, gestor.token(), 'Licencia de primera ocupación', urbanismo!.id);

    // Before: tesorera sees nothing of Urbanismo.
    const tesorera = await signedInPage(browser(), 'tesorera', `/expedientes?unidad=${urbanismo!.id}`);
    await tesorera.page.getByText('No hay expedientes que coincidan con los filtros.').waitFor();

    // gestor grants from the Accesos tab.
    await gestor.page.goto(`${webUrl}/expedientes/ver/${concedido.id_expediente}`);
    await gestor.page.getByTestId('expediente-unidad').filter({ hasText: 'Urbanismo' }).waitFor();
    await gestor.page.getByRole('tab', { name: 'Accesos' }).click();
    const tab = gestor.page.getByTestId('accesos-tab');
    await tab.getByText('No se ha concedido ningún acceso a este expediente.').waitFor();
    await tab.getByRole('button', { name: /Conceder acceso/ }).click();
    const conceder = gestor.page.getByRole('dialog').filter({ hasText: `Conceder acceso a ${concedido.numero}` });
    await conceder.getByRole('button', { name: 'Conceder acceso' }).click();
    await conceder.getByText('Seleccione la persona.').waitFor();
    await chooseOption(gestor.page, conceder.getByRole('combobox', { name: 'Persona' }), 'Ana Belén Romero Gil', {
      type: true,
    });
    await conceder.getByLabel('Motivo', { exact: true }).fill('Revisión de las tasas urbanísticas liquidadas');
    await conceder.getByRole('button', { name: 'Conceder acceso' }).click();
    // How long it lasts is a choice, never a default.
    await conceder.getByText('Indique hasta cuándo dura el acceso.').waitFor();
    await conceder.getByLabel('Sin fecha límite (hasta que se revoque)').check();
    await conceder.getByRole('button', { name: 'Conceder acceso' }).click();
    await conceder.waitFor({ state: 'hidden' });
    const vigente = tab.locator('[data-testid="acceso-fila"][data-estado="vigente"]');
    await vigente.waitFor();
    expect(await vigente.innerText()).toContain('Ana Belén Romero Gil');
    expect(await tab.getByTestId('accesos-razones').innerText()).toContain('Ana Belén Romero Gil');
    await dismissToasts(gestor.page);
    await expectAxeClean(gestor.page);
    await capture(gestor.page, 'expediente-accesos');

    // tesorera: that expediente, and no other of Urbanismo; read only.
    await tesorera.page.reload();
    await tesorera.page.getByText('Total: 1 expediente', { exact: true }).waitFor();
    expect(await numerosDeLaLista(tesorera.page)).toEqual([concedido.numero]);
    await tesorera.page.goto(`${webUrl}/expedientes/ver/${concedido.id_expediente}`);
    await tesorera.page.getByRole('heading', { name: concedido.numero, level: 1 }).waitFor();
    await tesorera.page.getByTestId('expediente-solo-lectura').waitFor();
    expect(await tesorera.page.getByTestId('expediente-acciones').count()).toBe(0);
    // A reader does not see the grants and their motivos: the tab says why.
    await tesorera.page.getByRole('tab', { name: 'Accesos' }).click();
    await tesorera.page.getByTestId('accesos-solo-gestion').waitFor();
    expect(await tesorera.page.getByText('Revisión de las tasas urbanísticas liquidadas').count()).toBe(0);
    expect(await tesorera.page.getByRole('button', { name: /Conceder acceso|Revocar/ }).count()).toBe(0);
    await tesorera.page.goto(`${webUrl}/expedientes/ver/${otro.id_expediente}`);
    await tesorera.page.getByText('El expediente no existe.').waitFor();

    // gestor revokes, after confirming.
    await tab.getByRole('button', { name: 'Revocar el acceso de Ana Belén Romero Gil' }).click();
    const confirmar = gestor.page
      .getByRole('dialog')
      .filter({ hasText: '¿Revocar el acceso de Ana Belén Romero Gil?' });
    await confirmar.getByRole('button', { name: 'Revocar' }).click();
    await tab.locator('[data-testid="acceso-fila"][data-estado="revocado"]').waitFor();
    expect(await tab.locator('[data-testid="acceso-fila"][data-estado="vigente"]').count()).toBe(0);
    await gestor.page.getByRole('tab', { name: 'Historial' }).click();
    const eventos = gestor.page.getByTestId('historial-evento');
    await expect
      .poll(async () => Promise.all((await eventos.all()).map((evento) => evento.getAttribute('data-evento'))))
      .toEqual(['acceso_revocado', 'acceso_concedido', 'creacion']);

    // tesorera has lost it.
    await tesorera.page.goto(`${webUrl}/expedientes?unidad=${urbanismo!.id}`);
    await tesorera.page.getByText('No hay expedientes que coincidan con los filtros.').waitFor();
    await tesorera.page.goto(`${webUrl}/expedientes/ver/${concedido.id_expediente}`);
    await tesorera.page.getByText('El expediente no existe.').waitFor();
    await tesorera.page.context().close();

    // A transfer out of the gestor's unidad takes it out of their sight: back to the list, told why.
    await gestor.page.goto(`${webUrl}/expedientes/ver/${otro.id_expediente}`);
    await gestor.page.getByRole('heading', { name: otro.numero, level: 1 }).waitFor();
    await gestor.page.getByTestId('expediente-acciones').getByRole('button', { name: 'Transferir' }).click();
    // Chosen only once the dialog stands still: a choice made while it zooms in can be lost.
    const transferir = await openedDialog(gestor.page, `Transferir ${otro.numero}`);
    await chooseOption(gestor.page, transferir.getByRole('combobox', { name: 'Unidad de destino' }), 'Tesorería', {
      type: true,
    });
    // Who answers for it there is asked among the people of Tesorería (none is named: it goes without one).
    await transferir.getByText('Una persona de la unidad de destino o de una superior.').waitFor();
    await transferir.getByLabel('Motivo', { exact: true }).fill('La tramita la Tesorería');
    await transferir.getByRole('button', { name: 'Transferir' }).click();
    await expectPath(gestor.page, '/expedientes');
    await gestor.page.getByText(`${otro.numero} pertenece ahora a «Tesorería» y ya no puede verlo.`).waitFor();
    await gestor.page.context().close();
  });
});

describe('organisation screens at 320 px wide', () => {
  /** The page itself never scrolls sideways: wide tables scroll inside their own container. */
  async function expectReflow(page: Page, name: string): Promise<void> {
    await settle(page);
    const ancho = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    await capture(page, `${name}-320`);
    expect(ancho, `${name}: ancho de la página`).toBeLessThanOrEqual(320);
  }

  it('administration screens and the Accesos tab reflow', async () => {
    const { page, token } = await signedInPage(browser(), 'admin', '/administracion', { waitForToken: true });
    await page.setViewportSize({ width: 320, height: 720 });
    await page.getByTestId('admin-seccion').first().waitFor();
    await expectReflow(page, 'administracion');

    await page.goto(`${webUrl}/administracion/unidades`);
    await page.locator('[data-testid="unidad-fila"]').first().waitFor();
    await expectReflow(page, 'administracion-unidades');
    // The root's long name wraps beside its toggle, not below it (where it would lose the indentation).
    const raiz = page.locator('[data-testid="unidad-fila"]').first();
    const conmutador = (await raiz.locator('.ant-table-row-expand-icon').boundingBox())!;
    const nombre = (await raiz.getByText('Ayuntamiento de Villaverde del Río').boundingBox())!;
    expect(nombre.height, 'el nombre ocupa más de una línea').toBeGreaterThan(conmutador.height * 1.5);
    expect(nombre.x).toBeGreaterThanOrEqual(conmutador.x + conmutador.width);

    await page.goto(`${webUrl}/administracion/personas`);
    await page.locator('[data-testid="persona-fila"]').first().waitFor();
    await expectReflow(page, 'administracion-personas');

    await page.goto(`${webUrl}/administracion/roles`);
    await page.locator('[data-testid="permiso-fila"]').first().waitFor();
    await expectReflow(page, 'administracion-roles');

    await page.goto(`${webUrl}/administracion/catalogos`);
    await page.locator('[data-testid="entrada-fila"]').first().waitFor();
    await expectReflow(page, 'administracion-catalogos');

    await page.goto(`${webUrl}/administracion/auditoria`);
    await page.locator('[data-testid="auditoria-fila"]').first().waitFor();
    await expectReflow(page, 'administracion-auditoria');

    const [unidad] = await unidadesDe(page, token());
    const expediente = await crearExpediente(page, token(), 'Convenio de colaboración con la diputación', unidad!.id);
    await page.goto(`${webUrl}/expedientes/ver/${expediente.id_expediente}`);
    await page.getByRole('tab', { name: 'Accesos' }).click();
    await page.getByTestId('accesos-tab').waitFor();
    await expectReflow(page, 'expediente-accesos');
    await page.context().close();
  });
});
