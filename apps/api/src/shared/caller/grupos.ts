import type { Queryable } from '../../db/database';
import { registrarAuditoria } from '../auditoria';
import { alPerderUnidades } from '../pertenencia';

/**
 * The unidad code a group names: Keycloak sends a group's name, or its full path (`/Ayto/URB`) when
 * the mapper says so; the last part is the name. Codes are compared in capitals.
 */
function codigoDeGrupo(grupo: string): string {
  const partes = grupo.split('/').filter((parte) => parte.trim() !== '');
  return (partes.at(-1) ?? '').trim().toUpperCase();
}

/** Whether the person's stored unidades are exactly those their token's groups name. */
export async function unidadesCoinciden(db: Queryable, idUsuario: number, grupos: readonly string[]): Promise<boolean> {
  const [fila] = await db.query<{ coinciden: boolean }>(
    `SELECT ARRAY(SELECT id FROM unidad WHERE codigo = ANY($2::text[]) ORDER BY id)
            = ARRAY(SELECT id_unidad FROM usuario_unidad WHERE id_usuario = $1 ORDER BY id_unidad) AS coinciden`,
    [idUsuario, codigosDeGrupos(grupos)],
  );
  return fila?.coinciden ?? false;
}

const codigosDeGrupos = (grupos: readonly string[]) => [
  ...new Set(grupos.map(codigoDeGrupo).filter((codigo) => codigo !== '')),
];

/**
 * Makes the person's unidades those their token's groups name (groups claim mode). Groups that
 * match no unidad are returned, for the log, and otherwise ignored. A change is audited as made by
 * the identity provider; leaving a unidad ends what it made possible (`alPerderUnidades`).
 */
export async function sincronizarUnidades(
  tx: Queryable,
  idUsuario: number,
  grupos: readonly string[],
): Promise<{ desconocidos: string[] }> {
  const codigos = codigosDeGrupos(grupos);
  const encontradas = await tx.query<{ id: number; codigo: string }>(
    'SELECT id, codigo FROM unidad WHERE codigo = ANY($1::text[]) ORDER BY id',
    [codigos],
  );
  const conocidos = new Set(encontradas.map((unidad) => unidad.codigo));
  const nuevas = encontradas.map((unidad) => unidad.id);
  const antes = await tx.query<{ id_unidad: number; codigo: string }>(
    `SELECT uu.id_unidad, u.codigo FROM usuario_unidad uu JOIN unidad u ON u.id = uu.id_unidad
     WHERE uu.id_usuario = $1 ORDER BY uu.id_unidad`,
    [idUsuario],
  );
  const actuales = antes.map((fila) => fila.id_unidad);
  const iguales = actuales.length === nuevas.length && actuales.every((id, index) => id === nuevas[index]);
  if (!iguales) {
    await tx.query('DELETE FROM usuario_unidad WHERE id_usuario = $1 AND NOT (id_unidad = ANY($2::integer[]))', [
      idUsuario,
      nuevas,
    ]);
    await tx.query(
      `INSERT INTO usuario_unidad (id_usuario, id_unidad) SELECT $1, unnest($2::integer[]) ON CONFLICT DO NOTHING`,
      [idUsuario, nuevas],
    );
    if (actuales.some((id) => !nuevas.includes(id))) {
      await alPerderUnidades(tx, idUsuario, {
        autor: 'propio',
        porque:
          'Dejó de ser responsable: según el proveedor de identidad ya no pertenece a la unidad del expediente ni a una superior.',
      });
    }
    await registrarAuditoria(tx, {
      id_usuario: null,
      accion: 'usuario.unidades',
      entidad: 'usuario',
      id_entidad: idUsuario,
      descripcion: 'Unidades según los grupos del proveedor de identidad.',
      antes: antes.map((fila) => fila.codigo),
      despues: encontradas.map((unidad) => unidad.codigo),
    });
  }
  return { desconocidos: codigos.filter((codigo) => !conocidos.has(codigo)) };
}
