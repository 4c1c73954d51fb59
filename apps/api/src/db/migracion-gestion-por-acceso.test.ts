import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '@ecodigital/idp/users';
import { sembrarOrganizacionDemo } from '../demo/organizacion-demo';
import { CODIGOS, idUnidad } from '../testing/organizacion';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import type { Database } from './database';
import { loadMigrations, runMigrations } from './migrator';
import { createPgDatabase } from './pg-database';
import { createPgliteDatabase } from './pglite-database';

/**
 * What the old rules let exist and migration 011 puts right: a responsable outside the
 * expediente's unidad, and a grant its grantor made to themselves or to their own unidad.
 */
function corrigeLoQueLasReglasNuevasProhiben(abrir: () => Promise<{ db: Database; cerrar(): Promise<void> }>) {
  let db: Database;
  let cerrar: () => Promise<void>;
  let todas: Awaited<ReturnType<typeof loadMigrations>>;
  beforeAll(async () => {
    ({ db, cerrar } = await abrir());
    todas = await loadMigrations();
    await runMigrations(
      db,
      todas.filter((migracion) => migracion.version < '011'),
    );
    // The demo seed writes today's schema: the DIR3 column it fills came later (019), so it is
    // added ahead of its time; migration 011 does not read it.
    await db.query('ALTER TABLE unidad ADD COLUMN codigo_dir3 text');
    await sembrarOrganizacionDemo(db);
  });
  afterAll(() => cerrar());

  it('clears responsables outside the unidad and ends self-grants, each in the historial', async () => {
    const id = async (username: string) =>
      (await db.query<{ id_usuario: number }>('SELECT id_usuario FROM usuario WHERE username = $1', [username]))[0]!
        .id_usuario;
    const [gestor, tesorera] = [await id('gestor'), await id('tesorera')];
    const urbanismo = await idUnidad(db, CODIGOS.urbanismo);
    const licencias = await idUnidad(db, CODIGOS.licencias);
    const tesoreria = await idUnidad(db, CODIGOS.tesoreria);
    const expediente = async (numero: string, unidad: number, responsable: number) =>
      (
        await db.query<{ id_expediente: number }>(
          `INSERT INTO expediente (numero, asunto, id_tipo, id_unidad, id_responsable, creado_por)
           VALUES ($1, 'Expediente anterior a las reglas', 1, $2, $3, $3) RETURNING id_expediente`,
          [numero, unidad, responsable],
        )
      )[0]!.id_expediente;
    // gestor (Urbanismo) answers for one of a section below his unidad (fine) and one of Tesorería (not).
    const enSeccion = await expediente('EXP-2020-000001', licencias, gestor);
    const ajeno = await expediente('EXP-2020-000002', tesoreria, gestor);
    const propio = await expediente('EXP-2020-000003', urbanismo, gestor);
    const acceso = async (idExpediente: number, destino: { usuario?: number; unidad?: number }, por: number) =>
      (
        await db.query<{ id_acceso: number }>(
          `INSERT INTO acceso (id_expediente, id_usuario, id_unidad, nivel, motivo, concedido_por)
           VALUES ($1, $2, $3, 'gestion', 'Concedido con las reglas antiguas', $4) RETURNING id_acceso`,
          [idExpediente, destino.usuario ?? null, destino.unidad ?? null, por],
        )
      )[0]!.id_acceso;
    const aSiMisma = await acceso(ajeno, { usuario: tesorera }, tesorera);
    const aSuUnidad = await acceso(ajeno, { unidad: await idUnidad(db, CODIGOS.hacienda) }, tesorera);
    const aOtro = await acceso(propio, { usuario: tesorera }, gestor);

    const la011 = todas.filter((migracion) => migracion.version === '011');
    expect((await runMigrations(db, la011)).map((version) => version.slice(0, 3))).toEqual(['011']);

    const responsables = await db.query<{ id_expediente: number; id_responsable: number | null; version: number }>(
      'SELECT id_expediente, id_responsable, version FROM expediente WHERE id_expediente = ANY($1) ORDER BY 1',
      [[enSeccion, ajeno, propio]],
    );
    expect(responsables).toEqual([
      { id_expediente: enSeccion, id_responsable: gestor, version: 1 },
      { id_expediente: ajeno, id_responsable: null, version: 2 },
      { id_expediente: propio, id_responsable: gestor, version: 1 },
    ]);
    const accesos = await db.query<{ id_acceso: number; revocado: boolean; causa_fin: string | null }>(
      'SELECT id_acceso, revocado_en IS NOT NULL AS revocado, causa_fin FROM acceso ORDER BY id_acceso',
    );
    expect(accesos).toEqual([
      { id_acceso: aSiMisma, revocado: true, causa_fin: 'autoconcesion' },
      { id_acceso: aSuUnidad, revocado: true, causa_fin: 'autoconcesion' },
      { id_acceso: aOtro, revocado: false, causa_fin: null },
    ]);
    const historial = await db.query<{ id_usuario: number; evento: string; descripcion: string; cambios: unknown }>(
      'SELECT id_usuario, evento, descripcion, cambios FROM historial WHERE id_expediente = $1 ORDER BY id',
      [ajeno],
    );
    const tesoreraNombre = DEMO_USERS.find((persona) => persona.username === 'tesorera')!;
    const gestorNombre = DEMO_USERS.find((persona) => persona.username === 'gestor')!;
    expect(historial).toEqual([
      {
        id_usuario: tesorera,
        evento: 'acceso_revocado',
        descripcion: `Terminó el acceso de gestión de ${tesoreraNombre.firstName} ${tesoreraNombre.lastName}: nadie puede concederse acceso a sí mismo ni a su unidad.`,
        cambios: [],
      },
      {
        id_usuario: tesorera,
        evento: 'acceso_revocado',
        descripcion:
          'Terminó el acceso de gestión de la unidad «Hacienda»: nadie puede concederse acceso a sí mismo ni a su unidad.',
        cambios: [],
      },
      {
        id_usuario: gestor,
        evento: 'edicion',
        descripcion: 'Dejó de ser responsable: no pertenece a la unidad del expediente ni a una superior.',
        cambios: [
          { campo: 'Responsable', anterior: `${gestorNombre.firstName} ${gestorNombre.lastName}`, nuevo: null },
        ],
      },
    ]);
  });
}

describe('migration 011 on PostgreSQL', () => {
  corrigeLoQueLasReglasNuevasProhiben(async () => {
    const base: TestDatabase = await createTestDatabase();
    const db = createPgDatabase(base.url);
    return {
      db,
      async cerrar() {
        await db.close();
        await base.drop();
      },
    };
  });
});

describe('migration 011 on PGlite', () => {
  corrigeLoQueLasReglasNuevasProhiben(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pglite-011-'));
    const db = await createPgliteDatabase(path.join(dir, 'db'));
    return {
      db,
      async cerrar() {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  });
});
