import type { AmbitoFestivo, Festivo, TipoConPlazo, UnidadPlazo } from '@ecodigital/contracts/plazos';
import type { Queryable } from '../../db/database';

export function findTiposConPlazo(db: Queryable): Promise<TipoConPlazo[]> {
  return db
    .query<{
      id: number;
      nombre: string;
      activo: boolean;
      plazo_cantidad: number | null;
      plazo_unidad: UnidadPlazo | null;
    }>(`SELECT id, nombre, activo, plazo_cantidad, plazo_unidad FROM tipo_expediente ORDER BY orden, nombre, id`)
    .then((rows) =>
      rows.map(({ plazo_cantidad, plazo_unidad, ...tipo }) => ({
        ...tipo,
        plazo: plazo_cantidad === null ? null : { cantidad: plazo_cantidad, unidad: plazo_unidad! },
      })),
    );
}

export async function findFestivos(db: Queryable, anio: number): Promise<Festivo[]> {
  return db.query<Festivo>(
    `SELECT id, to_char(fecha, 'YYYY-MM-DD') AS fecha, nombre, ambito FROM festivo
     WHERE fecha >= make_date($1, 1, 1) AND fecha < make_date($1 + 1, 1, 1) ORDER BY fecha`,
    [anio],
  );
}

export async function contarFestivosDelAnio(db: Queryable, anio: number): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::integer AS total FROM festivo WHERE fecha >= make_date($1, 1, 1) AND fecha < make_date($1 + 1, 1, 1)`,
    [anio],
  );
  return row?.total ?? 0;
}

export async function insertFestivo(
  tx: Queryable,
  festivo: { fecha: string; nombre: string; ambito: AmbitoFestivo },
  idUsuario: number,
): Promise<Festivo | undefined> {
  const [row] = await tx.query<Festivo>(
    `INSERT INTO festivo (fecha, nombre, ambito, creado_por) VALUES ($1, $2, $3, $4)
     ON CONFLICT (fecha) DO NOTHING
     RETURNING id, to_char(fecha, 'YYYY-MM-DD') AS fecha, nombre, ambito`,
    [festivo.fecha, festivo.nombre, festivo.ambito, idUsuario],
  );
  return row;
}

export async function deleteFestivo(tx: Queryable, id: number): Promise<Festivo | undefined> {
  const [row] = await tx.query<Festivo>(
    `DELETE FROM festivo WHERE id = $1 RETURNING id, to_char(fecha, 'YYYY-MM-DD') AS fecha, nombre, ambito`,
    [id],
  );
  return row;
}

export interface PlazoGuardado {
  inicio: string;
  cantidad: number;
  unidad: UnidadPlazo;
  dias_suspendidos: number;
  fecha_limite: string;
  suspendido_desde: string | null;
  motivo_suspension: string | null;
}

export async function findPlazo(
  db: Queryable,
  idExpediente: number,
  options: { forUpdate?: boolean } = {},
): Promise<PlazoGuardado | undefined> {
  const [row] = await db.query<PlazoGuardado>(
    `SELECT to_char(inicio, 'YYYY-MM-DD') AS inicio, cantidad, unidad, dias_suspendidos,
            to_char(fecha_limite, 'YYYY-MM-DD') AS fecha_limite,
            to_char(suspendido_desde, 'YYYY-MM-DD') AS suspendido_desde, motivo_suspension
     FROM plazo_expediente WHERE id_expediente = $1 ${options.forUpdate ? 'FOR UPDATE' : ''}`,
    [idExpediente],
  );
  return row;
}

export async function updatePlazo(
  tx: Queryable,
  idExpediente: number,
  cambios: Pick<
    PlazoGuardado,
    'inicio' | 'dias_suspendidos' | 'fecha_limite' | 'suspendido_desde' | 'motivo_suspension'
  >,
): Promise<void> {
  await tx.query(
    `UPDATE plazo_expediente SET inicio = $2, dias_suspendidos = $3, fecha_limite = $4, suspendido_desde = $5,
       motivo_suspension = $6
     WHERE id_expediente = $1`,
    [
      idExpediente,
      cambios.inicio,
      cambios.dias_suspendidos,
      cambios.fecha_limite,
      cambios.suspendido_desde,
      cambios.motivo_suspension,
    ],
  );
}
