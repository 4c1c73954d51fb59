import type { Unidad } from '@ecodigital/contracts/administracion';
import type { Queryable } from '../../db/database';

export interface FilaUnidad {
  id: number;
  codigo: string;
  codigo_dir3: string | null;
  nombre: string;
  id_padre: number | null;
  activa: boolean;
}

/** Every unidad with its direct members and the expedientes it is responsible for. */
export function findUnidadesAdmin(db: Queryable): Promise<Unidad[]> {
  return db.query<Unidad>(
    `SELECT u.id, u.codigo, u.codigo_dir3, u.nombre, u.id_padre, u.activa,
            coalesce(p.total, 0)::integer AS personas,
            coalesce(x.total, 0)::integer AS expedientes
     FROM unidad u
     LEFT JOIN (SELECT id_unidad, count(*) AS total FROM usuario_unidad GROUP BY id_unidad) p ON p.id_unidad = u.id
     LEFT JOIN (SELECT id_unidad, count(*) AS total FROM expediente GROUP BY id_unidad) x ON x.id_unidad = u.id
     ORDER BY u.nombre, u.id`,
  );
}

export async function findFilaUnidad(
  db: Queryable,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<FilaUnidad | undefined> {
  const [row] = await db.query<FilaUnidad>(
    `SELECT id, codigo, codigo_dir3, nombre, id_padre, activa FROM unidad WHERE id = $1 ${options.forUpdate ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}

export async function existeCodigo(db: Queryable, codigo: string, salvo?: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM unidad WHERE codigo = $1 AND id IS DISTINCT FROM $2', [
    codigo,
    salvo ?? null,
  ]);
  return rows.length > 0;
}

export async function existeDir3(db: Queryable, codigoDir3: string, salvo?: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM unidad WHERE codigo_dir3 = $1 AND id IS DISTINCT FROM $2', [
    codigoDir3,
    salvo ?? null,
  ]);
  return rows.length > 0;
}

export async function existeNombreHermano(
  db: Queryable,
  nombre: string,
  idPadre: number | null,
  salvo?: number,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM unidad
     WHERE coalesce(id_padre, 0) = coalesce($2::integer, 0) AND lower(nombre) = lower($1) AND id IS DISTINCT FROM $3`,
    [nombre, idPadre, salvo ?? null],
  );
  return rows.length > 0;
}

/** Whether `idPadre` is `id` itself or lies below it (making it the parent would close a loop). */
export async function creariaCiclo(db: Queryable, id: number, idPadre: number): Promise<boolean> {
  const [row] = await db.query<{ ciclo: boolean }>(
    `WITH RECURSIVE arriba(id) AS (
       SELECT $2::integer
       UNION
       SELECT u.id_padre FROM unidad u JOIN arriba ON u.id = arriba.id WHERE u.id_padre IS NOT NULL
     )
     SELECT EXISTS (SELECT 1 FROM arriba WHERE id = $1) AS ciclo`,
    [id, idPadre],
  );
  return row!.ciclo;
}

export async function insertUnidad(tx: Queryable, unidad: Omit<FilaUnidad, 'id' | 'activa'>): Promise<FilaUnidad> {
  const [row] = await tx.query<FilaUnidad>(
    `INSERT INTO unidad (codigo, codigo_dir3, nombre, id_padre) VALUES ($1, $2, $3, $4)
     RETURNING id, codigo, codigo_dir3, nombre, id_padre, activa`,
    [unidad.codigo, unidad.codigo_dir3, unidad.nombre, unidad.id_padre],
  );
  return row!;
}

export async function updateUnidad(tx: Queryable, unidad: FilaUnidad): Promise<void> {
  await tx.query(
    'UPDATE unidad SET codigo = $2, nombre = $3, id_padre = $4, activa = $5, codigo_dir3 = $6 WHERE id = $1',
    [unidad.id, unidad.codigo, unidad.nombre, unidad.id_padre, unidad.activa, unidad.codigo_dir3],
  );
}

export async function findUnidadAdmin(db: Queryable, id: number): Promise<Unidad | undefined> {
  const [row] = await db.query<Unidad>(
    `SELECT u.id, u.codigo, u.codigo_dir3, u.nombre, u.id_padre, u.activa,
            (SELECT count(*) FROM usuario_unidad WHERE id_unidad = u.id)::integer AS personas,
            (SELECT count(*) FROM expediente WHERE id_unidad = u.id)::integer AS expedientes
     FROM unidad u WHERE u.id = $1`,
    [id],
  );
  return row;
}

/** The unidad and every unidad below it. */
export async function findIdsDesde(db: Queryable, id: number): Promise<number[]> {
  const filas = await db.query<{ id: number }>(
    `WITH RECURSIVE abajo(id) AS (
       SELECT $1::integer
       UNION
       SELECT u.id FROM unidad u JOIN abajo ON u.id_padre = abajo.id
     )
     SELECT id FROM abajo ORDER BY id`,
    [id],
  );
  return filas.map((fila) => fila.id);
}
