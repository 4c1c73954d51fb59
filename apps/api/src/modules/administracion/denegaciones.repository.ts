import {
  DETALLE_DENEGACIONES,
  DIAS_DENEGACIONES,
  LIMITES_ADMINISTRACION,
  type Denegacion,
  type DenegacionesPagina,
  type DenegacionesQuery,
} from '@ecodigital/contracts/administracion';
import type { Queryable } from '../../db/database';
import { isoString } from '../../shared/dates';
import { nombreCompletoSql } from '../../shared/sql';

interface FilaPersona {
  id_usuario: number;
  username: string;
  nombre_completo: string;
  veces: number;
  no_visible: number;
  no_existe: number;
  sin_gestion: number;
  dias: number;
  ultima_en: Date;
  detalle: (Omit<Denegacion, 'primera_en' | 'ultima_en'> & { primera_en: string; ultima_en: string })[];
}

/**
 * The people refused in the last `dias` days (Europe/Madrid, today included), the most refused
 * first, with their totals by reason and their newest 20 rows: a page of people, each of bounded size.
 */
export async function findDenegaciones(db: Queryable, query: DenegacionesQuery): Promise<DenegacionesPagina> {
  const dias = query.dias ?? DIAS_DENEGACIONES.porDefecto;
  const page = query.page ?? 1;
  const tamano = LIMITES_ADMINISTRACION.auditoriaPorPagina;
  const [desde] = await db.query<{ dia: string }>(
    `SELECT to_char((now() AT TIME ZONE 'Europe/Madrid')::date - ($1::integer - 1), 'YYYY-MM-DD') AS dia`,
    [dias],
  );
  const filas = await db.query<FilaPersona>(
    `WITH periodo AS (SELECT * FROM acceso_denegado WHERE dia >= $1::date),
     personas AS (
       SELECT id_usuario, sum(veces)::integer AS veces,
              coalesce(sum(veces) FILTER (WHERE motivo = 'no_visible'), 0)::integer AS no_visible,
              coalesce(sum(veces) FILTER (WHERE motivo = 'no_existe'), 0)::integer AS no_existe,
              coalesce(sum(veces) FILTER (WHERE motivo = 'sin_gestion'), 0)::integer AS sin_gestion,
              count(DISTINCT dia)::integer AS dias, max(ultima_en) AS ultima_en
       FROM periodo GROUP BY id_usuario
     )
     SELECT p.*, u.username, ${nombreCompletoSql('u')} AS nombre_completo,
            ARRAY(
              SELECT json_build_object(
                'dia', to_char(d.dia, 'YYYY-MM-DD'), 'ruta', d.ruta, 'motivo', d.motivo, 'veces', d.veces,
                'ids', d.ids, 'primera_en', d.primera_en, 'ultima_en', d.ultima_en)
              FROM periodo d WHERE d.id_usuario = p.id_usuario
              ORDER BY d.ultima_en DESC LIMIT ${DETALLE_DENEGACIONES.filasPorPersona}
            ) AS detalle
     FROM personas p JOIN usuario u ON u.id_usuario = p.id_usuario
     ORDER BY p.veces DESC, p.ultima_en DESC, p.id_usuario
     LIMIT $2 OFFSET $3`,
    [desde!.dia, tamano, (page - 1) * tamano],
  );
  return {
    items: filas.map((fila) => ({
      persona: { id_usuario: fila.id_usuario, username: fila.username, nombre_completo: fila.nombre_completo },
      veces: fila.veces,
      no_visible: fila.no_visible,
      no_existe: fila.no_existe,
      sin_gestion: fila.sin_gestion,
      dias: fila.dias,
      ultima_en: isoString(fila.ultima_en),
      detalle: fila.detalle.map((d) => ({
        ...d,
        primera_en: isoString(d.primera_en),
        ultima_en: isoString(d.ultima_en),
      })),
    })),
    total: await contarPersonas(db, desde!.dia),
    page,
    pageSize: tamano,
    desde: desde!.dia,
  };
}

async function contarPersonas(db: Queryable, desde: string): Promise<number> {
  const [fila] = await db.query<{ total: number }>(
    'SELECT count(DISTINCT id_usuario)::integer AS total FROM acceso_denegado WHERE dia >= $1::date',
    [desde],
  );
  return fila?.total ?? 0;
}
