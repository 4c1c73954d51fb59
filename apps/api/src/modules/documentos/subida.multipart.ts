import { CAMPOS_SUBIDA, LIMITES_DOCUMENTO, type ResultadoSubida } from '@ecodigital/contracts/documentos';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiHttpError } from '../../shared/errors';
import { findTipoDocumental } from './documentos.repository';
import {
  demasiadasPartes,
  RechazoArchivo,
  rechazos,
  tipoDocumentalInactivo,
  tipoDocumentalNoExiste,
  tipoDocumentalObligatorio,
} from './documentos.mensajes';
import { normaliseFilename } from './inspection/filename';
import { EmptyFileError, FileTooLargeError, receiveToTemp } from '../../storage/receive';
import { discardTempFile } from '../../storage/temp-files';
import { incorporarArchivo, rechazado, type ContextoSubida } from './subida.service';

interface ArchivoProcesado {
  resultado: ResultadoSubida;
  /** Set when refused: the status and code this file alone would have answered. */
  rechazo?: RechazoArchivo;
}

/** Files incorporated from one request; the ones after it are listed as not incorporated. */
export const MAX_ARCHIVOS_POR_ENVIO = 100;
/**
 * Parts read at all: past these, parsing stops (the outcome of what was read is still answered).
 * Excess files are read only to learn their names, never stored.
 */
const LIMITES_MULTIPART = {
  files: LIMITES_DOCUMENTO.archivosPorSubida,
  fields: 1000,
  parts: 2000,
  fieldSize: 1024,
  fieldNameSize: 100,
};
const LIMITE_SUPERADO = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

export interface SubidaProcesada {
  procesados: ArchivoProcesado[];
  /** The request held more parts than are read at all; those were not looked at. */
  partesSinLeer: boolean;
}

/**
 * Reads the multipart body part by part, as it arrives: each `id_tipo_documental` field applies to
 * the `archivo` parts after it (one field first sets it for all; repeating it sets one per file).
 * Every file is streamed to a temp file (never buffered), then incorporated or refused on its own.
 */
export async function procesarSubida(
  request: FastifyRequest,
  contexto: Omit<ContextoSubida, 'tipoDocumental'>,
): Promise<SubidaProcesada> {
  const { maxUploadBytes, maxUploadMb } = request.server.storageConfig;
  const procesados: ArchivoProcesado[] = [];
  let tipoDocumental: { id: number; nombre: string } | undefined;
  // A bad tipo after some files were stored refuses the files after it, not the ones stored.
  let tipoRechazado: ApiHttpError | undefined;
  try {
    // Busboy stops counting at the limit and skips the rest of that file, so the next parts still arrive.
    const opciones = { limits: { ...LIMITES_MULTIPART, fileSize: maxUploadBytes }, throwFileSizeLimit: false };
    const parts = request.parts(opciones as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== CAMPOS_SUBIDA.tipoDocumental) continue;
        try {
          tipoDocumental = await tipoIndicado(request, part.value);
          tipoRechazado = undefined;
        } catch (error) {
          if (!(error instanceof ApiHttpError) || procesados.length === 0) throw error;
          tipoRechazado = error;
        }
        continue;
      }
      if (part.fieldname !== CAMPOS_SUBIDA.archivo) {
        part.file.resume();
        continue;
      }
      const nombre = normaliseFilename(part.filename ?? '');
      if (procesados.length >= MAX_ARCHIVOS_POR_ENVIO) {
        part.file.resume();
        const rechazo = rechazos.demasiadosArchivos(nombre, MAX_ARCHIVOS_POR_ENVIO);
        procesados.push({ resultado: rechazado(nombre, rechazo), rechazo });
        continue;
      }
      if (tipoRechazado) {
        part.file.resume();
        const rechazo = new RechazoArchivo(
          400,
          'VALIDATION',
          `El archivo «${nombre}» no se incorporó: ${tipoRechazado.message}`,
        );
        procesados.push({ resultado: rechazado(nombre, rechazo), rechazo });
        continue;
      }
      if (!tipoDocumental) {
        part.file.resume();
        throw tipoDocumentalObligatorio();
      }
      procesados.push(
        await procesarArchivo(part.file as Readable & { truncated?: boolean }, nombre, maxUploadBytes, maxUploadMb, {
          ...contexto,
          tipoDocumental,
        }),
      );
    }
  } catch (error) {
    if (!LIMITE_SUPERADO.has((error as { code?: string }).code ?? '')) throw error;
    // What was stored stays stored and is reported; only the parts after the limit go unread.
    if (procesados.length === 0) throw demasiadasPartes();
    return { procesados, partesSinLeer: true };
  }
  return { procesados, partesSinLeer: false };
}

async function procesarArchivo(
  file: Readable & { truncated?: boolean },
  nombre: string,
  maxBytes: number,
  maxMb: number,
  contexto: ContextoSubida,
): Promise<ArchivoProcesado> {
  try {
    const recibido = await receiveToTemp(file, { tempDir: contexto.storage.tempDir, maxBytes }).catch(
      (error: unknown) => {
        if (error instanceof EmptyFileError) throw rechazos.vacio(nombre);
        if (error instanceof FileTooLargeError) throw rechazos.demasiadoGrande(nombre, maxMb);
        throw error;
      },
    );
    if (file.truncated) {
      await discardTempFile(recibido.tempPath);
      throw rechazos.demasiadoGrande(nombre, maxMb);
    }
    return { resultado: await incorporarArchivo(contexto, { ...recibido, nombre }) };
  } catch (error) {
    if (error instanceof RechazoArchivo) {
      contexto.log.info({ nombre, code: error.code }, 'archivo rechazado');
      return { resultado: rechazado(nombre, error), rechazo: error };
    }
    throw error;
  }
}

async function tipoIndicado(request: FastifyRequest, valor: unknown): Promise<{ id: number; nombre: string }> {
  const texto = typeof valor === 'string' ? valor.trim() : '';
  const id = /^[0-9]{1,9}$/.test(texto) ? Number(texto) : NaN;
  const tipo = Number.isInteger(id) ? await findTipoDocumental(request.server.db, id) : undefined;
  if (!tipo) throw tipoDocumentalNoExiste();
  if (!tipo.activo) throw tipoDocumentalInactivo();
  return { id: tipo.id, nombre: tipo.nombre };
}
