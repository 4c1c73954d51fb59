import { pipeline, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { OrigenHallazgo } from '@ecodigital/contracts/integridad';
import { ExpiringCache, perDatabase } from '../../shared/expiring-cache';
import { registrarHallazgo } from './hallazgos';
import { huellaAlmacenada, verificarAlPasar } from './huella';

/** What serving a document needs to know to check it. */
interface DocumentoServido {
  id_documento: number;
  clave_almacen: string;
  huella: string;
}

export interface Servicio {
  request: FastifyRequest;
  documento: DocumentoServido;
  origen: Extract<OrigenHallazgo, 'descarga' | 'vista'>;
  id_usuario: number;
}

/** Records what a download or preview found; a failure to record is logged, never thrown at the client. */
function anotar(servicio: Servicio, tipo: 'archivo_alterado' | 'archivo_ausente', huellaEncontrada?: string) {
  const { request, documento } = servicio;
  return registrarHallazgo(request.server.db, request.log, {
    id_documento: documento.id_documento,
    tipo,
    origen: servicio.origen,
    huella_encontrada: huellaEncontrada,
    id_usuario: servicio.id_usuario,
  }).catch((error: unknown) =>
    request.log.error({ err: error, id_documento: documento.id_documento }, 'integridad: no se anotó el hallazgo'),
  );
}

/** A download or preview found the stored file missing. */
export function archivoAusenteAlServir(servicio: Servicio): Promise<unknown> {
  return anotar(servicio, 'archivo_ausente');
}

/**
 * The whole file as it streams to the client, checked against its SHA-256 (see `verificarAlPasar`):
 * a mismatch ends the transfer before its last byte and is recorded.
 */
export function comprobandoAlServir(servicio: Servicio, contenido: Readable): Readable {
  const verificador = verificarAlPasar(servicio.documento.huella, (encontrada) => {
    void anotar(servicio, 'archivo_alterado', encontrada);
  });
  // An error on either side destroys both: the socket closes with the answer incomplete.
  return pipeline(contenido, verificador, () => {});
}

/**
 * What the whole file was found to be a moment ago (its SHA-256, or `ausente`): the many ranges a
 * viewer asks of one file do not each read all of it again, nor record the same finding again.
 * Short-lived, so an alteration is caught at the next look.
 */
const comprobados = perDatabase<object, ExpiringCache<string>>(() => new ExpiringCache<string>(60_000, 1_000));

/**
 * Before a byte range is sent: the whole stored file must match its SHA-256 (a range alone cannot
 * tell). `false`: it does not (recorded); `undefined`: the file is missing (the caller answers that).
 */
export async function intactoAntesDeUnRango(servicio: Servicio): Promise<boolean | undefined> {
  const { documento, request } = servicio;
  const encontrada = await comprobados(request.server.db).get(documento.clave_almacen, async () => {
    const huella = await huellaAlmacenada(request.server.storage, documento.clave_almacen);
    if (huella !== undefined && huella !== documento.huella) await anotar(servicio, 'archivo_alterado', huella);
    return huella ?? 'ausente';
  });
  if (encontrada === 'ausente') return undefined;
  return encontrada === documento.huella;
}
