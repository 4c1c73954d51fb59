import { DETALLE_DENEGACIONES } from '@ecodigital/contracts/administracion.rules';
import type { FastifyRequest } from 'fastify';
import { ApiHttpError } from './errors';
import { callerLeido } from './caller/caller';

/** Why a caller was refused: the expediente (or document) exists but is hidden, does not exist, or is seen without gestión. */
type MotivoDenegacion = 'no_visible' | 'no_existe' | 'sin_gestion';

const TABLAS = {
  expediente: { tabla: 'expediente', columna: 'id_expediente' },
  documento: { tabla: 'documento', columna: 'id_documento' },
} as const;

const CODIGOS_SIN_GESTION = new Set(['SIN_GESTION', 'GESTION_POR_ACCESO']);

/** At most this many distinct ids refused are kept per person, route, reason and day. */
const IDS_POR_DIA = DETALLE_DENEGACIONES.idsPorDia;

/**
 * Leaves a trace of a refusal about an expediente or a document named by the route's `:id`: a 404
 * (hidden or missing) or a 403 for lack of gestión. Logged with who was refused what, and counted per person,
 * route, reason and day in `acceso_denegado` (one row per combination, never one per refusal, so
 * a person probing ids cannot fill the disk). Never throws: the answer is the refusal's whatever
 * happens here.
 */
export async function registrarDenegacion(request: FastifyRequest, error: ApiHttpError): Promise<void> {
  const sinGestion = error.statusCode === 403 && CODIGOS_SIN_GESTION.has(error.code);
  const oculto = error.statusCode === 404 && error.sobre !== undefined;
  const caller = callerLeido(request);
  if ((!sinGestion && !oculto) || !caller) return;
  const ruta = request.routeOptions.url ?? request.url.split('?')[0]!;
  try {
    const { id_usuario, principal } = await caller;
    const crudo = (request.params as { id?: unknown }).id;
    const id = typeof crudo === 'string' ? crudo.slice(0, 20) : '';
    const numerico = /^[0-9]{1,9}$/.test(id) ? Number(id) : undefined;
    const db = request.server.db;
    let motivo: MotivoDenegacion = 'sin_gestion';
    if (error.sobre) {
      const { tabla, columna } = TABLAS[error.sobre];
      const existe =
        numerico !== undefined &&
        (await db.query(`SELECT 1 FROM ${tabla} WHERE ${columna} = $1`, [numerico])).length > 0;
      motivo = existe ? 'no_visible' : 'no_existe';
    }
    const clave = `${request.method} ${ruta}`;
    request.log.info({ id_usuario, sub: principal.sub, ruta: clave, id, motivo }, 'acceso denegado');
    await db.query(
      `INSERT INTO acceso_denegado (dia, id_usuario, ruta, motivo, ids)
       VALUES ((now() AT TIME ZONE 'Europe/Madrid')::date, $1, $2, $3, CASE WHEN $4 = '' THEN '{}'::text[] ELSE ARRAY[$4] END)
       ON CONFLICT (dia, id_usuario, ruta, motivo) DO UPDATE SET
         veces = least(acceso_denegado.veces, 2147483646) + 1,
         ultima_en = now(),
         ids = CASE WHEN $4 = '' OR $4 = ANY(acceso_denegado.ids) OR cardinality(acceso_denegado.ids) >= ${IDS_POR_DIA}
                    THEN acceso_denegado.ids ELSE acceso_denegado.ids || $4 END`,
      [id_usuario, clave, motivo, id],
    );
  } catch (fallo) {
    request.log.warn({ err: fallo }, 'no se pudo registrar un acceso denegado');
  }
}
