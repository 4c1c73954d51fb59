import type { Queryable } from '../../db/database';

export interface ModuloRow {
  id: number;
  nom_mostrar: string;
  nom_modulo: string;
  icon: string | null;
  id_padre: number | null;
  orden: number;
}

export async function findModulosPermitidos(db: Queryable, permisos: readonly string[]): Promise<ModuloRow[]> {
  return db.query<ModuloRow>(
    `SELECT id, nom_mostrar, nom_modulo, icon, id_padre, orden
     FROM modulo
     WHERE permiso_requerido IS NULL OR permiso_requerido = ANY($1::text[])
     ORDER BY orden, id`,
    [permisos],
  );
}
