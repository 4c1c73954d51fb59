import {
  LIMITES_NOTIFICACIONES,
  type Notificacion,
  type Notificaciones,
  type NotificacionesPagina,
} from '@ecodigital/contracts/notificaciones';
import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../shared/caller/caller';
import {
  type EventoConContexto,
  expedientesVisibles,
  findEventosConContexto,
  veTodosLosExpedientes,
} from '../expedientes/expedientes.public';
import { DIA_HOY, INICIO_HOY, contarDocumentosHoy } from '../inicio/inicio.public';
import { contarHallazgosNoVistos, findHallazgosNoVistos } from '../integridad/integridad.public';

type CifrasHoy = Notificaciones['cifras'];

export async function findCifrasHoy(db: Queryable, caller: Caller): Promise<CifrasHoy> {
  const params = new SqlParams();
  // Downloads are counted per person, document and day (`lectura`): today's rows, added up.
  // Seeing every expediente spares the join (`lectura_descargas_idx`).
  const descargasVisibles = veTodosLosExpedientes(caller)
    ? ''
    : `AND EXISTS (SELECT 1 FROM expediente e WHERE e.id_expediente = l.id_expediente AND ${expedientesVisibles(caller, params, 'e')})`;
  const [[row], documentosHoy] = await Promise.all([
    db.query<Omit<CifrasHoy, 'documentos_subidos_hoy'>>(
      `SELECT (SELECT coalesce(sum(l.veces), 0) FROM lectura l
               WHERE l.evento = 'documento_descargado' AND l.dia = ${DIA_HOY}
                 ${descargasVisibles})::integer AS descargas_hoy,
              (SELECT count(*) FROM expediente e
               WHERE e.fecha_apertura >= ${INICIO_HOY} AND ${expedientesVisibles(caller, params, 'e')})::integer AS expedientes_nuevos_hoy`,
      params.values,
    ),
    contarDocumentosHoy(db, caller),
  ]);
  return { documentos_subidos_hoy: documentosHoy, ...row! };
}

/**
 * The instant up to which the caller's notifications count as read: their `visto_hasta` (what they
 * marked seen) or the start of the notification window, whichever is later. Older events are
 * history, not news: the badge does not count them and the notifications page shows them read.
 */
function leidasHasta(yo: string, params: SqlParams): string {
  return `greatest(
      coalesce((SELECT v.visto_hasta FROM notificacion_visto v WHERE v.id_usuario = ${yo}), '-infinity'::timestamptz),
      now() - make_interval(days => ${params.add(LIMITES_NOTIFICACIONES.dias)})
    )`;
}

/**
 * The caller's notifications: `historial.id_notificado` (filled by a trigger, migration 005) is
 * them, on an expediente they still see. Every list of notifications starts here. Served by
 * `historial_notificado_idx`.
 */
function notificadas(yo: string, caller: Caller, params: SqlParams): string {
  return `h.id_notificado = ${yo} AND ${expedientesVisibles(caller, params, 'e')}`;
}

/** The caller's unseen events: their notifications newer than `leidasHasta`. */
function noVistos(caller: Caller, params: SqlParams): string {
  const yo = params.add(caller.id_usuario);
  return `${notificadas(yo, caller, params)} AND h.creado_en > ${leidasHasta(yo, params)}`;
}

/**
 * The grant as the person who received it reads it, from the historial line the grant wrote
 * («Concedió acceso de lectura a Ana Romero hasta el 31/12/2026.», `accesos.service.ts`): the level
 * and the last day, or that it has none. A line in another shape keeps the plain sentence.
 */
export function describirAccesoRecibido(descripcion: string): string {
  const partes = /^Concedió acceso de (lectura|gestión) a .+?(?: hasta el (\d{2}\/\d{2}\/\d{4}))?\.$/u.exec(
    descripcion,
  );
  if (!partes) return 'Le dio acceso al expediente.';
  const [, nivel, hasta] = partes;
  return `Le dio acceso de ${nivel} al expediente, ${hasta ? `hasta el ${hasta}` : 'sin fecha de fin'}.`;
}

