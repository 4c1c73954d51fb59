import {
  decideResponsableYUnidad,
  ESTADO_ETIQUETAS,
  type CambiarEstado,
  type CambioCampo,
  type CrearExpediente,
  type EditarExpediente,
  type Expediente,
  type ExpedientesFiltro,
  type ExpedientesListaQuery,
  type ExpedientesPagina,
  LIMITES_HISTORIAL,
  type HistorialPagina,
  type HistorialQuery,
  type TransferirExpediente,
} from '@ecodigital/contracts/expedientes';
import type { Database, Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { aplicarPlazoAlExpediente } from '../../shared/plazos/calendario';
import type { FirmarIndice } from '../../shared/firma-indice';
import { BOM, lineaCsv } from '../../shared/csv';
import { CABECERA_CSV, filaCsv } from './expedientes.csv';
import {
  expedienteNoExiste,
  gestionPorAcceso,
  MENSAJES_EXPEDIENTE,
  mensajeCambioEstado,
  versionObsoleta,
} from './expedientes.mensajes';
import { perteneceAUnidad } from '../../shared/pertenencia';
import { ApiHttpError, solicitudNoValida } from '../../shared/errors';
import { problemaDocumento } from '@ecodigital/contracts/identificacion';
import { ALCANCE_REDUCIDO, alcanceReducido } from './visibility';
import { asegurarAdmiteCambios, asegurarTransicion } from './life-cycle';
import { expedienteParaGestionar } from './para-gestionar';
import { exportFilas } from './expedientes.export';
import { clavesEncajan, decodeCursor, encodeCursor } from './cursor';
import { resolverOrden, tiposClaves, type FiltroLista, type Orden } from './expedientes.query';
import {
  findCoincidencias,
  findExpediente,
  findExpedienteCambiado,
  findTipo,
  findUnidad,
  findUsuario,
  insertExpediente,
  takeNumero,
  updateEstado,
  updateExpediente,
  type DatosExpediente,
  type InicioPagina,
  remisionCerrada,
} from './expedientes.repository';
import {
  findHistorialPagina,
  hayLecturas,
  insertEvento,
  registrarLectura,
  type PosicionHistorial,
} from './historial.repository';
import { leerPaginaConTotal } from './list-page';

/** A page of the list: after `cursor` when given (keyset, as fast deep as at the start), otherwise at the offset of `page`. */
export async function listar(db: Database, caller: Caller, query: ExpedientesListaQuery): Promise<ExpedientesPagina> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 25;
  const orden = resolverOrden(query.sort, query.order);
  const inicio: InicioPagina =
    query.cursor === undefined
      ? { offset: (page - 1) * pageSize }
      : { despuesDe: clavesDelCursor(query.cursor, orden) };
  const filtro = await conFormaDeBusqueda(db, caller, query);
  const { items, siguiente, total, exacto } = await leerPaginaConTotal(
    db,
    caller,
    filtro,
    orden,
    inicio,
    pageSize,
    query.contar === 'todos',
  );
  return { items, total, totalExacto: exacto, page, pageSize, siguiente: siguiente && encodeCursor(siguiente) };
}

/**
 * A search by someone who sees few expedientes checks each of theirs instead of the trigram index,
 * once: the page and its total then read those matches by primary key. Left to one query, the
 * planner guesses the text's selectivity badly and joins the caller's unidades row by row.
 */
async function conFormaDeBusqueda<F extends ExpedientesFiltro>(
  db: Queryable,
  caller: Caller,
  filtro: F,
): Promise<F & FiltroLista> {
  if (!filtro.q?.trim() || !(await alcanceReducido(db, caller))) return filtro;
  const ids = await findCoincidencias(db, caller, { ...filtro, textoSinIndice: true }, ALCANCE_REDUCIDO);
  return { ...filtro, ids };
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
  const piezas = exportFilas(
    db,
    caller,
    await conFormaDeBusqueda(db, caller, query),
    resolverOrden(query.sort, query.order),
  );
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
  return db.transaction(async (tx) => {
    const { id } = await abrirExpediente(tx, caller, body);
    return findExpedienteCambiado(tx, caller, id);
  });
}

/**
 * Opens an expediente inside the caller's transaction, with the checks of `crear` (catalogues, a
 * unidad the caller may create in, the responsable) and its `creacion` event; `descripcion` tells
 * that event when the expediente comes from elsewhere (an ENI import). Answers its id and número.
 */
