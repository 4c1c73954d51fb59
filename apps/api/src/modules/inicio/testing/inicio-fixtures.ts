import { randomUUID, createHash } from 'node:crypto';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { expect } from 'vitest';
import type { Queryable } from '../../../db/database';
import type { ApiClient } from '../../../testing/api-client';
import { DIA_HOY, INICIO_HOY, INICIO_MES } from '../period.sql';
import { idUnidad } from '../../../testing/organizacion';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export async function catalogos(db: Queryable) {
  const [tipo] = await db.query<{ id: number }>(`SELECT id FROM tipo_expediente ORDER BY id LIMIT 1`);
  const unidad = { id: await idUnidad(db) };
  return { id_tipo: tipo!.id, id_unidad: unidad!.id };
}

export async function crearExpediente(
  client: ApiClient,
  ids: { id_tipo: number; id_unidad: number },
  extra: Record<string, unknown> = {},
): Promise<Expediente> {
  const response = await client.post('/api/expedientes', {
    asunto: 'Expediente de prueba de inicio',
    ...ids,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export async function llevarA(client: ApiClient, expediente: Expediente, camino: string[]): Promise<Expediente> {
  let actual = expediente;
  for (const estado of camino) {
    const response = await client.post(`/api/expedientes/${actual.id_expediente}/estado`, {
      estado,
      version: actual.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    actual = response.json().data;
  }
  return actual;
}

export async function idUsuario(db: Queryable, username: string): Promise<number> {
  const [row] = await db.query<{ id_usuario: number }>('SELECT id_usuario FROM usuario WHERE username = $1', [
    username,
  ]);
  return row!.id_usuario;
}

/** Moves the opening / closing dates the way time would have (the counters follow through their trigger). */
export const aLMesPasado = `${INICIO_MES} - interval '1 day'`;
export const aAyer = `${INICIO_HOY} - interval '1 hour'`;

export async function moverFechas(db: Queryable, id: number, cambios: { apertura?: string; cierre?: string }) {
  const sets = [
    cambios.apertura && `fecha_apertura = ${cambios.apertura}`,
    cambios.cierre && `fecha_cierre = ${cambios.cierre}`,
  ].filter(Boolean);
  await db.query(`UPDATE expediente SET ${sets.join(', ')} WHERE id_expediente = $1`, [id]);
}

/**
 * A document row as the upload would leave it (first entry of its expediente's índice), written
 * directly: these tests are about the figures, not the upload.
 */
export async function insertarDocumento(
  db: Queryable,
  opciones: { id_expediente: number; tipo: string; subido_por: number; fecha?: string; anulado_por?: number },
): Promise<number> {
  const [row] = await db.query<{ id_documento: number }>(
    `INSERT INTO documento (id_expediente, orden, nombre, id_tipo_documental, fecha_incorporacion, tamano, formato, mime,
                            huella, clave_almacen, hash_anterior, hash_entrada, subido_por)
     SELECT $1, coalesce((SELECT max(orden) FROM documento WHERE id_expediente = $1), 0) + 1, 'informe.pdf', t.id,
            ${opciones.fecha ?? 'now()'}, 1234, 'pdf', 'application/pdf', $2, $3,
            (SELECT hash_entrada FROM documento WHERE id_expediente = $1 ORDER BY orden DESC LIMIT 1), $4, $5
     FROM tipo_documental t WHERE t.nombre = $6
     RETURNING id_documento`,
    [opciones.id_expediente, sha(randomUUID()), randomUUID(), sha(randomUUID()), opciones.subido_por, opciones.tipo],
  );
  if (opciones.anulado_por) {
    await db.query(
      `UPDATE documento SET anulado = true, motivo_anulacion = 'Duplicado', fecha_anulacion = now(), anulado_por = $2
       WHERE id_documento = $1`,
      [row!.id_documento, opciones.anulado_por],
    );
  }
  return row!.id_documento;
}

export async function insertarEvento(
  db: Queryable,
  evento: { id_expediente: number; id_usuario: number; evento: string; descripcion: string; creado_en?: string },
) {
  await db.query(
    `INSERT INTO historial (id_expediente, id_usuario, evento, descripcion, creado_en)
     VALUES ($1, $2, $3, $4, ${evento.creado_en ?? 'now()'})`,
    [evento.id_expediente, evento.id_usuario, evento.evento, evento.descripcion],
  );
}

/** A counted read written directly, on today's date (Europe/Madrid) unless `dia` says another (SQL). */
export async function insertarLectura(
  db: Queryable,
  lectura: { id_expediente: number; id_documento: number; id_usuario: number; veces: number; dia?: string },
) {
  await db.query(
    `INSERT INTO lectura (id_expediente, id_documento, id_usuario, evento, dia, veces)
     VALUES ($1, $2, $3, 'documento_descargado', ${lectura.dia ?? DIA_HOY}, $4)`,
    [lectura.id_expediente, lectura.id_documento, lectura.id_usuario, lectura.veces],
  );
}

export const mesMadrid = (date = new Date()) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit' }).format(date);
