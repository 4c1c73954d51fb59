import type { CambioCampo, EventoHistorial, HistorialEvento } from '@ecodigital/contracts/expedientes';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { isoString } from '../../shared/dates';
import { nombreCompletoSql } from '../../shared/sql';

export interface NuevoEvento {
  id_expediente: number;
  id_usuario: number;
  evento: EventoHistorial;
  descripcion: string;
  cambios?: CambioCampo[];
  motivo?: string | null;
  /** Whom the event concerns (their notifications); the database fills it for the events it knows. */
  id_notificado?: number | null;
}

export async function insertEvento(db: Queryable, evento: NuevoEvento): Promise<void> {
  await db.query(
    `INSERT INTO historial (id_expediente, id_usuario, evento, descripcion, cambios, motivo, id_notificado)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [
      evento.id_expediente,
      evento.id_usuario,
      evento.evento,
      evento.descripcion,
      JSON.stringify(evento.cambios ?? []),
      evento.motivo ?? null,
      evento.id_notificado ?? null,
    ],
  );
}

interface EventoRow {
  id: string | number;
  evento: EventoHistorial;
  descripcion: string;
  cambios: CambioCampo[];
  motivo: string | null;
  id_usuario: number;
  username: string;
  nombre_completo: string;
  creado_en: Date;
}

/** Newest first. The caller checks that the expediente is visible. */
export async function findHistorial(db: Queryable, idExpediente: number): Promise<HistorialEvento[]> {
  const rows = await db.query<EventoRow>(
    `SELECT h.id, h.evento, h.descripcion, h.cambios, h.motivo, h.creado_en,
            u.id_usuario, u.username, ${nombreCompletoSql('u')} AS nombre_completo
     FROM historial h
     JOIN usuario u ON u.id_usuario = h.id_usuario
     WHERE h.id_expediente = $1
     ORDER BY h.id DESC`,
    [idExpediente],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    evento: row.evento,
    descripcion: row.descripcion,
    cambios: row.cambios,
    motivo: row.motivo,
    usuario: { id_usuario: row.id_usuario, nombre_completo: row.nombre_completo, username: row.username },
    fecha: isoString(row.creado_en),
  }));
}

/** A historial event with its author and expediente, as Inicio's activity and the notifications show it. */
export interface EventoConContexto {
  id: number;
  evento: EventoHistorial;
  descripcion: string;
  fecha: string;
  usuario: { id_usuario: number; nombre_completo: string };
  expediente: { id_expediente: number; numero: string; asunto: string };
}

interface EventoConContextoRow {
  id: string | number;
  evento: EventoHistorial;
  descripcion: string;
  creado_en: Date;
  id_usuario: number;
  nombre_completo: string;
  id_expediente: number;
  numero: string;
  asunto: string;
}

/**
 * The newest events matching `where` (a condition over `historial h`, `expediente e` and `usuario u`
 * whose values are in `params`), at most `limite` of them.
 */
export async function findEventosConContexto(
  db: Queryable,
  where: string,
  params: SqlParams,
  limite: number,
): Promise<EventoConContexto[]> {
  const rows = await db.query<EventoConContextoRow>(
    `SELECT h.id, h.evento, h.descripcion, h.creado_en,
            u.id_usuario, ${nombreCompletoSql('u')} AS nombre_completo,
            e.id_expediente, e.numero, e.asunto
     FROM historial h
     JOIN expediente e ON e.id_expediente = h.id_expediente
     JOIN usuario u ON u.id_usuario = h.id_usuario
     WHERE ${where}
     ORDER BY h.creado_en DESC, h.id DESC
     LIMIT ${params.add(limite)}`,
    params.values,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    evento: row.evento,
    descripcion: row.descripcion,
    fecha: isoString(row.creado_en),
    usuario: { id_usuario: row.id_usuario, nombre_completo: row.nombre_completo },
    expediente: { id_expediente: row.id_expediente, numero: row.numero, asunto: row.asunto },
  }));
}