export async function abrirExpediente(
  tx: Queryable,
  caller: Caller,
  body: CrearExpediente,
  descripcion: (numero: string) => string = (numero) => `Creó el expediente ${numero}.`,
): Promise<{ id: number; numero: string }> {
  const datos: DatosExpediente = {
    asunto: body.asunto,
    descripcion: textoOpcional(body.descripcion),
    id_tipo: body.id_tipo,
    id_unidad: body.id_unidad,
    interesado_nombre: textoOpcional(body.interesado_nombre),
    interesado_documento: textoOpcional(body.interesado_documento),
    id_responsable: body.id_responsable ?? null,
  };
  asegurarDocumentoNuevo(datos.interesado_documento, null);
  await comprobarCatalogos(tx, datos);
  await asegurarUnidadDeCreacion(tx, caller, datos.id_unidad);
  if (body.id_responsable === undefined) {
    // Whoever opens an expediente answers for it until someone else is named, if they belong to its unidad.
    if (await perteneceAUnidad(tx, caller.id_usuario, datos.id_unidad)) datos.id_responsable = caller.id_usuario;
  } else {
    await asegurarResponsableDeLaUnidad(tx, datos.id_responsable, datos.id_unidad);
  }
  const numero = await takeNumero(tx);
  const id = await insertExpediente(tx, numero, datos, caller.id_usuario);
  await aplicarPlazoAlExpediente(tx, id);
  await insertEvento(tx, {
    id_expediente: id,
    id_usuario: caller.id_usuario,
    evento: 'creacion',
    descripcion: descripcion(numero),
  });
  return { id, numero };
}

/**
 * A new expediente belongs to one of the creator's unidades or one below them; whoever sees every
 * expediente may open one in any unidad. Deactivated unidades receive none.
 */
async function asegurarUnidadDeCreacion(tx: Queryable, caller: Caller, idUnidad: number): Promise<void> {
  const unidad = await findUnidad(tx, idUnidad);
  if (!unidad) throw solicitudNoValida(MENSAJES_EXPEDIENTE.unidadNoExiste);
  if (!unidad.activa) throw solicitudNoValida(MENSAJES_EXPEDIENTE.unidadInactiva);
  if (caller.alcance.todos) return;
  if (caller.alcance.unidades.length === 0) {
    throw new ApiHttpError(403, MENSAJES_EXPEDIENTE.sinUnidades, 'SIN_UNIDADES');
  }
  if (!caller.alcance.unidades.includes(idUnidad)) {
    throw new ApiHttpError(403, MENSAJES_EXPEDIENTE.unidadNoPropia, 'UNIDAD_NO_PROPIA');
  }
}

/** The detail; the read is counted (one row per person, expediente and day). */
export async function consultar(db: Database, caller: Caller, id: number): Promise<Expediente> {
  return db.transaction(async (tx) => {
    const expediente = await findExpediente(tx, caller, id);
    if (!expediente) throw expedienteNoExiste();
    await registrarLectura(tx, { id_expediente: id, id_usuario: caller.id_usuario, evento: 'consulta' });
    return expediente;
  });
}

/** A page of the historial, newest first; after `cursor` when given. */
export async function historial(
  db: Database,
  caller: Caller,
  id: number,
  query: HistorialQuery,
): Promise<HistorialPagina> {
  const despuesDe = query.cursor === undefined ? undefined : posicionDelCursor(query.cursor);
  const expediente = await findExpediente(db, caller, id);
  if (!expediente) throw expedienteNoExiste();
  const [{ items, siguiente }, lecturas] = await Promise.all([
    findHistorialPagina(db, id, {
      despuesDe,
      limite: query.pageSize ?? LIMITES_HISTORIAL.pagina,
      lecturas: query.lecturas ?? false,
    }),
    hayLecturas(db, id),
  ]);
  return {
    items,
    siguiente: siguiente && encodeCursor([siguiente.fecha, siguiente.clase, siguiente.id]),
    hay_lecturas: lecturas,
  };
}

