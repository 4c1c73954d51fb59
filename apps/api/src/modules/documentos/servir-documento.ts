import type { FastifyReply, FastifyRequest } from 'fastify';
import { RangeNotSatisfiableError, StoredObjectNotFoundError } from '../../storage/document-storage';
import {
  coincideIfNoneMatch,
  contentDisposition,
  contentType,
  etagDe,
  nombreDeDescarga,
  rangoPedido,
} from './descarga';
import { archivoAlterado, archivoAusente, documentoEliminado, rangoNoValido } from './documentos.mensajes';
import {
  archivoAusenteAlServir,
  comprobandoAlServir,
  intactoAntesDeUnRango,
  type Servicio,
} from '../integridad/integridad.public';
import type { DocumentoAlmacenado } from './documentos.repository';
import type { Acceso } from './documentos.service';

/**
 * Sandboxed and with nothing to load: a previewed file cannot run script or reach anything.
 * Chromium's PDF viewer still shows a PDF opened under `sandbox` (checked by hand and by the e2e
 * preview), so PDFs get it too.
 */
const CSP_VISTA = "default-src 'none'; img-src 'self' data: blob:; style-src 'unsafe-inline'; sandbox";

/**
 * Sends a stored document's bytes, as a download or a preview: the SHA-256 as a strong ETag
 * (`If-None-Match` answers 304 and nothing is recorded), single byte ranges (206/416), the detected
 * type with nosniff, a download name with the right extension, and for previews a CSP of their own.
 * `registrar` writes the historial event once the bytes are at hand (not for a later range of the
 * same download, nor when the stored file is missing). The bytes are checked against the SHA-256
 * (issue 20): a whole file as it streams, ending the transfer before its last byte if it does not
 * match; a range only after the whole file was found intact. What is found is recorded.
 */
export async function servirDocumento(
  request: FastifyRequest,
  reply: FastifyReply,
  documento: DocumentoAlmacenado,
  acceso: Acceso,
  idUsuario: number,
  registrar: () => Promise<void>,
) {
  if (documento.eliminado) throw documentoEliminado(documento.eliminado.acta);
  const servicio: Servicio = { request, documento, origen: acceso, id_usuario: idUsuario };
  const etag = etagDe(documento.huella);
  reply
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('cache-control', 'private, no-cache');
  // The client already holds these bytes: nothing is transferred, so nothing goes to the historial.
  if (coincideIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rango =
    ifRange === undefined || ifRange === etag
      ? rangoPedido(request.headers.range, documento.tamano)
      : ({ tipo: 'completo' } as const);
  if (rango.tipo === 'insatisfacible') {
    reply.header('content-range', `bytes */${documento.tamano}`);
    throw rangoNoValido();
  }
  const parcial = rango.tipo === 'parcial' ? { start: rango.start, end: rango.end } : undefined;
  const ausente = async () => {
    request.log.error({ id_documento: documento.id_documento }, 'archivo ausente del almacenamiento');
    await archivoAusenteAlServir(servicio);
    return archivoAusente();
  };
  if (parcial && request.method !== 'HEAD') {
    const intacto = await intactoAntesDeUnRango(servicio);
    if (intacto === undefined) throw await ausente();
    if (!intacto) throw archivoAlterado();
  }
  let contenido;
  try {
    contenido = await request.server.storage.read(documento.clave_almacen, parcial);
  } catch (error) {
    if (error instanceof RangeNotSatisfiableError) {
      throw rangoNoValido();
    }
    if (error instanceof StoredObjectNotFoundError) throw await ausente();
    throw error;
  }
  // One download is one historial event, not one per chunk a viewer fetches; only once the bytes
  // are at hand, so a file missing from storage is not recorded as downloaded.
  if (request.method !== 'HEAD' && (rango.tipo === 'completo' || rango.start === 0)) {
    try {
      await registrar();
    } catch (error) {
      contenido.destroy();
      throw error;
    }
  }
  if (!parcial && request.method !== 'HEAD') contenido = comprobandoAlServir(servicio, contenido);
  contenido.on('error', (error) => request.log.error({ err: error }, 'envío de documento interrumpido'));
  reply
    .header('content-type', contentType(documento.mime))
    .header(
      'content-disposition',
      contentDisposition(
        acceso === 'vista' ? 'inline' : 'attachment',
        nombreDeDescarga(documento.nombre, documento.formato),
      ),
    );
  if (acceso === 'vista') {
    reply.header('content-security-policy', CSP_VISTA);
  }
  if (parcial) {
    reply.code(206).header('content-range', `bytes ${parcial.start}-${parcial.end}/${documento.tamano}`);
    reply.header('content-length', parcial.end - parcial.start + 1);
  } else {
    reply.header('content-length', documento.tamano);
  }
  return reply.send(contenido);
}
