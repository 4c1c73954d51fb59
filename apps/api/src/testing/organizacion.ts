import type { Queryable } from '../db/database';

/** Codes of the demo organisation's unidades the tests use (see `demo/organizacion-demo.ts`). */
export const CODIGOS = {
  urbanismo: 'LA0019005',
  licencias: 'LA0019006',
  hacienda: 'LA0019008',
  tesoreria: 'LA0019009',
  secretaria: 'LA0019002',
} as const;

/** The id of a demo unidad: Urbanismo (gestor's and consulta's) unless another is named. */
export async function idUnidad(db: Queryable, codigo: string = CODIGOS.urbanismo): Promise<number> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM unidad WHERE codigo = $1', [codigo]);
  if (!row) throw new Error(`No hay unidad ${codigo}: ¿se creó la organización de demostración?`);
  return row.id;
}
