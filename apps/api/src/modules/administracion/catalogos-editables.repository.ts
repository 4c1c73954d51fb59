import type { CatalogoEditable, EntradaCatalogo } from '@ecodigital/contracts/administracion';
import type { Queryable } from '../../db/database';

/** Each editable catalogue: its table, what uses an entry, and how the auditoría names it. */
export const CATALOGOS = {
  tipos: {
    tabla: 'tipo_expediente',
    usadoEn: 'expediente e WHERE e.id_tipo',
    entidad: 'tipo_expediente',
    columnaEni: 'codigo_sia',
  },
  'tipos-documentales': {
    tabla: 'tipo_documental',
    usadoEn: 'documento d WHERE d.id_tipo_documental',
    entidad: 'tipo_documental',
    columnaEni: 'codigo_td',
  },
} as const satisfies Record<CatalogoEditable, { tabla: string; usadoEn: string; entidad: string; columnaEni: string }>;

type Catalogo = (typeof CATALOGOS)[CatalogoEditable];

/** Entries in catalogue order, each with how many records use it. */
export function findEntradas(db: Queryable, catalogo: Catalogo): Promise<EntradaCatalogo[]> {
  return db.query<EntradaCatalogo>(
    `SELECT c.id, c.nombre, c.activo, (SELECT count(*) FROM ${catalogo.usadoEn} = c.id)::integer AS en_uso,
            c.${catalogo.columnaEni} AS codigo_eni
     FROM ${catalogo.tabla} c ORDER BY c.orden, c.nombre, c.id`,
  );
}

export async function findEntrada(
  db: Queryable,
  catalogo: Catalogo,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<EntradaCatalogo | undefined> {
  const [row] = await db.query<EntradaCatalogo>(
    `SELECT c.id, c.nombre, c.activo, (SELECT count(*) FROM ${catalogo.usadoEn} = c.id)::integer AS en_uso,
            c.${catalogo.columnaEni} AS codigo_eni
     FROM ${catalogo.tabla} c WHERE c.id = $1 ${options.forUpdate ? 'FOR UPDATE OF c' : ''}`,
    [id],
  );
  return row;
}

export async function existeNombre(
  db: Queryable,
  catalogo: Catalogo,
  nombre: string,
  salvo?: number,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM ${catalogo.tabla} WHERE lower(nombre) = lower($1) AND id IS DISTINCT FROM $2`,
    [nombre, salvo ?? null],
  );
  return rows.length > 0;
}

/** New entries go after the existing ones. */
export async function insertEntrada(
  tx: Queryable,
  catalogo: Catalogo,
  nombre: string,
  codigoEni: string | null,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO ${catalogo.tabla} (nombre, ${catalogo.columnaEni}, orden)
     VALUES ($1, $2, (SELECT coalesce(max(orden), 0) + 10 FROM ${catalogo.tabla}))
     RETURNING id`,
    [nombre, codigoEni],
  );
  return row!.id;
}

export async function updateEntrada(
  tx: Queryable,
  catalogo: Catalogo,
  entrada: Pick<EntradaCatalogo, 'id' | 'nombre' | 'activo' | 'codigo_eni'>,
): Promise<void> {
  await tx.query(`UPDATE ${catalogo.tabla} SET nombre = $2, activo = $3, ${catalogo.columnaEni} = $4 WHERE id = $1`, [
    entrada.id,
    entrada.nombre,
    entrada.activo,
    entrada.codigo_eni,
  ]);
}
