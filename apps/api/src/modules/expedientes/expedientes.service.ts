import {
  ESTADO_ETIQUETAS,
  LIMITES_EXPEDIENTE,
  type CambiarEstado,
  type CambioCampo,
  type CrearExpediente,
  type EditarExpediente,
  type Expediente,
  type ExpedientesFiltro,
  type ExpedientesListaQuery,
  type ExpedientesPagina,
  type HistorialEvento,
} from '@ecodigital/contracts/expedientes';
import type { Database, Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { BOM, CABECERA_CSV, filaCsv, lineaCsv } from './expedientes.csv';
import { expedienteNoExiste, MENSAJES_EXPEDIENTE, mensajeCambioEstado, versionObsoleta } from './expedientes.mensajes';
import { solicitudNoValida } from '../../shared/errors';
import { asegurarAdmiteCambios, asegurarTransicion } from './ciclo-de-vida';
import { exportFilas } from './expedientes.export';
import { clavesEncajan, decodeCursor, encodeCursor } from './cursor';
import { resolverOrden, tiposClaves, type Orden } from './expedientes.query';
import {
  findExpediente,
  findTipo,
  findUnidad,
  findUsuario,
  insertExpediente,
  takeNumero,
  updateEstado,
  updateExpediente,
  type DatosExpediente,
  type InicioPagina,
} from './expedientes.repository';
import { findHistorial, insertEvento } from './historial.repository';
import { leerPaginaConTotal } from './lista-pagina';

/** A page of the list: after `cursor` when given (keyset, as fast deep as at the start), otherwise at the offset of `page`. */
export async function listar(db: Database, caller: Caller, query: ExpedientesListaQuery): Promise<ExpedientesPagina> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 25;
  const orden = resolverOrden(query.sort, query.order);
  const inicio: InicioPagina =
    query.cursor === undefined
      ? { offset: (page - 1) * pageSize }
      : { despuesDe: clavesDelCursor(query.cursor, orden) };
  const { items, siguiente, total, exacto } = await leerPaginaConTotal(db, caller, query, orden, inicio, pageSize);
  return { items, total, totalExacto: exacto, page, pageSize, siguiente: siguiente && encodeCursor(siguiente) };
}

function clavesDelCursor(cursor: string, orden: Orden): string[] {
  const claves = decodeCursor(cursor);
  if (!claves || !clavesEncajan(claves, tiposClaves(orden)))
    throw solicitudNoValida(MENSAJES_EXPEDIENTE.cursorNoValido);
  return claves;
}

/**
 * The CSV, piece by piece: BOM and header first, then one chunk per database batch. The first batch
 * is read before this resolves, so a filter PostgreSQL refuses (a NUL in `q`) answers 400 JSON as
 * the list does, instead of a 200 whose connection drops after the header.
 */
export async function exportarCsv(
  db: Database,
  caller: Caller,
  query: ExpedientesFiltro & Pick<ExpedientesListaQuery, 'sort' | 'order'>,
): Promise<AsyncGenerator<string>> {
  const piezas = exportFilas(db, caller, query, resolverOrden(query.sort, query.order));
  const primera = await piezas.next();
  return (async function* () {
    try {
      yield BOM + lineaCsv(CABECERA_CSV);
      for (let pieza = primera; !pieza.done; pieza = await piezas.next()) yield pieza.value.map(filaCsv).join('');
    } finally {
      await piezas.return(undefined);
    }
  })();
}

export async function crear(db: Database, caller: Caller, body: CrearExpediente): Promise<Expediente> {
  const datos: DatosExpediente = {
    asunto: normalizarAsunto(body.asunto),
    descripcion: textoOpcional(body.descripcion),
    id_tipo: body.id_tipo,
    id_unidad: body.id_unidad,
    interesado_nombre: textoOpcional(body.interesado_nombre),
    interesado_documento: textoOpcional(body.interesado_documento),
    // Whoever opens an expediente is responsible for it until someone else is named.
    id_responsable: body.id_responsable === undefined ? caller.id_usuario : body.id_responsable,
  };
  return db.transaction(async (tx) => {
    await comprobarCatalogos(tx, datos);
    const numero = await takeNumero(tx);
    const id = await insertExpediente(tx, numero, datos, caller.id_usuario);
    await insertEvento(tx, {
      id_expediente: id,
      id_usuario: caller.id_usuario,
      evento: 'creacion',
      descripcion: `Creó el expediente ${numero}.`,
    });
    return (await findExpediente(tx, caller, id))!;
  });
}

