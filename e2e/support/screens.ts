import type { Locator, Page } from 'playwright-core';
import { ADMIN_SECTIONS, type AdminSectionModulo } from '@ecodigital/web/features/administracion/sections';
import { samplePdf } from '@ecodigital/api/modules/documentos/inspection/testing/sample-files';
import { callApi, captureBearerToken } from './api-from-page';
import type { DemoUser } from './session';

/** What the screens below show: made once through the API by `prepareScreenData`. */
export interface ScreenData {
  /** An abierto expediente with one document, and the catalogue entries and person it names. */
  expediente: { id: number; numero: string; asunto: string; tipo: number; unidad: number; responsable: number };
  documento: string;
}

/**
 * A screen in one of its states, as a person reaches it. `open` starts from a signed-in page
 * (any URL, any viewport) and returns once the state shows.
 */
export interface ScreenState {
  /** Names the tests and the screenshot files. */
  name: string;
  /** Who looks at it; `gestor` when not given. */
  user?: DemoUser;
  /** A state that exists only on a narrow screen (the menu as a drawer) is checked only there. */
  narrowOnly?: boolean;
  open: (page: Page, data: ScreenData, webUrl: string) => Promise<void>;
}

/** A full page load: the identity provider's session signs the person in again, without the form. */
async function load(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
}

const documentos = (page: Page) => page.getByTestId('documentos-tab');

/** As the administrator: the tipo of the screens' expediente carries a plazo of 20 días hábiles. */
async function darPlazoAlTipo(page: Page, data: ScreenData, webUrl: string): Promise<void> {
  const token = captureBearerToken(page);
  await load(page, `${webUrl}/administracion/catalogos`);
  await page.getByTestId('entrada-fila').first().waitFor();
  const respuesta = await callApi(page, token(), 'PUT', `/api/admin/plazos/tipos/${data.expediente.tipo}`, {
    plazo: { cantidad: 20, unidad: 'dias_habiles' },
  });
  if (respuesta.status !== 200) throw new Error(`The plazo was not set: ${JSON.stringify(respuesta.body)}`);
}

/**
 * What shows once each administration section has loaded its data; the compiler asks for one per
 * section of `ADMIN_SECTIONS`.
 */
const adminSectionReady: Record<AdminSectionModulo, (page: Page) => Locator> = {
  'administracion/unidades': (page) => page.getByTestId('unidad-fila').first(),
  'administracion/personas': (page) => page.getByTestId('persona-fila').first(),
  'administracion/roles': (page) => page.getByTestId('permiso-fila').first(),
  'administracion/catalogos': (page) => page.getByTestId('entrada-fila').first(),
  'administracion/calendario': (page) => page.getByTestId('calendario-festivos').locator('.ant-table'),
  'administracion/auditoria': (page) => page.getByRole('heading', { name: 'Auditoría' }),
  'administracion/indice': (page) =>
    page.getByTestId('indice-texto-admin').getByText('Indexado', { exact: false }).first(),
  // With the failed extraction of the screens' damaged PDF in its list.
  'administracion/trabajos': (page) => page.getByTestId('trabajo-fallido').first(),
  'administracion/integridad': (page) => page.getByTestId('integridad-ronda').getByText('Documentos revisados'),
  'administracion/cuadro-clasificacion': (page) => page.getByRole('cell', { name: 'Solicitud', exact: true }).first(),
  'administracion/eliminacion': (page) =>
    page
      .getByText('Ningún expediente está pendiente de dictamen.')
      .or(page.getByRole('link', { name: /^EXP-/ }).first()),
};

/**
 * Every screen of the product, in the states worth checking. The accessibility suite
 * (`tests/accessibility.e2e.ts`) runs each one through axe, looks for English in what a screen
 * reader announces, walks it by keyboard checking that every focus stop is drawn, and reflows it at
 * 320 px (no scrolling sideways, nothing cut) with a screenshot. A new screen, tab, dialog or action
 * joins all of those checks by adding one entry here.
 */
