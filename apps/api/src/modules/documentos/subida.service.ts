import { randomUUID } from 'node:crypto';
import type { ResultadoSubida } from '@ecodigital/contracts/documentos';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { findDocumento, findMismaHuella, findUltimaEntrada, insertDocumento, publico } from './documentos.repository';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import { cifra } from '../../shared/numeros';
import { avisoExtension, avisoOtroExpediente, RechazoArchivo, rechazos } from './documentos.mensajes';
import { nombreDeDescarga } from './descarga';
import { hashEntrada } from './hash-chain';
import { detectFormat } from './inspection/detect-format';
import type { DocumentStorage } from '../../storage/document-storage';
import type { ReceivedFile } from '../../storage/receive';
import { discardTempFile } from '../../storage/temp-files';
import { asegurarAdmiteCambios, expedienteParaGestionar, insertEvento } from '../expedientes/expedientes.public';

export interface ArchivoRecibido extends ReceivedFile {
  /** Normalised display name. */
  nombre: string;
}

export interface ContextoSubida {
  db: Database;
  storage: DocumentStorage;
  caller: Caller;
  /** Where a failure to undo a stored file is told (the request's log, or the demo generator's). */
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  idExpediente: number;
  tipoDocumental: { id: number; nombre: string };
}

/**
 * Turns one received temp file into a document of the índice, or refuses it. The bytes are
 * committed to storage inside the transaction that holds the expediente's row lock, then the row
 * and its historial event are written; if that transaction fails the stored object is removed.
 * Whatever happens, the temp file is gone afterwards.
 */
export async function incorporarArchivo(contexto: ContextoSubida, archivo: ArchivoRecibido): Promise<ResultadoSubida> {
  const { db, storage, caller, idExpediente, tipoDocumental } = contexto;
  const clave = randomUUID();
  let almacenado = false;
  try {
    const formato = await detectFormat(archivo.tempPath, { filename: archivo.nombre });
    if (!formato.accepted) throw rechazos.tipoNoAdmitido(archivo.nombre, formato.message);

    const previo = await findMismaHuella(db, caller, archivo.sha256, idExpediente);
    if (previo.enEsteExpediente) throw rechazos.duplicado(archivo.nombre, previo.enEsteExpediente);

    const documento = await db.transaction(async (tx) => {
      const expediente = await expedienteParaGestionar(tx, caller, idExpediente, { sinGestion: rechazos.sinGestion });
      asegurarAdmiteCambios(expediente, rechazos.expedienteCerrado);
      // Under the lock: a twin uploaded in parallel is seen here.
      const gemelo = await findMismaHuella(tx, caller, archivo.sha256, idExpediente);
      if (gemelo.enEsteExpediente) throw rechazos.duplicado(archivo.nombre, gemelo.enEsteExpediente);

      const ultima = await findUltimaEntrada(tx, idExpediente);
      // Folios run 1, 2, 3… and no document is ever deleted: the last one is how many there are.
      if ((ultima?.orden ?? 0) >= CAPACIDAD.documentosPorExpediente) {
        throw rechazos.expedienteLleno(archivo.nombre, cifra(CAPACIDAD.documentosPorExpediente));
      }
      const entrada = {
        id_expediente: idExpediente,
        orden: (ultima?.orden ?? 0) + 1,
        nombre: archivo.nombre,
        tipo_documental: tipoDocumental.nombre,
        fecha_incorporacion: new Date(),
        tamano: archivo.size,
        formato: formato.formato,
        huella: archivo.sha256,
        hash_anterior: ultima?.hash_entrada ?? null,
      };
      await storage.commit(archivo.tempPath, clave);
      almacenado = true;
      const id = await insertDocumento(tx, {
        ...entrada,
        id_tipo_documental: tipoDocumental.id,
        mime: formato.mime,
        clave_almacen: clave,
        hash_entrada: hashEntrada(entrada),
        subido_por: caller.id_usuario,
      });
      await insertEvento(tx, {
        id_expediente: idExpediente,
        id_usuario: caller.id_usuario,
        evento: 'documento_subido',
        descripcion: `Incorporó el documento nº ${entrada.orden} «${entrada.nombre}».`,
      });
      return (await findDocumento(tx, caller, id))!;
    });
    const descarga = nombreDeDescarga(archivo.nombre, formato.formato);
    const avisos = [
      previo.enOtro ? avisoOtroExpediente(archivo.nombre, previo.enOtro.numero) : undefined,
      descarga === archivo.nombre ? undefined : avisoExtension(formato.formato, descarga),
    ].filter((aviso) => aviso !== undefined);
    return {
      nombre: archivo.nombre,
      resultado: 'subido',
      documento: publico(documento),
      ...(avisos.length ? { aviso: avisos.join(' ') } : {}),
    };
  } catch (error) {
    if (almacenado) {
      await storage
        .remove(clave)
        .catch((removeError: unknown) =>
          contexto.log.error({ err: removeError, clave }, 'no se pudo retirar del almacenamiento un archivo sin fila'),
        );
    }
    throw error;
  } finally {
    await discardTempFile(archivo.tempPath);
  }
}

/** A document of an ENI import, its bytes already checked against the índice and waiting in a temp file. */
export interface DocumentoImportado {
  tempPath: string;
  size: number;
  /** SHA-256, lower-case hex. */
  sha256: string;
  nombre: string;
  formato: string;
  mime: string;
  tipoDocumental: { id: number; nombre: string };
  estado_elaboracion: string;
  origen: 'ciudadano' | 'administracion';
}

/**
 * Files one document of an ENI import inside the import's transaction (the new expediente is not
 * visible to anyone else yet): the next folio of the chain, the bytes committed to storage under
 * `clave`, the row and its historial event. Undoing the stored object when the transaction fails
 * is the caller's: it knows every key it committed.
 */
export async function incorporarImportado(
  tx: Queryable,
  storage: DocumentStorage,
  caller: Caller,
  idExpediente: number,
  documento: DocumentoImportado,
  clave: string,
): Promise<number> {
  const ultima = await findUltimaEntrada(tx, idExpediente);
  const entrada = {
    id_expediente: idExpediente,
    orden: (ultima?.orden ?? 0) + 1,
    nombre: documento.nombre,
    tipo_documental: documento.tipoDocumental.nombre,
    fecha_incorporacion: new Date(),
    tamano: documento.size,
    formato: documento.formato,
    huella: documento.sha256,
    hash_anterior: ultima?.hash_entrada ?? null,
  };
  await storage.commit(documento.tempPath, clave);
  const id = await insertDocumento(tx, {
    ...entrada,
    id_tipo_documental: documento.tipoDocumental.id,
    mime: documento.mime,
    clave_almacen: clave,
    hash_entrada: hashEntrada(entrada),
    subido_por: caller.id_usuario,
    estado_elaboracion: documento.estado_elaboracion,
    origen: documento.origen,
  });
  await insertEvento(tx, {
    id_expediente: idExpediente,
    id_usuario: caller.id_usuario,
    evento: 'documento_subido',
    descripcion: `Incorporó el documento nº ${entrada.orden} «${entrada.nombre}» del expediente ENI importado.`,
  });
  return id;
}

export function rechazado(nombre: string, rechazo: RechazoArchivo): ResultadoSubida {
  return { nombre, resultado: 'rechazado', motivo: rechazo.message };
}