function posicionDelCursor(cursor: string): PosicionHistorial {
  const claves = decodeCursor(cursor);
  if (!claves || !clavesEncajan(claves, ['timestamptz', 'text', 'bigint']) || !['e', 'l'].includes(claves[1]!)) {
    throw solicitudNoValida(MENSAJES_EXPEDIENTE.cursorNoValido);
  }
  const [fecha, clase, id] = claves as [string, 'e' | 'l', string];
  return { fecha, clase, id };
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
    const actual = await expedienteParaGestionar(tx, caller, id, { version: body.version });
    asegurarAdmiteCambios(actual);
    if (body.id_unidad !== undefined && body.id_unidad !== actual.unidad.id) {
      throw solicitudNoValida(MENSAJES_EXPEDIENTE.unidadPorTransferencia);
    }
    if (pedidos.interesado_documento !== undefined) {
      asegurarDocumentoNuevo(pedidos.interesado_documento, actual.interesado_documento);
    }
    await comprobarCatalogos(tx, pedidos, actual);
    if (pedidos.id_responsable !== undefined && pedidos.id_responsable !== (actual.responsable?.id_usuario ?? null)) {
      if (!decideResponsableYUnidad(actual.gestionPor.base)) {
        throw gestionPorAcceso(MENSAJES_EXPEDIENTE.responsablePorAcceso);
      }
      await asegurarResponsableDeLaUnidad(tx, pedidos.id_responsable, actual.unidad.id);
    }

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
    if (columnas.includes('id_tipo')) await aplicarPlazoAlExpediente(tx, id);
    // Read without the caller's sight: handing the responsabilidad away may take it from them.
    const editado = await findExpedienteCambiado(tx, caller, id);
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
  firmarIndice: FirmarIndice | null = null,
): Promise<{ expediente: Expediente; msg: string }> {
  const motivo = textoOpcional(body.motivo);
  return db.transaction(async (tx) => {
    const actual = await expedienteParaGestionar(tx, caller, id, { version: body.version });
    const desde = actual.estado;
    const hacia = body.estado;
    asegurarTransicion(desde, hacia, motivo);
    // Closed for remisión (ENI E03): its índice has left signed as it is; it is not reopened.
    if (hacia === 'en_tramite' && (await remisionCerrada(tx, id))) {
      throw new ApiHttpError(409, MENSAJES_EXPEDIENTE.remitido, 'REMISION_CERRADA');
    }
    // The índice of a closed expediente is signed with the institution's seal, in this transaction.
    if (hacia === 'cerrado' && !firmarIndice) throw new ApiHttpError(409, MENSAJES_EXPEDIENTE.sinSello, 'SIN_SELLO');

    if (!(await updateEstado(tx, id, body.version, hacia))) throw versionObsoleta();
    await insertEvento(tx, {
      id_expediente: id,
      id_usuario: caller.id_usuario,
      evento: 'cambio_estado',
      descripcion: `Cambió el estado de «${ESTADO_ETIQUETAS[desde]}» a «${ESTADO_ETIQUETAS[hacia]}»`,
      cambios: [{ campo: 'Estado', anterior: ESTADO_ETIQUETAS[desde], nuevo: ESTADO_ETIQUETAS[hacia] }],
      motivo,
    });
    if (hacia === 'cerrado')
      await firmarIndice!(tx, { id_expediente: id, id_usuario: caller.id_usuario, motivo: 'cierre' });
    return { expediente: await findExpedienteCambiado(tx, caller, id), msg: mensajeCambioEstado(desde, hacia) };
  });
}

/**
 * Hands the expediente to another (active) unidad, with a motivo, in its historial. The old unidad
 * loses sight of it unless an acceso says otherwise, and so does a responsable who does not belong
 * to the new one (they stop being it, in the same event); the answer is the expediente as it now is.
 * Only whoever decides for its unidad (or sees every expediente) transfers: not a grant holder.
 */
