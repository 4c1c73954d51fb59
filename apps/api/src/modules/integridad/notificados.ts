import { LIMITES_NOTIFICACIONES, type Notificacion } from '@ecodigital/contracts/notificaciones';
import type { Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { isoString } from '../../shared/dates';
import { nombreCompletoSql } from '../../shared/sql';

/** Who is told at once of a file found missing or altered. */
const PERMISO_AVISOS = 'administracion.integridad';

/**
 * Findings newer than what the caller marked seen and than the notification window, for those with
 * `PERMISO_AVISOS` only. They see them whatever the expediente: the permission is to watch over
 * every stored file (the Integridad screen lists them all too).
 */
const NO_VISTOS = `h.detectado_en > greatest(
    coalesce((SELECT v.visto_hasta FROM notificacion_visto v WHERE v.id_usuario = $1), '-infinity'::timestamptz),
    now() - make_interval(days => $2))`;

const DESCRIPCION = {
  archivo_alterado: (orden: number, nombre: string) =>
    `El archivo del documento nº ${orden} «${nombre}» fue alterado: su SHA-256 ya no coincide con el índice.`,
  archivo_ausente: (orden: number, nombre: string) =>
    `El archivo del documento nº ${orden} «${nombre}» no está en el almacenamiento.`,
};

interface Row {
  id: string;
  tipo: keyof typeof DESCRIPCION;
  detectado_en: Date;
  orden: number;
  nombre: string;
  id_expediente: number;
  numero: string;
  asunto: string;
  id_usuario: number | null;
  nombre_completo: string | null;
}

export async function findHallazgosNoVistos(db: Queryable, caller: Caller): Promise<Notificacion[]> {
  if (!caller.permisos.includes(PERMISO_AVISOS)) return [];
  const rows = await db.query<Row>(
    `SELECT h.id::text AS id, h.tipo, h.detectado_en, d.orden, d.nombre, e.id_expediente, e.numero, e.asunto,
            u.id_usuario, CASE WHEN u.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('u')} END AS nombre_completo
     FROM integridad_hallazgo h
     JOIN documento d ON d.id_documento = h.id_documento
     JOIN expediente e ON e.id_expediente = h.id_expediente
     LEFT JOIN usuario u ON u.id_usuario = h.id_usuario
     WHERE ${NO_VISTOS}
     ORDER BY h.detectado_en DESC, h.id DESC
     LIMIT $3`,
    [caller.id_usuario, LIMITES_NOTIFICACIONES.dias, LIMITES_NOTIFICACIONES.eventos],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    tipo: 'integridad',
    descripcion: DESCRIPCION[row.tipo](row.orden, row.nombre),
    fecha: isoString(row.detectado_en),
    usuario: row.id_usuario === null ? null : { id_usuario: row.id_usuario, nombre_completo: row.nombre_completo! },
    expediente: { id_expediente: row.id_expediente, numero: row.numero, asunto: row.asunto },
  }));
}

export async function contarHallazgosNoVistos(db: Queryable, caller: Caller): Promise<number> {
  if (!caller.permisos.includes(PERMISO_AVISOS)) return 0;
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::integer AS total FROM (
       SELECT 1 FROM integridad_hallazgo h WHERE ${NO_VISTOS} LIMIT $3
     ) AS no_vistos`,
    [caller.id_usuario, LIMITES_NOTIFICACIONES.dias, LIMITES_NOTIFICACIONES.noVistosMax],
  );
  return row?.total ?? 0;
}
