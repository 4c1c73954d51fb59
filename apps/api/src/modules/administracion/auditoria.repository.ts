import type {
  AuditoriaExportQuery,
  AuditoriaPagina,
  AuditoriaQuery,
  EntidadAuditoria,
  RegistroAuditoria,
} from '@ecodigital/contracts/administracion';
import { LIMITES_ADMINISTRACION } from '@ecodigital/contracts/administracion.rules';
import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import { isoString } from '../../shared/dates';
import { escapeLike, nombreCompletoSql } from '../../shared/sql';
import { detallesLegibles } from './auditoria.legible';

interface RegistroRow extends Omit<RegistroAuditoria, 'fecha' | 'usuario' | 'id' | 'detalle'> {
  id: string | number;
  creado_en: Date;
  id_usuario: number | null;
  username: string | null;
  nombre_completo: string | null;
  total: number;
}

/** The list's filters as SQL conditions on `auditoria a`; days in Europe/Madrid, both ends included. */
function condicionesDe(query: AuditoriaExportQuery, params: SqlParams): string[] {
  const condiciones: string[] = [];
  if (query.entidad) condiciones.push(`a.entidad = ${params.add(query.entidad)}`);
  if (query.usuario !== undefined) condiciones.push(`a.id_usuario = ${params.add(query.usuario)}`);
  if (query.desde) {
    condiciones.push(`a.creado_en >= (${params.add(query.desde)}::date)::timestamp AT TIME ZONE 'Europe/Madrid'`);
  }
  if (query.hasta) {
    condiciones.push(`a.creado_en < (${params.add(query.hasta)}::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'`);
  }
  const q = query.q?.trim();
  if (q) {
    condiciones.push(
      `lower(f_unaccent(a.descripcion)) LIKE '%' || lower(f_unaccent(${params.add(escapeLike(q))})) || '%'`,
    );
  }
  return condiciones;
}

const nombreSql = `CASE WHEN u.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('u')} END`;

/** Newest first; each change with its detail as people read it. */
export async function findAuditoria(db: Queryable, query: AuditoriaQuery): Promise<AuditoriaPagina> {
  const params = new SqlParams();
  const condiciones = condicionesDe(query, params);
  const tamano = LIMITES_ADMINISTRACION.auditoriaPorPagina;
  const page = query.page ?? 1;
  const rows = await db.query<RegistroRow>(
    `SELECT a.id, a.creado_en, a.accion, a.entidad, a.id_entidad, a.descripcion, a.antes, a.despues,
            a.id_usuario, u.username, ${nombreSql} AS nombre_completo,
            count(*) OVER ()::integer AS total
     FROM auditoria a LEFT JOIN usuario u ON u.id_usuario = a.id_usuario
     ${condiciones.length ? `WHERE ${condiciones.join(' AND ')}` : ''}
     ORDER BY a.creado_en DESC, a.id DESC
     LIMIT ${params.add(tamano)} OFFSET ${params.add((page - 1) * tamano)}`,
    params.values,
  );
  const detalles = await detallesLegibles(db, rows);
  return {
    items: rows.map((row, indice) => ({
      id: Number(row.id),
      fecha: isoString(row.creado_en),
      usuario:
        row.id_usuario === null
          ? null
          : { id_usuario: row.id_usuario, username: row.username!, nombre_completo: row.nombre_completo! },
      accion: row.accion,
      entidad: row.entidad,
      id_entidad: row.id_entidad,
      descripcion: row.descripcion,
      antes: row.antes,
      despues: row.despues,
      detalle: detalles[indice]!,
    })),
    total: rows[0]?.total ?? 0,
    page,
    pageSize: tamano,
  };
}

/** One change as the CSV export needs it: the date already in Madrid's time, the person's name. */
export interface FilaAuditoriaExport {
  fecha: string;
  persona: string | null;
  accion: string;
  entidad: EntidadAuditoria;
  descripcion: string;
  antes: unknown;
  despues: unknown;
}

/** How many changes match the filters. */
export async function contarAuditoria(db: Queryable, query: AuditoriaExportQuery): Promise<number> {
  const params = new SqlParams();
  const condiciones = condicionesDe(query, params);
  const [cuenta] = await db.query<{ total: number }>(
    `SELECT count(*)::integer AS total FROM auditoria a
     ${condiciones.length ? `WHERE ${condiciones.join(' AND ')}` : ''}`,
    params.values,
  );
  return cuenta!.total;
}

/**
 * The changes matching the filters, newest first, at most `limite` of them, in keyset batches (no
 * OFFSET, no open transaction: a slow download holds no connection between batches).
 */
export async function* exportAuditoria(
  db: Queryable,
  query: AuditoriaExportQuery,
  limite: number,
  batchSize = 1000,
): AsyncGenerator<FilaAuditoriaExport[]> {
  let ultima: { creado_en: string; id: string } | undefined;
  let leidas = 0;
  while (leidas < limite) {
    const params = new SqlParams();
    const condiciones = condicionesDe(query, params);
    if (ultima) {
      condiciones.push(
        `(a.creado_en, a.id) < (${params.add(ultima.creado_en)}::timestamptz, ${params.add(ultima.id)}::bigint)`,
      );
    }
    const pedidas = Math.min(batchSize, limite - leidas);
    const rows = await db.query<FilaAuditoriaExport & { creado_en_texto: string; id: string }>(
      `SELECT a.id::text AS id, a.creado_en::text AS creado_en_texto,
              to_char(a.creado_en AT TIME ZONE 'Europe/Madrid', 'DD/MM/YYYY HH24:MI') AS fecha,
              ${nombreSql} AS persona, a.accion, a.entidad, a.descripcion, a.antes, a.despues
       FROM auditoria a LEFT JOIN usuario u ON u.id_usuario = a.id_usuario
       ${condiciones.length ? `WHERE ${condiciones.join(' AND ')}` : ''}
       ORDER BY a.creado_en DESC, a.id DESC
       LIMIT ${params.add(pedidas)}`,
      params.values,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pedidas) return;
    leidas += rows.length;
    const ultimaFila = rows[rows.length - 1]!;
    ultima = { creado_en: ultimaFila.creado_en_texto, id: ultimaFila.id };
  }
}
