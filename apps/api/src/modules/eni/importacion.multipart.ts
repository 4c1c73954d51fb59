import { CAMPOS_IMPORTACION_ENI } from '@ecodigital/contracts/eni';
import { LIMITES_EXPEDIENTE } from '@ecodigital/contracts/expedientes';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiHttpError } from '../../shared/errors';
import { EmptyFileError, FileTooLargeError, receiveToTemp } from '../../storage/receive';
import { discardTempFile } from '../../storage/temp-files';
import { MENSAJES_IMPORTACION, rechazoImportacion } from './eni.mensajes';
import type { DestinoImportacion } from './importacion.service';

/** One ZIP and a few short fields: anything past these is not read. */
const LIMITES_MULTIPART = { files: 1, fields: 10, parts: 20, fieldSize: 1024, fieldNameSize: 100 };
const LIMITE_SUPERADO = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

export interface EnvioImportacion {
  destino: DestinoImportacion;
  /** The ZIP, received into a temp file: the caller discards it. */
  zip: string;
}

const id = (valor: string | undefined) => (valor && /^[0-9]{1,9}$/.test(valor.trim()) ? Number(valor) : undefined);

/**
 * Reads the form of an ENI import as it arrives: the fields (`id_unidad`, `id_tipo`, optional
 * `asunto`, before or after the file) and the `archivo` streamed to a temp file within the upload
 * size limit, never held in memory. A refusal removes the temp file.
 */
export async function recibirImportacion(request: FastifyRequest): Promise<EnvioImportacion> {
  if (!request.isMultipart()) throw new ApiHttpError(415, MENSAJES_IMPORTACION.noEsMultipart, 'UNSUPPORTED_MEDIA_TYPE');
  const { maxUploadBytes, maxUploadMb } = request.server.storageConfig;
  const campos = new Map<string, string>();
  let zip: string | undefined;
  try {
    const opciones = { limits: { ...LIMITES_MULTIPART, fileSize: maxUploadBytes }, throwFileSizeLimit: false };
    for await (const part of request.parts(opciones as Parameters<FastifyRequest['parts']>[0])) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') campos.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== CAMPOS_IMPORTACION_ENI.archivo || zip) {
        part.file.resume();
        continue;
      }
      const file = part.file as Readable & { truncated?: boolean };
      const recibido = await receiveToTemp(file, { tempDir: request.server.storage.tempDir, maxBytes: maxUploadBytes });
      zip = recibido.tempPath;
      if (file.truncated) throw rechazoImportacion(MENSAJES_IMPORTACION.demasiadoGrande(maxUploadMb), 413);
    }
  } catch (error) {
    if (zip) await discardTempFile(zip);
    if (error instanceof EmptyFileError) throw rechazoImportacion(MENSAJES_IMPORTACION.archivoVacio);
    if (error instanceof FileTooLargeError) {
      throw rechazoImportacion(MENSAJES_IMPORTACION.demasiadoGrande(maxUploadMb), 413);
    }
    if (LIMITE_SUPERADO.has((error as { code?: string }).code ?? '')) {
      throw rechazoImportacion(MENSAJES_IMPORTACION.camposDeMas);
    }
    throw error;
  }
  const id_unidad = id(campos.get(CAMPOS_IMPORTACION_ENI.unidad));
  const id_tipo = id(campos.get(CAMPOS_IMPORTACION_ENI.tipo));
  const asunto = campos.get(CAMPOS_IMPORTACION_ENI.asunto)?.trim();
  const asuntoMal =
    asunto && (asunto.length < LIMITES_EXPEDIENTE.asuntoMin || asunto.length > LIMITES_EXPEDIENTE.asuntoMax);
  if (!zip || id_unidad === undefined || id_tipo === undefined || asuntoMal) {
    if (zip) await discardTempFile(zip);
    if (!zip) throw rechazoImportacion(MENSAJES_IMPORTACION.sinArchivo);
    if (asuntoMal) {
      throw rechazoImportacion(
        MENSAJES_IMPORTACION.asuntoNoValido(LIMITES_EXPEDIENTE.asuntoMin, LIMITES_EXPEDIENTE.asuntoMax),
      );
    }
    throw rechazoImportacion(MENSAJES_IMPORTACION.camposObligatorios);
  }
  return { destino: { id_unidad, id_tipo, ...(asunto ? { asunto } : {}) }, zip };
}
