import type { AuditoriaPagina, AuditoriaQuery, RegistroAuditoria } from '@ecodigital/contracts/administracion';
import { LIMITES_ADMINISTRACION } from '@ecodigital/contracts/administracion.rules';
import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import { isoString } from '../../shared/dates';
import { escapeLike, nombreCompletoSql } from '../../shared/sql';

interface RegistroRow extends Omit<RegistroAuditoria, 'fecha' | 'usuario' | 'id'> {
  id: string | number;
  creado_en: Date;
  id_usuario: number | null;
  username: string | null;
  nombre_completo: string | null;
  total: number;
}

/** Newest first; days in Europe/Madrid, both ends included. */
export async function findAuditoria(db: Queryable, query: AuditoriaQuery): Promise<AuditoriaPagina> {
  const params = new SqlParams();
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
  const tamano = LIMITES_ADMINISTRACION.auditoriaPorPagina;
  const page = query.page ?? 1;
  const rows = await db.query<RegistroRow>(
    `SELECT a.id, a.creado_en, a.accion, a.entidad, a.id_entidad, a.descripcion, a.antes, a.despues,
            a.id_usuario, u.username, CASE WHEN u.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('u')} END AS nombre_completo,
            count(*) OVER ()::integer AS total
     FROM auditoria a LEFT JOIN usuario u ON u.id_usuario = a.id_usuario
     ${condiciones.length ? `WHERE ${condiciones.join(' AND ')}` : ''}
     ORDER BY a.creado_en DESC, a.id DESC
     LIMIT ${params.add(tamano)} OFFSET ${params.add((page - 1) * tamano)}`,
    params.values,
  );
  return {
    items: rows.map((row) => ({
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
    })),
    total: rows[0]?.total ?? 0,
    page,
    pageSize: tamano,
  };
}
