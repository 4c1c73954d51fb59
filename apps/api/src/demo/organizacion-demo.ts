import { DEMO_USERS } from '@ecodigital/idp/users';
import type { Database, Queryable } from '../db/database';

/**
 * The demo organisation of `npm start`: a town council's unidades (DIR3-shaped codes of a fictional
 * Ayuntamiento) and the dev identity provider's people in them. Existing unidades with these names
 * (the flat list of migration 003) are placed in the tree, keeping their ids and expedientes.
 */
interface UnidadDemo {
  codigo: string;
  nombre: string;
  padre?: string;
}

export const RAIZ_DEMO = 'L01419999';

const UNIDADES_DEMO: readonly UnidadDemo[] = [
  { codigo: RAIZ_DEMO, nombre: 'Ayuntamiento de Villaverde del Río' },
  { codigo: 'LA0019001', nombre: 'Alcaldía', padre: RAIZ_DEMO },
  { codigo: 'LA0019002', nombre: 'Secretaría General', padre: RAIZ_DEMO },
  { codigo: 'LA0019003', nombre: 'Registro General', padre: 'LA0019002' },
  { codigo: 'LA0019004', nombre: 'Asesoría Jurídica', padre: 'LA0019002' },
  { codigo: 'LA0019005', nombre: 'Urbanismo', padre: RAIZ_DEMO },
  { codigo: 'LA0019006', nombre: 'Sección de Licencias', padre: 'LA0019005' },
  { codigo: 'LA0019007', nombre: 'Sección de Planeamiento', padre: 'LA0019005' },
  { codigo: 'LA0019008', nombre: 'Hacienda', padre: RAIZ_DEMO },
  { codigo: 'LA0019009', nombre: 'Tesorería', padre: 'LA0019008' },
  { codigo: 'LA0019010', nombre: 'Recaudación', padre: 'LA0019008' },
  { codigo: 'LA0019011', nombre: 'Atención Ciudadana', padre: RAIZ_DEMO },
  { codigo: 'LA0019012', nombre: 'Servicios Sociales', padre: RAIZ_DEMO },
  { codigo: 'LA0019013', nombre: 'Contratación', padre: RAIZ_DEMO },
  { codigo: 'LA0019014', nombre: 'Recursos Humanos', padre: RAIZ_DEMO },
];

/** Whose unidades, by the dev identity provider's usernames (admin sees everything by role). */
const PERTENENCIAS_DEMO: Readonly<Record<string, readonly string[]>> = {
  gestor: ['LA0019005'],
  consulta: ['LA0019005'],
  tesorera: ['LA0019009'],
};

/**
 * Creates the demo organisation once: when its root does not exist yet. Later runs change nothing,
 * so what an administrator does to it afterwards (moving `consulta`, renaming a unidad) stays.
 */
export async function sembrarOrganizacionDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('ecodigital.unidades'))`);
    const [existe] = await tx.query('SELECT 1 FROM unidad WHERE codigo = $1', [RAIZ_DEMO]);
    if (existe) return false;
    for (const unidad of UNIDADES_DEMO) await colocarUnidad(tx, unidad);
    for (const persona of DEMO_USERS) {
      const [usuario] = await tx.query<{ id_usuario: number }>(
        `INSERT INTO usuario (sub, username, nombres, apellidos, email, roles)
         VALUES ($1, $2, $3, $4, $5, $6::text[])
         ON CONFLICT (sub) DO UPDATE SET username = usuario.username
         RETURNING id_usuario`,
        [persona.id, persona.username, persona.firstName, persona.lastName, persona.email, persona.roles],
      );
      await tx.query(
        `INSERT INTO usuario_unidad (id_usuario, id_unidad)
         SELECT $1, id FROM unidad WHERE codigo = ANY($2::text[])
         ON CONFLICT DO NOTHING`,
        [usuario!.id_usuario, PERTENENCIAS_DEMO[persona.username] ?? []],
      );
    }
    return true;
  });
}

/** The unidad of that name at the top level (a leftover of the flat list) takes the code and place; otherwise a new one. */
async function colocarUnidad(tx: Queryable, unidad: UnidadDemo): Promise<void> {
  const padre = unidad.padre === undefined ? null : unidad.padre;
  const [existente] = await tx.query<{ id: number }>(
    'SELECT id FROM unidad WHERE id_padre IS NULL AND lower(nombre) = lower($1) AND codigo <> $2',
    [unidad.nombre, RAIZ_DEMO],
  );
  if (existente) {
    await tx.query(
      `UPDATE unidad SET codigo = $2, codigo_dir3 = $2, id_padre = (SELECT id FROM unidad WHERE codigo = $3)
       WHERE id = $1`,
      [existente.id, unidad.codigo, padre],
    );
    return;
  }
  await tx.query(
    // The demo codes are DIR3 codes (a fictitious ayuntamiento): they are its ENI `Organo` too.
    `INSERT INTO unidad (codigo, codigo_dir3, nombre, id_padre)
     VALUES ($1, $1, $2, (SELECT id FROM unidad WHERE codigo = $3))`,
    [unidad.codigo, unidad.nombre, padre],
  );
}