function toNotificacion({ evento, descripcion, ...resto }: EventoConContexto): Notificacion {
  if (evento === 'documento_subido') return { ...resto, tipo: 'documento_subido', descripcion };
  // Avisos de plazo (modules/plazos/avisos.ts) say what falls due in their own words.
  if (evento === 'plazo_proximo' || evento === 'plazo_vence_hoy') return { ...resto, tipo: 'plazo', descripcion };
  if (evento === 'acceso_concedido')
    return { ...resto, tipo: 'acceso_concedido', descripcion: describirAccesoRecibido(descripcion) };
  return { ...resto, tipo: 'asignado', descripcion: 'Le asignó el expediente.' };
}

/** The caller's unseen events and, for administrators, the stored files found missing or altered. */
export async function findNoVistas(db: Queryable, caller: Caller): Promise<Notificacion[]> {
  const params = new SqlParams();
  const [eventos, hallazgos] = await Promise.all([
    findEventosConContexto(db, noVistos(caller, params), params, LIMITES_NOTIFICACIONES.eventos),
    findHallazgosNoVistos(db, caller),
  ]);
  return [...hallazgos, ...eventos.map(toNotificacion)]
    .sort((a, b) => b.fecha.localeCompare(a.fecha))
    .slice(0, LIMITES_NOTIFICACIONES.eventos);
}

export async function contarNoVistas(db: Queryable, caller: Caller): Promise<number> {
  const params = new SqlParams();
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::integer AS total FROM (
       SELECT 1 FROM historial h JOIN expediente e ON e.id_expediente = h.id_expediente
       WHERE ${noVistos(caller, params)}
       -- The index order keeps the planner on historial_notificado_idx whatever it guesses.
       ORDER BY h.creado_en DESC
       LIMIT ${params.add(LIMITES_NOTIFICACIONES.noVistosMax)}
     ) AS no_vistas`,
    params.values,
  );
  const hallazgos = await contarHallazgosNoVistos(db, caller);
  return Math.min((row?.total ?? 0) + hallazgos, LIMITES_NOTIFICACIONES.noVistosMax);
}

/**
 * A page of all the caller's notifications, newest first, each saying whether it is read; after
 * the notification `despuesDe` (its id: the page goes on strictly older than it) when given. Only
 * the historial's events: the integrity findings have their own screen (decision 0372).
 */
export async function findPaginaNotificaciones(
  db: Queryable,
  caller: Caller,
  { despuesDe, limite, soloNoLeidas }: { despuesDe?: number; limite: number; soloNoLeidas: boolean },
): Promise<NotificacionesPagina> {
  const params = new SqlParams();
  const yo = params.add(caller.id_usuario);
  const condiciones = [notificadas(yo, caller, params)];
  if (soloNoLeidas) condiciones.push(`h.creado_en > ${leidasHasta(yo, params)}`);
  if (despuesDe !== undefined) {
    // Another person's notification is no place to start from: the page is empty.
    condiciones.push(
      `(h.creado_en, h.id) < (SELECT c.creado_en, c.id FROM historial c WHERE c.id = ${params.add(despuesDe)} AND c.id_notificado = ${yo})`,
    );
  }
  const filas = await findEventosConContexto(db, condiciones.join(' AND '), params, limite + 1);
  const pagina = filas.slice(0, limite);
  const noLeidas = await idsNoLeidos(
    db,
    caller,
    pagina.map((fila) => fila.id),
  );
  return {
    items: pagina.map((fila) => ({ ...toNotificacion(fila), leida: !noLeidas.has(fila.id) })),
    siguiente: filas.length > limite ? pagina.at(-1)!.id : null,
  };
}

/** Which of these notifications (ids of the caller's, already read through `notificadas`) are unread. */
async function idsNoLeidos(db: Queryable, caller: Caller, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const params = new SqlParams();
  const yo = params.add(caller.id_usuario);
  const rows = await db.query<{ id: string }>(
    `SELECT h.id::text AS id FROM historial h
     WHERE h.id = ANY(${params.add(ids)}::bigint[]) AND h.id_notificado = ${yo} AND h.creado_en > ${leidasHasta(yo, params)}`,
    params.values,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** Everything up to now is seen; the mark never moves back. */
export async function marcarVistas(db: Queryable, caller: Caller): Promise<Date> {
  const [row] = await db.query<{ visto_hasta: Date }>(
    `INSERT INTO notificacion_visto (id_usuario, visto_hasta) VALUES ($1, now())
     ON CONFLICT (id_usuario) DO UPDATE SET visto_hasta = greatest(notificacion_visto.visto_hasta, EXCLUDED.visto_hasta)
     RETURNING visto_hasta`,
    [caller.id_usuario],
  );
  return row!.visto_hasta;
}
