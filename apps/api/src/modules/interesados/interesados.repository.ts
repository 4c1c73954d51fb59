import type { Interesado } from '@ecodigital/contracts/eni';
import type { Queryable } from '../../db/database';
import { nombreCompletoSql } from '../../shared/sql';

const COLUMNAS = `i.id_interesado, i.documento, i.nombre,
  to_char(i.anadido_en AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS anadido_en,
  json_build_object('id_usuario', u.id_usuario, 'nombre_completo', ${nombreCompletoSql('u')}, 'username', u.username) AS anadido_por`;

/** The interesados of an expediente not retired, in the order they were added. */
export function findInteresados(db: Queryable, idExpediente: number): Promise<Interesado[]> {
  return db.query<Interesado>(
    `SELECT ${COLUMNAS}
     FROM interesado i JOIN usuario u ON u.id_usuario = i.anadido_por
     WHERE i.id_expediente = $1 AND i.retirado_en IS NULL
     ORDER BY i.id_interesado`,
    [idExpediente],
  );
}

export async function findInteresado(
  db: Queryable,
  idExpediente: number,
  idInteresado: number,
): Promise<Interesado | undefined> {
  const [row] = await db.query<Interesado>(
    `SELECT ${COLUMNAS}
     FROM interesado i JOIN usuario u ON u.id_usuario = i.anadido_por
     WHERE i.id_expediente = $1 AND i.id_interesado = $2 AND i.retirado_en IS NULL`,
    [idExpediente, idInteresado],
  );
  return row;
}

export async function existeDocumento(db: Queryable, idExpediente: number, documento: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM interesado WHERE id_expediente = $1 AND documento = $2 AND retirado_en IS NULL',
    [idExpediente, documento],
  );
  return rows.length > 0;
}

export async function insertInteresado(
  tx: Queryable,
  fila: { id_expediente: number; documento: string; nombre: string; anadido_por: number },
): Promise<number> {
  const [row] = await tx.query<{ id_interesado: number }>(
    `INSERT INTO interesado (id_expediente, documento, nombre, anadido_por) VALUES ($1, $2, $3, $4)
     RETURNING id_interesado`,
    [fila.id_expediente, fila.documento, fila.nombre, fila.anadido_por],
  );
  return row!.id_interesado;
}

export async function retirarInteresado(tx: Queryable, idInteresado: number, idUsuario: number): Promise<void> {
  await tx.query('UPDATE interesado SET retirado_por = $2, retirado_en = now() WHERE id_interesado = $1', [
    idInteresado,
    idUsuario,
  ]);
}

/** Interesados in force, counted under the expediente's row lock. */
export const INTERESADOS_VIGENTES = 'FROM interesado WHERE id_expediente = $1 AND retirado_en IS NULL';
