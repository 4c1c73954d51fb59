import {
  FUNCION_RESUMEN,
  FORMATOS_PREVISUALIZABLES,
  type AnularDocumento,
  type Documento,
  type DocumentoListado,
  type Formato,
  type IndiceElectronico,
} from '@ecodigital/contracts/documentos';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import type { Database, Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import {
  findDocumento,
  findDocumentos,
  findDocumentosListados,
  findMiniatura,
  publico,
  updateAnulacion,
  type DocumentoAlmacenado,
} from './documentos.repository';
import { documentoNoExiste, miniaturaNoExiste, noPrevisualizable, yaAnulado } from './documentos.mensajes';
import {
  asegurarAdmiteCambios,
  asegurarGestion,
  expedienteNoExiste,
  expedienteParaGestionar,
  findExpediente,
  insertEvento,
  registrarLectura,
} from '../expedientes/expedientes.public';

async function expedienteVisible(db: Queryable, caller: Caller, id: number): Promise<Expediente> {
  const expediente = await findExpediente(db, caller, id);
  if (!expediente) throw expedienteNoExiste();
  return expediente;
}

/**
 * Refuses an upload before its body is read: unknown expediente (404), no gestión over it (403) or
 * not open (409).
 */
export async function expedienteAbierto(db: Database, caller: Caller, id: number): Promise<Expediente> {
  const expediente = await expedienteVisible(db, caller, id);
  asegurarGestion(caller, expediente);
  asegurarAdmiteCambios(expediente);
  return expediente;
}

export async function listar(db: Database, caller: Caller, idExpediente: number): Promise<DocumentoListado[]> {
  await expedienteVisible(db, caller, idExpediente);
  return findDocumentosListados(db, idExpediente);
}

/** A JPEG of the document's first page, if its expediente is visible and it has one (404 otherwise). */
export async function miniatura(db: Database, caller: Caller, id: number): Promise<Buffer> {
  const imagen = await findMiniatura(db, caller, id);
  if (!imagen) throw miniaturaNoExiste();
  return imagen;
}

export async function indice(db: Database, caller: Caller, idExpediente: number): Promise<IndiceElectronico> {
  return indiceDe(db, await expedienteVisible(db, caller, idExpediente));
}

/** The índice of an expediente already checked (sight, or the lock of a change), as of `generadoEn`. */
export async function indiceDe(
  db: Queryable,
  expediente: Pick<Expediente, 'id_expediente' | 'numero' | 'asunto'>,
  generadoEn = new Date(),
): Promise<IndiceElectronico> {
  const entradas = (await findDocumentos(db, expediente.id_expediente)).map(publico);
  return {
    expediente: { id_expediente: expediente.id_expediente, numero: expediente.numero, asunto: expediente.asunto },
    generado_en: generadoEn.toISOString(),
    funcion_resumen: FUNCION_RESUMEN,
    entradas,
    huella_indice: entradas.at(-1)?.hash_entrada ?? null,
  };
}

export type Acceso = 'descarga' | 'vista';

/** The document to serve, if visible; a preview only for the previewable formats. */
export async function documentoParaServir(
  db: Database,
  caller: Caller,
  id: number,
  acceso: Acceso,
): Promise<DocumentoAlmacenado> {
  const documento = await findDocumento(db, caller, id);
  if (!documento) throw documentoNoExiste();
  if (acceso === 'vista' && !FORMATOS_PREVISUALIZABLES.includes(documento.formato as Formato)) {
    throw noPrevisualizable();
  }
  return documento;
}

export async function registrarAcceso(
  db: Database,
  caller: Caller,
  documento: DocumentoAlmacenado,
  acceso: Acceso,
): Promise<void> {
  await registrarLectura(db, {
    id_expediente: documento.id_expediente,
    id_documento: documento.id_documento,
    id_usuario: caller.id_usuario,
    evento: acceso === 'vista' ? 'documento_previsualizado' : 'documento_descargado',
  });
}

/**
 * Marks a document void; it keeps its place (and its hash) in the índice. Only while the
 * expediente is open or in progress: a closed expediente receives no changes.
 */
export async function anular(db: Database, caller: Caller, id: number, body: AnularDocumento): Promise<Documento> {
  const { motivo } = body;
  return db.transaction(async (tx) => {
    const visible = await findDocumento(tx, caller, id);
    if (!visible) throw documentoNoExiste();
    const expediente = await expedienteParaGestionar(tx, caller, visible.id_expediente, {
      noExiste: documentoNoExiste,
    });
    asegurarAdmiteCambios(expediente);
    const documento = (await findDocumento(tx, caller, id, { forUpdate: true }))!;
    if (documento.anulado) throw yaAnulado();
    await updateAnulacion(tx, id, motivo, caller.id_usuario);
    await insertEvento(tx, {
      id_expediente: documento.id_expediente,
      id_usuario: caller.id_usuario,
      evento: 'documento_anulado',
      descripcion: `Anuló el documento nº ${documento.orden} «${documento.nombre}» (${motivo}).`,
      motivo,
    });
    return publico((await findDocumento(tx, caller, id))!);
  });
}
