import { createHash } from 'node:crypto';
import type { IncidenciaVerificacion, ResultadoVerificacion } from '@ecodigital/contracts/documentos';
import type { Database } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import type { VerificarFirmas } from '../../shared/firma-indice';
import { JobBusyError, QueuePausedError } from '../../shared/jobs/job-errors';
import type { JobRunner } from '../../shared/jobs/job-runner';
import { verificacionEnCurso, verificacionesEnPausa } from './documentos.mensajes';
import { findDocumentos, type DocumentoAlmacenado } from './documentos.repository';
import { hashEntrada } from './hash-chain';
import { StoredObjectNotFoundError, type DocumentStorage } from '../../storage/document-storage';
import { expedienteNoExiste, findExpediente } from '../expedientes/expedientes.public';

/** The queue of the job runner whose jobs are verifications, keyed by expediente: one at a time each. */
export const COLA_VERIFICACION = 'verificacion';

/** Re-reading every file of a large expediente may take minutes; past this, it stops. */
export const LIMITE_VERIFICACION_MS = 30 * 60_000;

/**
 * Re-reads every stored file through SHA-256 and recomputes the hash chain of the índice, one
 * document at a time (memory stays flat). Every mismatch is an incidencia; none → `correcto`.
 * It runs in the request, as a job of its own queue: one verification per expediente at a time,
 * on any instance (another answers 409), held by a renewed lease, so one whose instance stopped
 * mid-way is taken over once its lease expires.
 */
export async function verificar(
  db: Database,
  storage: DocumentStorage,
  jobs: JobRunner,
  caller: Caller,
  idExpediente: number,
  verificarFirmas?: VerificarFirmas,
): Promise<ResultadoVerificacion> {
  const expediente = await findExpediente(db, caller, idExpediente);
  if (!expediente) throw expedienteNoExiste();
  try {
    return await jobs.runExclusive(
      COLA_VERIFICACION,
      String(idExpediente),
      `Expediente ${expediente.numero}`,
      ({ signal }) => verificarAhora(db, storage, idExpediente, signal, verificarFirmas),
    );
  } catch (error) {
    if (error instanceof JobBusyError) throw verificacionEnCurso();
    if (error instanceof QueuePausedError) throw verificacionesEnPausa();
    throw error;
  }
}

/** The checks themselves, without the job queue: `verificar` runs them as a job; a restore runs them directly. */
export async function verificarAhora(
  db: Database,
  storage: DocumentStorage,
  idExpediente: number,
  signal: AbortSignal,
  verificarFirmas?: VerificarFirmas,
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
    // Destroyed by an acta de eliminación: its bytes are gone on purpose; its entry is checked above.
    if (documento.eliminado) continue;
    // Its lease was lost or the instance stops: no result rather than one nobody holds.
    signal.throwIfAborted();
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
  // The signed índices: each one's XAdES and PAdES signatures must still hold over what they signed.
  const firmas = verificarFirmas ? await verificarFirmas(db, idExpediente) : undefined;
  for (const rota of firmas?.rotas ?? []) {
    incidencias.push({ orden: null, nombre: null, tipo: 'firma_rota', detalle: rota.descripcion });
  }
  return {
    correcto: incidencias.length === 0,
    documentos_verificados: documentos.length,
    ...(firmas ? { firmas_verificadas: firmas.comprobadas } : {}),
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
