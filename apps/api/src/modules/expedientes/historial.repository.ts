import type { CambioCampo, EventoHistorial, HistorialEvento } from '@ecodigital/contracts/expedientes';
import type { Queryable } from '../../db/database';
import { isoString, nombreCompletoSql } from './expedientes.repository';

export interface NuevoEvento {
  id_expediente: number;
  id_usuario: number;
  evento: EventoHistorial;
  descripcion: string;
  cambios?: CambioCampo[];
  motivo?: string | null;
}

export async function insertEvento(db: Queryable, evento: NuevoEvento): Promise<void> {
  await db.query(
    `INSERT INTO historial (id_expediente, id_usuario, evento, descripcion, cambios, motivo)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [
      evento.id_expediente,
      evento.id_usuario,
      evento.evento,
      evento.descripcion,
      JSON.stringify(evento.cambios ?? []),
      evento.motivo ?? null,
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