/** The detail; each read is recorded in the historial. */
export async function consultar(db: Database, caller: Caller, id: number): Promise<Expediente> {
  return db.transaction(async (tx) => {
    const expediente = await findExpediente(tx, caller, id);
    if (!expediente) throw expedienteNoExiste();
    await insertEvento(tx, {
      id_expediente: id,
      id_usuario: caller.id_usuario,
      evento: 'consulta',
      descripcion: 'Consultó el expediente.',
    });
    return expediente;
  });
}

export async function historial(db: Database, caller: Caller, id: number): Promise<HistorialEvento[]> {
  const expediente = await findExpediente(db, caller, id);
  if (!expediente) throw expedienteNoExiste();
  return findHistorial(db, id);
}

interface CampoEditable {
  columna: keyof DatosExpediente;
  etiqueta: string;
  actual: (expediente: Expediente) => string | number | null;
  mostrado: (expediente: Expediente) => string | null;
}

const CAMPOS_EDITABLES: CampoEditable[] = [
  { columna: 'asunto', etiqueta: 'Asunto', actual: (e) => e.asunto, mostrado: (e) => e.asunto },
  { columna: 'descripcion', etiqueta: 'Descripción', actual: (e) => e.descripcion, mostrado: (e) => e.descripcion },
  { columna: 'id_tipo', etiqueta: 'Tipo', actual: (e) => e.tipo.id, mostrado: (e) => e.tipo.nombre },
  { columna: 'id_unidad', etiqueta: 'Unidad', actual: (e) => e.unidad.id, mostrado: (e) => e.unidad.nombre },
  {
    columna: 'interesado_nombre',
    etiqueta: 'Interesado',
    actual: (e) => e.interesado_nombre,
    mostrado: (e) => e.interesado_nombre,
  },
  {
    columna: 'interesado_documento',
    etiqueta: 'Documento del interesado',
    actual: (e) => e.interesado_documento,
    mostrado: (e) => e.interesado_documento,
  },
  {
    columna: 'id_responsable',
    etiqueta: 'Responsable',
    actual: (e) => e.responsable?.id_usuario ?? null,
    mostrado: (e) => e.responsable?.nombre_completo ?? null,
  },
];

export interface ResultadoEdicion {
  expediente: Expediente;
  cambios: CambioCampo[];
}

/**
 * Applies the fields sent that differ from the stored ones. The historial records each changed
 * field with the values people read (names, not ids); sending nothing new changes nothing.
 */
export async function editar(
  db: Database,
  caller: Caller,
  id: number,
  body: EditarExpediente,
): Promise<ResultadoEdicion> {
  const pedidos = normalizarEdicion(body);
  return db.transaction(async (tx) => {
    const actual = await findExpediente(tx, caller, id, { forUpdate: true });
    if (!actual) throw expedienteNoExiste();
    asegurarAdmiteCambios(actual);
    if (actual.version !== body.version) throw versionObsoleta();
    await comprobarCatalogos(tx, pedidos);

    const nuevos: Partial<DatosExpediente> = {};
    for (const campo of CAMPOS_EDITABLES) {
      const valor = pedidos[campo.columna];
      if (valor !== undefined && valor !== campo.actual(actual)) {
        Object.assign(nuevos, { [campo.columna]: valor });
      }
    }
    const columnas = Object.keys(nuevos) as (keyof DatosExpediente)[];
    if (columnas.length === 0) return { expediente: actual, cambios: [] };

    if (!(await updateExpediente(tx, id, body.version, nuevos))) throw versionObsoleta();
    const editado = (await findExpediente(tx, caller, id))!;
    const cambios = CAMPOS_EDITABLES.filter((campo) => columnas.includes(campo.columna)).map((campo) => ({
      campo: campo.etiqueta,
      anterior: campo.mostrado(actual),
      nuevo: campo.mostrado(editado),
    }));
    await insertEvento(tx, {
      id_expediente: id,
      id_usuario: caller.id_usuario,
      evento: 'edicion',
      descripcion: `Modificó: ${cambios.map((cambio) => cambio.campo).join(', ')}.`,
      cambios,
    });
    return { expediente: editado, cambios };
  });
}

