import { createHash } from 'node:crypto';
import type { IncidenciaVerificacion, ResultadoVerificacion } from '@ecodigital/contracts/documentos';
import type { Database } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { verificacionEnCurso } from './documentos.mensajes';
import { findDocumentos, type DocumentoAlmacenado } from './documentos.repository';
import { hashEntrada } from './hash-chain';
import { StoredObjectNotFoundError, type DocumentStorage } from '../../storage/document-storage';
import { expedienteNoExiste, findExpediente } from '../expedientes/expedientes.public';

/** A verification that started longer ago than this was cut short (its instance stopped). */
export const VERIFICACION_ABANDONADA_MS = 30 * 60_000;

/**
 * Re-reads every stored file through SHA-256 and recomputes the hash chain of the índice, one
 * document at a time (memory stays flat). Every mismatch is an incidencia; none → `correcto`.
 * One verification per expediente runs at a time, on any instance; another one answers 409.
 */
export async function verificar(
  db: Database,
  storage: DocumentStorage,
  caller: Caller,
  idExpediente: number,
): Promise<ResultadoVerificacion> {
  if (!(await findExpediente(db, caller, idExpediente))) throw expedienteNoExiste();
  if (!(await empezarVerificacion(db, idExpediente))) throw verificacionEnCurso();
  try {
    return await verificarAhora(db, storage, idExpediente);
  } finally {
    await db.query('DELETE FROM verificacion_en_curso WHERE id_expediente = $1', [idExpediente]);
  }
}

/** Takes the expediente's turn: true when no other verification of it is running. */
async function empezarVerificacion(db: Database, idExpediente: number): Promise<boolean> {
  const filas = await db.query(
    `INSERT INTO verificacion_en_curso (id_expediente) VALUES ($1)
     ON CONFLICT (id_expediente) DO UPDATE SET desde = now()
       WHERE verificacion_en_curso.desde < now() - make_interval(secs => $2)
     RETURNING 1`,
    [idExpediente, VERIFICACION_ABANDONADA_MS / 1000],
  );
  return filas.length === 1;
}

async function verificarAhora(
  db: Database,
  storage: DocumentStorage,
  idExpediente: number,
): Promise<ResultadoVerificacion> {
  const documentos = await findDocumentos(db, idExpediente);
  const incidencias: IncidenciaVerificacion[] = [];
  let anterior: DocumentoAlmacenado | undefined;

  documentos.forEach((documento, posicion) => {
    const incidencia = (tipo: IncidenciaVerificacion['tipo'], detalle: string) =>
      incidencias.push({ orden: documento.orden, nombre: documento.nombre, tipo, detalle });
    if (documento.orden !== posicion + 1) {
      incidencia(
        'cadena_rota',
        `Falta la entrada nº ${posicion + 1} del índice: tras el nº ${posicion} viene el nº ${documento.orden}.`,
      );
    }
    if (documento.hash_anterior !== (anterior?.hash_entrada ?? null)) {
      incidencia(
        'cadena_rota',
        anterior
          ? `La entrada nº ${documento.orden} no enlaza con la huella de la entrada nº ${anterior.orden}.`
          : `La primera entrada del índice no debería enlazar con otra anterior.`,
      );
    }
    const recalculado = hashEntrada({
      id_expediente: documento.id_expediente,
      orden: documento.orden,
      nombre: documento.nombre,
      tipo_documental: documento.tipo_documental.nombre,
      fecha_incorporacion: documento.fecha,
      tamano: documento.tamano,
      formato: documento.formato,
      huella: documento.huella,
      hash_anterior: documento.hash_anterior,
    });
    if (recalculado !== documento.hash_entrada) {
      incidencia(
        'entrada_alterada',
        `Los datos de la entrada nº ${documento.orden} no coinciden con su huella: se modificaron tras incorporarse.`,
      );
    }
    anterior = documento;
  });

  for (const documento of documentos) {
    const huella = await huellaAlmacenada(storage, documento.clave_almacen);
    if (huella === undefined) {
      incidencias.push({
        orden: documento.orden,
        nombre: documento.nombre,
        tipo: 'archivo_ausente',
        detalle: `El archivo del documento nº ${documento.orden} no está en el almacenamiento.`,
      });
    } else if (huella !== documento.huella) {
      incidencias.push({
        orden: documento.orden,
        nombre: documento.nombre,
        tipo: 'archivo_alterado',
        detalle: `El archivo del documento nº ${documento.orden} fue alterado: su SHA-256 ya no coincide con la huella del índice.`,
      });
    }
  }

  incidencias.sort((a, b) => (a.orden ?? 0) - (b.orden ?? 0));
  return {
    correcto: incidencias.length === 0,
    documentos_verificados: documentos.length,
    verificado_en: new Date().toISOString(),
    incidencias,
  };
}

async function huellaAlmacenada(storage: DocumentStorage, clave: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of await storage.read(clave)) hash.update(chunk as Buffer);
  } catch (error) {
    if (error instanceof StoredObjectNotFoundError) return undefined;
    throw error;
  }
  return hash.digest('hex');
}