export async function transferir(
  db: Database,
  caller: Caller,
  id: number,
  body: TransferirExpediente,
): Promise<Expediente> {
  const { motivo } = body;
  return db.transaction(async (tx) => {
    const actual = await expedienteParaGestionar(tx, caller, id, { version: body.version });
    if (!decideResponsableYUnidad(actual.gestionPor.base)) {
      throw gestionPorAcceso(MENSAJES_EXPEDIENTE.transferirPorAcceso);
    }
    asegurarAdmiteCambios(actual);
    const destino = await findUnidad(tx, body.id_unidad);
    if (!destino) throw solicitudNoValida(MENSAJES_EXPEDIENTE.unidadNoExiste);
    if (!destino.activa) throw solicitudNoValida(MENSAJES_EXPEDIENTE.unidadInactiva);
    if (destino.id === actual.unidad.id) throw solicitudNoValida(MENSAJES_EXPEDIENTE.mismaUnidad);
    const responsable = await responsableEnDestino(tx, actual, destino.id, body.id_responsable);

    const cambioResponsable = responsable !== (actual.responsable?.id_usuario ?? null);
    const cambios = { id_unidad: destino.id, ...(cambioResponsable ? { id_responsable: responsable } : {}) };
    if (!(await updateExpediente(tx, id, body.version, cambios))) throw versionObsoleta();
    const transferido = await findExpedienteCambiado(tx, caller, id);
    const anterior = actual.responsable?.nombre_completo ?? null;
    const nuevo = transferido.responsable?.nombre_completo ?? null;
    const sobreResponsable = !cambioResponsable
      ? ''
      : nuevo
        ? `, con ${nuevo} como responsable`
        : `; queda sin responsable`;
    await insertEvento(tx, {
      id_expediente: id,
      id_usuario: caller.id_usuario,
      evento: 'transferencia',
      descripcion: `Transfirió el expediente de «${actual.unidad.nombre}» a «${destino.nombre}»${sobreResponsable}.`,
      cambios: [
        { campo: 'Unidad', anterior: actual.unidad.nombre, nuevo: destino.nombre },
        ...(cambioResponsable ? [{ campo: 'Responsable', anterior, nuevo }] : []),
      ],
      motivo,
    });
    return transferido;
  });
}

/**
 * Who answers for the expediente in the destination: the one named (someone of that unidad or one
 * above it, or nobody); when none is named, the current responsable if they belong there too,
 * otherwise nobody.
 */
async function responsableEnDestino(
  tx: Queryable,
  actual: Expediente,
  idDestino: number,
  pedido: number | null | undefined,
): Promise<number | null> {
  if (pedido !== undefined) {
    if (pedido !== null && !(await findUsuario(tx, pedido))) {
      throw solicitudNoValida(MENSAJES_EXPEDIENTE.responsableNoExiste);
    }
    await asegurarResponsableDeLaUnidad(tx, pedido, idDestino, MENSAJES_EXPEDIENTE.responsableAjenoDestino);
    return pedido;
  }
  const actualId = actual.responsable?.id_usuario ?? null;
  return actualId !== null && (await perteneceAUnidad(tx, actualId, idDestino)) ? actualId : null;
}

/** 400 unless `idUsuario` (when someone is named) belongs to the unidad or to one above it. */
async function asegurarResponsableDeLaUnidad(
  tx: Queryable,
  idUsuario: number | null,
  idUnidad: number,
  mensaje: string = MENSAJES_EXPEDIENTE.responsableAjeno,
): Promise<void> {
  if (idUsuario !== null && !(await perteneceAUnidad(tx, idUsuario, idUnidad))) throw solicitudNoValida(mensaje);
}

async function comprobarCatalogos(tx: Queryable, datos: Partial<DatosExpediente>, actual?: Expediente): Promise<void> {
  if (datos.id_tipo !== undefined && datos.id_tipo !== actual?.tipo.id) {
    const tipo = await findTipo(tx, datos.id_tipo);
    if (!tipo) throw solicitudNoValida(MENSAJES_EXPEDIENTE.tipoNoExiste);
    // An expediente keeps a tipo deactivated later; a new choice must be an active one.
    if (!tipo.activo) throw solicitudNoValida(MENSAJES_EXPEDIENTE.tipoInactivo);
  }
  if (datos.id_responsable != null && !(await findUsuario(tx, datos.id_responsable))) {
    throw solicitudNoValida(MENSAJES_EXPEDIENTE.responsableNoExiste);
  }
}

function normalizarEdicion(body: EditarExpediente): Partial<DatosExpediente> {
  return {
    asunto: body.asunto,
    descripcion: body.descripcion === undefined ? undefined : textoOpcional(body.descripcion),
    id_tipo: body.id_tipo,
    interesado_nombre: body.interesado_nombre === undefined ? undefined : textoOpcional(body.interesado_nombre),
    interesado_documento:
      body.interesado_documento === undefined ? undefined : textoOpcional(body.interesado_documento),
    id_responsable: body.id_responsable,
  };
}

/**
 * A document written anew must be a NIF, NIE or CIF whose control character holds (the schema only
 * checks its shape). The one already stored is kept as it is, even from before this check.
 */
function asegurarDocumentoNuevo(documento: string | null, anterior: string | null): void {
  if (documento === null || documento === anterior) return;
  const problema = problemaDocumento(documento);
  if (problema) throw solicitudNoValida(problema);
}

/** Blank optional text (already normalised, see `plugins/text-normalization`) is stored as "no value". */
function textoOpcional(texto: string | null | undefined): string | null {
  return texto ? texto : null;
}