export async function cambiarEstado(
  db: Database,
  caller: Caller,
  id: number,
  body: CambiarEstado,
): Promise<{ expediente: Expediente; msg: string }> {
  const motivo = textoOpcional(body.motivo);
  return db.transaction(async (tx) => {
    const actual = await findExpediente(tx, caller, id, { forUpdate: true });
    if (!actual) throw expedienteNoExiste();
    if (actual.version !== body.version) throw versionObsoleta();
    const desde = actual.estado;
    const hacia = body.estado;
    asegurarTransicion(desde, hacia, motivo);

    if (!(await updateEstado(tx, id, body.version, hacia))) throw versionObsoleta();
    await insertEvento(tx, {
      id_expediente: id,
      id_usuario: caller.id_usuario,
      evento: 'cambio_estado',
      descripcion: `Cambió el estado de «${ESTADO_ETIQUETAS[desde]}» a «${ESTADO_ETIQUETAS[hacia]}»`,
      cambios: [{ campo: 'Estado', anterior: ESTADO_ETIQUETAS[desde], nuevo: ESTADO_ETIQUETAS[hacia] }],
      motivo,
    });
    return { expediente: (await findExpediente(tx, caller, id))!, msg: mensajeCambioEstado(desde, hacia) };
  });
}

async function comprobarCatalogos(tx: Queryable, datos: Partial<DatosExpediente>): Promise<void> {
  if (datos.id_tipo !== undefined && !(await findTipo(tx, datos.id_tipo))) {
    throw solicitudNoValida(MENSAJES_EXPEDIENTE.tipoNoExiste);
  }
  if (datos.id_unidad !== undefined && !(await findUnidad(tx, datos.id_unidad))) {
    throw solicitudNoValida(MENSAJES_EXPEDIENTE.unidadNoExiste);
  }
  if (datos.id_responsable != null && !(await findUsuario(tx, datos.id_responsable))) {
    throw solicitudNoValida(MENSAJES_EXPEDIENTE.responsableNoExiste);
  }
}

function normalizarEdicion(body: EditarExpediente): Partial<DatosExpediente> {
  return {
    asunto: body.asunto === undefined ? undefined : normalizarAsunto(body.asunto),
    descripcion: body.descripcion === undefined ? undefined : textoOpcional(body.descripcion),
    id_tipo: body.id_tipo,
    id_unidad: body.id_unidad,
    interesado_nombre: body.interesado_nombre === undefined ? undefined : textoOpcional(body.interesado_nombre),
    interesado_documento:
      body.interesado_documento === undefined ? undefined : textoOpcional(body.interesado_documento),
    id_responsable: body.id_responsable,
  };
}

/** Surrounding spaces do not count towards the minimum length. */
function normalizarAsunto(asunto: string): string {
  const limpio = asunto.trim();
  if ([...limpio].length < LIMITES_EXPEDIENTE.asuntoMin) {
    throw solicitudNoValida(`El campo «asunto» debe tener al menos ${LIMITES_EXPEDIENTE.asuntoMin} caracteres.`);
  }
  return limpio;
}

/** Blank optional text is stored as "no value". */
function textoOpcional(texto: string | null | undefined): string | null {
  const limpio = texto?.trim();
  return limpio ? limpio : null;
}
