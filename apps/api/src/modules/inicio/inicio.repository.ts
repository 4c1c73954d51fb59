import type {
  ActividadEvento,
  CifrasInicio,
  DocumentosPorTipo,
  ExpedientesPorMes,
  MiExpediente,
} from '@ecodigital/contracts/inicio';
import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../shared/caller/caller';
import { isoString } from '../../shared/dates';
import { INICIO_HOY, INICIO_MES, MES_ACTUAL, ultimosMeses } from './period.sql';
import { expedientesVisibles, findEventosConContexto, veTodosLosExpedientes } from '../expedientes/expedientes.public';

/** Reads recorded in the historial before they were counted apart (migration 013): left out of "Actividad reciente" (and of its index). */
const EVENTOS_LECTURA = `('consulta', 'documento_descargado', 'documento_previsualizado')`;

/**
 * Documents incorporated today, not anulados, in expedientes the caller may see. Seeing them all
 * spares the join: an index-only count on `documento_hoy_idx`.
 */
export async function contarDocumentosHoy(db: Queryable, caller: Caller): Promise<number> {
  const params = new SqlParams();
  const visibles = veTodosLosExpedientes(caller)
    ? ''
    : `AND EXISTS (SELECT 1 FROM expediente e WHERE e.id_expediente = d.id_expediente AND ${expedientesVisibles(caller, params, 'e')})`;
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::integer AS total FROM documento d
     WHERE d.fecha_incorporacion >= ${INICIO_HOY} AND NOT d.anulado ${visibles}`,
    params.values,
  );
  return row?.total ?? 0;
}

type CifrasExpedientes = Omit<CifrasInicio, 'documentos_hoy'>;

async function contarExpedientes(db: Queryable, caller: Caller): Promise<CifrasExpedientes> {
  if (veTodosLosExpedientes(caller)) {
    const [row] = await db.query<CifrasExpedientes>(
      `SELECT coalesce(sum(total) FILTER (WHERE clave = 'estado:abierto'), 0)::integer AS abiertos,
              coalesce(sum(total) FILTER (WHERE clave = 'estado:en_tramite'), 0)::integer AS en_tramite,
              coalesce(sum(total) FILTER (WHERE clave = 'cierre:' || ${MES_ACTUAL}), 0)::integer AS cerrados_este_mes
       FROM cifra
       WHERE clave IN ('estado:abierto', 'estado:en_tramite', 'cierre:' || ${MES_ACTUAL})`,
    );
    return row!;
  }
  const params = new SqlParams();
  const visibles = () => expedientesVisibles(caller, params, 'e');
  const [row] = await db.query<CifrasExpedientes>(
    `SELECT (SELECT count(*) FROM expediente e WHERE e.estado = 'abierto' AND ${visibles()})::integer AS abiertos,
            (SELECT count(*) FROM expediente e WHERE e.estado = 'en_tramite' AND ${visibles()})::integer AS en_tramite,
            (SELECT count(*) FROM expediente e
             WHERE e.fecha_cierre IS NOT NULL AND e.fecha_cierre >= ${INICIO_MES} AND ${visibles()})::integer AS cerrados_este_mes`,
    params.values,
  );
  return row!;
}

export async function findCifras(db: Queryable, caller: Caller): Promise<CifrasInicio> {
  const [expedientes, documentosHoy] = await Promise.all([
    contarExpedientes(db, caller),
    contarDocumentosHoy(db, caller),
  ]);
  return { ...expedientes, documentos_hoy: documentosHoy };
}

export async function findPorMes(db: Queryable, caller: Caller, meses: number): Promise<ExpedientesPorMes> {
  if (veTodosLosExpedientes(caller)) {
    return db.query(
      `SELECT m.mes,
              coalesce((SELECT sum(total) FROM cifra WHERE clave = 'apertura:' || m.mes), 0)::integer AS abiertos,
              coalesce((SELECT sum(total) FROM cifra WHERE clave = 'cierre:' || m.mes), 0)::integer AS cerrados
       FROM ${ultimosMeses(meses)} AS m
       ORDER BY m.mes`,
    );
  }
  const params = new SqlParams();
  return db.query(
    `SELECT m.mes,
            (SELECT count(*) FROM expediente e
             WHERE e.fecha_apertura >= m.desde AND e.fecha_apertura < m.hasta
               AND ${expedientesVisibles(caller, params, 'e')})::integer AS abiertos,
            (SELECT count(*) FROM expediente e
             WHERE e.fecha_cierre IS NOT NULL AND e.fecha_cierre >= m.desde AND e.fecha_cierre < m.hasta
               AND ${expedientesVisibles(caller, params, 'e')})::integer AS cerrados
     FROM ${ultimosMeses(meses)} AS m
     ORDER BY m.mes`,
    params.values,
  );
}

/** Every tipo documental, in catalogue order, with its count of documents not anulados. */
export async function findPorTipoDocumental(db: Queryable, caller: Caller): Promise<DocumentosPorTipo> {
  if (veTodosLosExpedientes(caller)) {
    return db.query(
      `SELECT t.id AS id_tipo_documental, t.nombre, coalesce(sum(c.total), 0)::integer AS total
       FROM tipo_documental t
       LEFT JOIN cifra c ON c.clave = 'tipo_documental:' || t.id
       GROUP BY t.id
       ORDER BY t.orden, t.id`,
    );
  }
  const params = new SqlParams();
  return db.query(
    `SELECT t.id AS id_tipo_documental, t.nombre, count(d.id_documento)::integer AS total
     FROM tipo_documental t
     LEFT JOIN (documento d JOIN expediente e ON e.id_expediente = d.id_expediente
                AND ${expedientesVisibles(caller, params, 'e')})
       ON d.id_tipo_documental = t.id AND NOT d.anulado
     GROUP BY t.id
     ORDER BY t.orden, t.id`,
    params.values,
  );
}

/** The caller's open expedientes (responsable), oldest first. */
export async function findMisExpedientes(db: Queryable, caller: Caller, limite: number): Promise<MiExpediente[]> {
  const params = new SqlParams();
  const rows = await db.query<Omit<MiExpediente, 'fecha_apertura'> & { fecha_apertura: Date }>(
    `SELECT e.id_expediente, e.numero, e.asunto, e.estado, e.fecha_apertura
     FROM expediente e
     WHERE e.id_responsable = ${params.add(caller.id_usuario)}
       AND e.estado IN ('abierto', 'en_tramite')
       AND ${expedientesVisibles(caller, params, 'e')}
     ORDER BY e.fecha_apertura, e.id_expediente
     LIMIT ${params.add(limite)}`,
    params.values,
  );
  return rows.map((row) => ({ ...row, fecha_apertura: isoString(row.fecha_apertura) }));
}

/** The latest changes (not readings) across the expedientes the caller may see. */
export function findActividad(db: Queryable, caller: Caller, limite: number): Promise<ActividadEvento[]> {
  const params = new SqlParams();
  return findEventosConContexto(
    db,
    `h.evento NOT IN ${EVENTOS_LECTURA} AND ${expedientesVisibles(caller, params, 'e')}`,
    params,
    limite,
  );
}
