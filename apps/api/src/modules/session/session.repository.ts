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
    `SELECT m.id, m.nom_mostrar, m.nom_modulo, m.icon, m.id_padre, m.orden
     FROM modulo m
     WHERE (m.permiso_requerido IS NULL OR m.permiso_requerido = ANY($1::text[]))
       -- A group without a permission of its own (Administración) shows when one of its items does.
       AND (m.permiso_requerido IS NOT NULL
            OR NOT EXISTS (SELECT 1 FROM modulo h WHERE h.id_padre = m.id)
            OR EXISTS (SELECT 1 FROM modulo h
                       WHERE h.id_padre = m.id AND (h.permiso_requerido IS NULL OR h.permiso_requerido = ANY($1::text[]))))
     ORDER BY m.orden, m.id`,
    [permisos],
  );
}