export const SCREENS: ScreenState[] = [
  {
    name: 'inicio',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/`);
      await page.locator('a[data-cifra="abiertos"]').waitFor();
      await page.getByRole('table', { name: /abiertos y cerrados/ }).waitFor({ state: 'attached' });
      await page
        .getByRole('table', { name: 'Documentos por tipo documental' })
        .or(page.getByText('Todavía no hay documentos.'))
        .first()
        .waitFor({ state: 'attached' });
    },
  },
  {
    name: 'expedientes-lista',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes`);
      await page.locator('.expedientes-row', { hasText: expediente.numero }).waitFor();
    },
  },
  {
    // Every filter holds a value, so each field shows its clear button.
    name: 'expedientes-lista-filtrada',
    open: async (page, { expediente }, webUrl) => {
      const filtros = new URLSearchParams({
        q: 'movilidad reducida',
        estado: 'abierto',
        tipo: String(expediente.tipo),
        unidad: String(expediente.unidad),
        responsable: String(expediente.responsable),
        desde: '2000-01-01',
        hasta: '2099-12-31',
      });
      await load(page, `${webUrl}/expedientes?${filtros}`);
      await page.locator('.expedientes-row', { hasText: expediente.numero }).waitFor();
    },
  },
  {
    name: 'expedientes-nuevo',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes`);
      await page.locator('.expedientes-row', { hasText: expediente.numero }).waitFor();
      await page.getByRole('button', { name: 'Nuevo expediente' }).click();
      await page.getByRole('dialog', { name: 'Nuevo expediente' }).getByLabel('Asunto', { exact: true }).waitFor();
    },
  },
  {
    name: 'expediente-documentos',
    open: async (page, { expediente, documento }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await documentos(page).getByText(documento).first().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'pagina-no-encontrada',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/expedeintes`);
      await page.getByTestId('pagina-no-encontrada').waitFor();
    },
  },
  {
    // An id no expediente has: the page says so without showing the internal id.
    name: 'expediente-no-existe',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/999999999`);
      await page.getByTestId('expediente-no-existe').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'expediente-historial',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByRole('tab', { name: 'Historial' }).click();
      await page.getByRole('tabpanel', { name: 'Historial' }).locator('.ant-timeline-item').first().waitFor();
    },
  },
  {
    name: 'expediente-historial-lecturas',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByRole('tab', { name: 'Historial' }).click();
      const historial = page.getByRole('tabpanel', { name: 'Historial' });
      // Opening the detail was a consulta: there are reads to show.
      await historial.getByRole('switch', { name: 'Mostrar consultas y descargas' }).click();
      await historial.locator('[data-evento="consulta"]').first().waitFor();
    },
  },
  {
    name: 'expediente-cambio-de-estado',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByTestId('expediente-acciones').getByRole('button', { name: 'Pasar a trámite' }).click();
      await page.getByRole('dialog', { name: '¿Pasar el expediente a trámite?' }).waitFor();
    },
  },
  {
    name: 'expediente-accesos',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByRole('tab', { name: 'Accesos' }).click();
      await page.getByTestId('accesos-razones').waitFor();
    },
  },
  {
    name: 'expediente-conceder-acceso',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByRole('tab', { name: 'Accesos' }).click();
      await page.getByRole('button', { name: 'Conceder acceso' }).click();
      await page.getByRole('dialog', { name: `Conceder acceso a ${expediente.numero}` }).waitFor();
    },
  },
  {
    // «Hasta un día» chosen, and a day typed that cannot be: the field keeps it and says why.
    name: 'expediente-conceder-acceso-con-fecha-rechazada',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByRole('tab', { name: 'Accesos' }).click();
      await page.getByRole('button', { name: 'Conceder acceso' }).click();
      const dialog = page.getByRole('dialog', { name: `Conceder acceso a ${expediente.numero}` });
      await dialog.getByLabel('Hasta un día').check();
      await dialog.getByLabel('Último día con acceso').fill('01/01/2020');
      await dialog.getByLabel('Motivo').focus();
      await dialog.getByText('El último día no puede ser anterior a hoy.').waitFor();
    },
  },
  {
    // A reader by grant does not see the grants (with their motivos): the tab says why.
    name: 'expediente-accesos-solo-lectura',
    user: 'tesorera',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByRole('tab', { name: 'Accesos' }).click();
      await page.getByTestId('accesos-solo-gestion').waitFor();
    },
  },
  {
    name: 'administracion-accesos-de-una-persona',
    user: 'admin',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/administracion/personas/${expediente.responsable}/accesos?tipo=concedidos`);
      await page.getByRole('heading', { name: 'Accesos de Juan Carlos Pérez Ruiz', level: 1 }).waitFor();
      await page.getByTestId('acceso-persona-fila').first().waitFor();
    },
  },
  {
    name: 'administracion-revocar-acceso',
    user: 'admin',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/administracion/personas/${expediente.responsable}/accesos?tipo=concedidos`);
      await page
        .getByRole('button', { name: `Revocar el acceso de Ana Belén Romero Gil a ${expediente.numero}` })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: `¿Revocar el acceso de Ana Belén Romero Gil a ${expediente.numero}?` })
        .waitFor();
    },
  },
  {
    // A role every person carries: the dialog warns and asks for a confirmation.
    name: 'administracion-declarar-rol',
    user: 'admin',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/administracion/roles`);
      await page.getByTestId('permiso-fila').first().waitFor();
      await page.getByRole('button', { name: 'Declarar rol' }).click();
      const dialog = page.getByRole('dialog', { name: 'Declarar rol' });
      await dialog.getByLabel('Nombre del rol').fill('default-roles-ecodigital');
      await dialog.getByTestId('rol-de-todo-el-dominio').waitFor();
    },
  },
  {
    name: 'administracion-accesos-denegados',
    user: 'admin',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/administracion/auditoria/denegados`);
      const fila = page.getByTestId('denegacion-fila').first();
      await fila.getByRole('button').click();
      await page
        .getByRole('table', { name: /Accesos denegados a / })
        .first()
        .waitFor();
    },
  },
  {
    name: 'administracion-nueva-unidad',
    user: 'admin',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/administracion/unidades`);
      await page.getByTestId('unidad-fila').first().waitFor();
      await page.getByRole('button', { name: 'Nueva unidad' }).click();
      await page.getByRole('dialog', { name: 'Nueva unidad' }).waitFor();
    },
  },
  {
    name: 'administracion-unidades-de-una-persona',
    user: 'admin',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/administracion/personas`);
      await page.getByRole('button', { name: 'Cambiar unidades de Juan Carlos Pérez Ruiz' }).click();
      await page.getByRole('dialog', { name: 'Unidades de Juan Carlos Pérez Ruiz' }).waitFor();
    },
  },
  {
    name: 'expediente-transferir',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByTestId('expediente-acciones').getByRole('button', { name: 'Transferir' }).click();
      await page.getByRole('dialog', { name: `Transferir ${expediente.numero}` }).waitFor();
    },
  },
  {
    // To a unidad its responsable does not belong to: the dialog asks who answers for it there.
    name: 'expediente-transferir-a-otra-unidad',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByTestId('expediente-acciones').getByRole('button', { name: 'Transferir' }).click();
      const dialog = page.getByRole('dialog', { name: `Transferir ${expediente.numero}` });
      await dialog.getByLabel('Unidad de destino').click();
      await page.getByRole('option', { name: 'Hacienda › Tesorería' }).click();
      await dialog.getByText('no pertenece a la unidad de destino').waitFor();
    },
  },
  {
    // The search box also says how many documents hold the words, with a link to search them.
    name: 'expedientes-busqueda-en-contenido',
    open: async (page, _data, webUrl) => {
      // Its document's text says «Informe de accesibilidad»; it is read in the background after the upload.
      await load(page, `${webUrl}/expedientes?q=accesibilidad`);
      await page.getByTestId('coincidencias-documentos').waitFor({ timeout: 60_000 });
    },
  },
  {
    // A ZIP from another administration, before choosing anything: what each field still needs.
    name: 'expedientes-incorporar-eni',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/expedientes`);
      await page.getByRole('button', { name: 'Incorporar expediente ENI' }).click();
      const dialog = page.getByRole('dialog', { name: 'Incorporar expediente ENI' });
      await dialog.getByRole('button', { name: 'Incorporar' }).click();
      await dialog.getByText('Elija el archivo ZIP del expediente.').waitFor();
    },
  },
  {
    name: 'expedientes-columnas',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/expedientes`);
      await page.locator('.expedientes-row', { hasText: expediente.numero }).waitFor();
      await page.getByTestId('columnas-menu').click();
      await page
        .getByRole('dialog', { name: 'Columnas de la lista' })
        .getByRole('checkbox', { name: 'Interesado' })
        .waitFor();
    },
  },
  {
    name: 'administracion',
    user: 'admin',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/administracion`);
      await page.getByRole('heading', { name: 'Administración', level: 1 }).waitFor();
      await page.getByTestId('admin-seccion').first().waitFor();
    },
  },
  // Every administration section (ADMIN_SECTIONS, the web's one declaration of them), as the administrator.
  ...ADMIN_SECTIONS.map((section): ScreenState => ({
    name: section.nom_modulo.replace('/', '-'),
    user: 'admin',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/${section.nom_modulo}`);
      await page.getByRole('heading', { name: section.title, level: 1 }).waitFor();
      await adminSectionReady[section.nom_modulo](page).waitFor();
    },
  })),
  {
    // The screens' expediente with a plazo de resolución (its tipo is given one): the card and its actions.
    name: 'expediente-plazo',
    user: 'admin',
    open: async (page, data, webUrl) => {
      await darPlazoAlTipo(page, data, webUrl);
      await load(page, `${webUrl}/expedientes/ver/${data.expediente.id}`);
      await page.getByTestId('expediente-plazo').getByTestId('plazo-restantes').waitFor();
    },
  },
  {
    // The «Conservación» card of the screens' expediente (the administrator may set a legal hold) and its dialog.
    name: 'expediente-retencion-legal',
    user: 'admin',
    open: async (page, data, webUrl) => {
      await load(page, `${webUrl}/expedientes/ver/${data.expediente.id}`);
      await page.getByTestId('retencion-expediente').getByRole('button', { name: 'Poner retención legal' }).click();
      await page.getByRole('dialog', { name: 'Poner retención legal' }).waitFor();
    },
  },
  {
    name: 'expediente-plazo-suspender',
    user: 'admin',
    open: async (page, data, webUrl) => {
      await darPlazoAlTipo(page, data, webUrl);
      await load(page, `${webUrl}/expedientes/ver/${data.expediente.id}`);
      await page.getByTestId('expediente-plazo').getByRole('button', { name: 'Suspender plazo' }).click();
      await page.getByRole('dialog', { name: 'Suspender el plazo' }).waitFor();
    },
  },
  {
    name: 'administracion-catalogos-plazo',
    user: 'admin',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/administracion/catalogos`);
      await page.getByRole('button', { name: 'Plazo de «Licencia»' }).click();
      await page.getByRole('dialog', { name: 'Plazo de resolución de «Licencia»' }).waitFor();
    },
  },
  {
    name: 'administracion-trabajos-pausar',
    user: 'admin',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/administracion/trabajos`);
      await page.getByRole('button', { name: 'Pausar la cola Reindexado del índice de búsqueda' }).click();
      await page.getByText('¿Pausar la cola «Reindexado del índice de búsqueda»?').waitFor();
    },
  },
  {
    name: 'subir-documentos-con-archivo',
    open: async (page, { expediente }, webUrl) => {
      await load(page, `${webUrl}/subir-documentos?expediente=${expediente.id}`);
      await page.getByText(`${expediente.numero} — ${expediente.asunto}`).waitFor();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'acta de la comisión de accesibilidad.pdf',
        mimeType: 'application/pdf',
        buffer: samplePdf('Acta de la comision'),
      });
      await page.getByTestId('subida-fila').waitFor();
    },
  },
  {
    name: 'buscar-documentos',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/buscar-documentos`);
      await page.getByTestId('busqueda-sin-palabras').waitFor();
    },
  },
  {
    name: 'buscar-documentos-resultados',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/buscar-documentos?q=accesibilidad`);
      await page.getByRole('heading', { level: 2, name: /documentos? (contienen?|tienen?) «accesibilidad»/ }).waitFor();
      await page.getByTestId('resultados-contenido').locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'perfil',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/`);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Perfil' }).click();
      await page.getByRole('dialog', { name: 'Perfil' }).getByText('Roles').waitFor();
    },
  },
  {
    name: 'notificaciones',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/`);
      await page.getByRole('button', { name: 'Notificaciones' }).click();
      await page.getByRole('dialog', { name: 'Notificaciones' }).waitFor();
    },
  },
  {
    name: 'notificaciones-pagina',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/notificaciones`);
      await page.getByRole('heading', { level: 1, name: 'Notificaciones' }).waitFor();
      await page.getByTestId('notificacion').or(page.getByText('No tiene notificaciones.')).first().waitFor();
    },
  },
  {
    name: 'menu-en-pantalla-estrecha',
    narrowOnly: true,
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/`);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.getByRole('dialog').getByRole('navigation', { name: 'Menú principal' }).waitFor();
    },
  },
  {
    // Near the end: it saves the screens' expediente (its descripción) as someone else would, mid-edit.
    name: 'expediente-editar-conflicto',
    open: async (page, { expediente }, webUrl) => {
      const token = captureBearerToken(page);
      await load(page, `${webUrl}/expedientes/ver/${expediente.id}`);
      await page.getByTestId('expediente-acciones').getByRole('button', { name: 'Editar' }).click();
      const dialog = page.getByRole('dialog', { name: `Editar ${expediente.numero}` });
      // Short enough to fit the field at 320 px.
      await dialog.getByLabel('Asunto', { exact: true }).fill('Rampa de la sede');
      const leido = await callApi<{ data: { version: number; descripcion: string | null } }>(
        page,
        token(),
        'GET',
        `/api/expedientes/${expediente.id}`,
      );
      const descripcion = 'Rampa de acceso y aseo adaptado.';
      const otro = await callApi(page, token(), 'PATCH', `/api/expedientes/${expediente.id}`, {
        version: leido.body.data.version,
        descripcion: leido.body.data.descripcion === descripcion ? `${descripcion} Con ascensor.` : descripcion,
      });
      if (otro.status !== 200) throw new Error(`The other save failed: ${JSON.stringify(otro.body)}`);
      await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await dialog.getByTestId('conflicto-diferencias').waitFor();
    },
  },
  {
    name: 'pagina-no-encontrada',
    open: async (page, _data, webUrl) => {
      await load(page, `${webUrl}/no-existe-esta-pagina`);
      await page.getByText('Página no encontrada').waitFor();
    },
  },
];

/** A document of the screens' expediente whose extraction of text fails for good. */
const DOCUMENTO_DANADO = 'acta dañada.pdf';

/** The expediente and document the screens show, created by the gestor through the API. */
export async function prepareScreenData(page: Page, token: string): Promise<ScreenData> {
  const first = async (path: string) =>
    (await callApi<{ data: { id: number }[] }>(page, token, 'GET', path)).body.data[0]!.id;
  const asunto = 'Adecuación de la sede para personas con movilidad reducida';
  const tipo = await first('/api/catalogos/tipos-expediente');
  const unidad = await first('/api/catalogos/unidades?ambito=creacion');
  const creado = await callApi<{
    data: { id_expediente: number; numero: string; responsable: { id_usuario: number } | null };
  }>(page, token, 'POST', '/api/expedientes', {
    asunto,
    interesado_nombre: 'Asociación de vecinos del Retiro',
    id_tipo: tipo,
    id_unidad: unidad,
  });
  if (creado.status !== 201) throw new Error(`The expediente was not created: ${JSON.stringify(creado.body)}`);
  const { id_expediente: id, numero, responsable } = creado.body.data;
  if (!responsable) throw new Error('A new expediente has its creator as responsable');
  const tipoDocumental = await first('/api/catalogos/tipos-documentales');
  const subir = async (nombre: string, bytes: Uint8Array) => {
    const status = await page.evaluate(
      async ({ token, id, tipo, bytes, nombre }) => {
        const form = new FormData();
        form.append('id_tipo_documental', String(tipo));
        form.append('archivo', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), nombre);
        const response = await fetch(`/api/expedientes/${id}/documentos`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
        return response.status;
      },
      { token, id, tipo: tipoDocumental, bytes: [...bytes], nombre },
    );
    if (status !== 201) throw new Error(`${nombre} was not uploaded (${status})`);
  };
  const documento = 'informe de accesibilidad.pdf';
  await subir(documento, samplePdf('Informe de accesibilidad'));
  // A PDF whose text cannot be read: its extraction fails for good, so the background jobs'
  // screen has a failed job to show.
  await subir(DOCUMENTO_DANADO, new TextEncoder().encode('%PDF-1.7\nEste archivo no tiene estructura de PDF.\n'));
  // A lectura grant to tesorera: she reads it without seeing its accesos; gestor's grants show in Administración.
  const personas = await callApi<{ data: { id_usuario: number; username: string }[] }>(
    page,
    token,
    'GET',
    '/api/catalogos/responsables',
  );
  const tesorera = personas.body.data.find((persona) => persona.username === 'tesorera')!;
  const concedido = await callApi(page, token, 'POST', `/api/expedientes/${id}/accesos`, {
    id_usuario: tesorera.id_usuario,
    nivel: 'lectura',
    hasta: null,
    motivo: 'Informe de la Tesorería sobre el presupuesto de las obras',
  });
  if (concedido.status !== 201) throw new Error(`The grant was not made: ${JSON.stringify(concedido.body)}`);
  // A refusal, so that «Accesos denegados» has a row to show.
  await callApi(page, token, 'GET', '/api/expedientes/999999');
  return {
    expediente: { id, numero, asunto, tipo, unidad, responsable: responsable.id_usuario },
    documento,
  };
}
