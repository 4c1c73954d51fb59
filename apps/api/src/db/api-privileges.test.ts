import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import type { Database, Queryable } from './database';
import { grantApiPrivileges } from './api-privileges';
import { loadMigrations, MIGRATIONS_DIR, runMigrations, withMigrationLock } from './migrator';
import { createPgDatabase } from './pg-database';
import { createPgliteDatabase } from './pglite-database';
import { MigrationRightsError, PGLITE_API_ROLE, prepareDatabase } from './prepare-database';

const sinAvisos = { warn: () => {} };

/** One row in each evidence table, written as the owner (the API's own routes write them otherwise). */
async function sembrar(owner: Queryable): Promise<void> {
  await owner.exec(`
    INSERT INTO usuario (sub, username, nombres, apellidos) VALUES ('sub-1', 'ana', 'Ana', 'Gil');
    INSERT INTO expediente (numero, asunto, id_tipo, id_unidad, creado_por, id_responsable)
      SELECT 'EXP-2025-000001', 'Licencia de obra', (SELECT min(id) FROM tipo_expediente),
             (SELECT min(id) FROM unidad), id_usuario, id_usuario
        FROM usuario;
    INSERT INTO historial (id_expediente, id_usuario, evento, descripcion)
      SELECT id_expediente, creado_por, 'creacion', 'Creó el expediente.' FROM expediente;
    INSERT INTO auditoria (id_usuario, accion, entidad, id_entidad, descripcion)
      SELECT id_usuario, 'unidad.crear', 'unidad', '1', 'Creó la unidad.' FROM usuario;
    INSERT INTO acceso (id_expediente, id_unidad, nivel, motivo, concedido_por)
      SELECT e.id_expediente, e.id_unidad, 'lectura', 'Auditoría externa', e.creado_por FROM expediente e;
  `);
}

/** What the API's role must never manage to do, whatever it sends: each refused by PostgreSQL's privileges. */
const REESCRITURAS = [
  `UPDATE historial SET descripcion = 'alterado'`,
  'DELETE FROM historial',
  'TRUNCATE historial',
  'ALTER TABLE historial DISABLE TRIGGER historial_solo_anadir',
  `UPDATE auditoria SET descripcion = 'alterado'`,
  'DELETE FROM auditoria',
  'TRUNCATE auditoria',
  'ALTER TABLE auditoria DISABLE TRIGGER ALL',
  `UPDATE acceso SET motivo = 'otro motivo'`,
  'DELETE FROM acceso',
  'TRUNCATE acceso CASCADE',
  'ALTER TABLE acceso DISABLE TRIGGER acceso_inmutable',
  `UPDATE documento SET nombre = 'otro.pdf'`,
  'DELETE FROM documento',
  'ALTER TABLE documento DISABLE TRIGGER documento_inmutable',
  'DELETE FROM unidad',
  `INSERT INTO schema_migrations (version, name) VALUES ('999', 'falsa')`,
  'DELETE FROM schema_migrations',
  `UPDATE privilegio_api SET borrar = true`,
  'DROP TABLE historial',
  'CREATE TABLE intrusa (id int)',
  `ALTER TABLE expediente DISABLE TRIGGER ALL`,
];

async function refusedAll(api: Database): Promise<string[]> {
  const accepted: string[] = [];
  for (const sql of REESCRITURAS) {
    const error = await api.exec(sql).then(
      () => undefined,
      (e: { code?: string }) => e,
    );
    if (error?.code !== '42501') accepted.push(`${sql} → ${error ? String(error.code) : 'aceptada'}`);
  }
  return accepted;
}

describe('the API role on PostgreSQL (DATABASE_URL) next to the owner (DATABASE_MIGRATION_URL)', () => {
  let database: TestDatabase;
  let owner: Database;
  let api: Database;
  let apiRole: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const role = await database.createRole();
    apiRole = role.role;
    owner = createPgDatabase(database.url);
    api = createPgDatabase(role.url);
    await prepareDatabase(api, { migrationUrl: database.url, log: sinAvisos });
    await sembrar(owner);
  });
  afterAll(async () => {
    await api?.close();
    await owner?.close();
    await database?.drop();
  });

  it('cannot rewrite the evidence: UPDATE, DELETE, TRUNCATE and ALTER TABLE … DISABLE TRIGGER are refused', async () => {
    expect(await refusedAll(api)).toEqual([]);
    const [{ filas }] = (await owner.query(
      `SELECT (SELECT count(*) FROM historial)::int + (SELECT count(*) FROM auditoria)::int + (SELECT count(*) FROM acceso)::int AS filas`,
    )) as [{ filas: number }];
    expect(filas).toBe(3);
  });

  it('does what the API does: reads, adds evidence, revokes a grant once, edits an expediente', async () => {
    await api.transaction(async (tx) => {
      await tx.query(`INSERT INTO historial (id_expediente, id_usuario, evento, descripcion)
                      SELECT id_expediente, creado_por, 'edicion', 'Editó.' FROM expediente`);
      await tx.query(`UPDATE acceso SET revocado_en = now(), revocado_por = (SELECT id_usuario FROM usuario)`);
      await tx.query(`UPDATE expediente SET asunto = 'Licencia de obra mayor', version = version + 1`);
      await tx.query(`UPDATE unidad SET activa = false`);
      await tx.query(`SELECT * FROM expediente FOR UPDATE`);
    });
    const [{ eventos }] = (await api.query(`SELECT count(*)::int AS eventos FROM historial`)) as [{ eventos: number }];
    expect(eventos).toBe(2);
  });

  it('covers a table a later migration creates without anyone listing it, and honours one listed as append-only', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'migraciones-'));
    try {
      for (const file of await readdir(MIGRATIONS_DIR))
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
      await writeFile(
        path.join(dir, '998_nuevas.sql'),
        `CREATE TABLE nota (id serial PRIMARY KEY, texto text NOT NULL);
         CREATE TABLE sello (id serial PRIMARY KEY, valor text NOT NULL);
         INSERT INTO privilegio_api (tabla, insertar, actualizar) VALUES ('sello', true, '{}');`,
      );
      expect(await runMigrations(owner, await loadMigrations(dir))).toEqual(['998_nuevas']);
      await withMigrationLock(owner, (tx) => grantApiPrivileges(tx, apiRole));

      await api.exec(`INSERT INTO nota (texto) VALUES ('uno'); UPDATE nota SET texto = 'dos'; DELETE FROM nota;`);
      await api.exec(`INSERT INTO sello (valor) VALUES ('a')`);
      for (const sql of [
        `UPDATE sello SET valor = 'b'`,
        'DELETE FROM sello',
        'TRUNCATE nota',
        'ALTER TABLE nota ADD x int',
      ]) {
        await expect(api.exec(sql), sql).rejects.toMatchObject({ code: '42501' });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('without the owner’s URL, refuses to start with pending migrations it cannot apply, in Spanish', async () => {
    const fresh = await createTestDatabase();
    const role = await fresh.createRole();
    const soloApi = createPgDatabase(role.url);
    try {
      await expect(prepareDatabase(soloApi, { log: sinAvisos })).rejects.toThrow(MigrationRightsError);
      await expect(prepareDatabase(soloApi, { log: sinAvisos })).rejects.toThrow(
        /Hay migraciones pendientes \(001_extensions, .*\) y el rol «.*_api» de DATABASE_URL no puede aplicarlas: aplíquelas con DATABASE_MIGRATION_URL/,
      );
    } finally {
      await soloApi.close();
      await fresh.drop();
    }
  });

  it('warns in production when the API works as the owner', async () => {
    const avisos: string[] = [];
    await prepareDatabase(owner, { produccion: true, log: { warn: (m) => avisos.push(m) } });
    expect(avisos).toEqual([expect.stringMatching(/^La API trabaja con el rol «postgres», dueño de las tablas/)]);
  });
});

describe('the API role on PGlite (npm start)', () => {
  let dataDir: string;
  let db: Database;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-'));
    db = await createPgliteDatabase(path.join(dataDir, 'db'));
    await prepareDatabase(db, { log: sinAvisos });
    await db.exec('RESET ROLE');
    await sembrar(db);
    await db.exec(`SET ROLE ${PGLITE_API_ROLE}`);
  });
  afterAll(async () => {
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('works with the same privileges as on PostgreSQL', async () => {
    expect(await db.query('SELECT current_user AS rol')).toEqual([{ rol: PGLITE_API_ROLE }]);
    expect(await refusedAll(db)).toEqual([]);
  });

  it('prepares a data folder again after a restart', async () => {
    await db.close();
    db = await createPgliteDatabase(path.join(dataDir, 'db'));
    expect(await prepareDatabase(db, { log: sinAvisos })).toEqual([]);
    expect(await db.query('SELECT current_user AS rol')).toEqual([{ rol: PGLITE_API_ROLE }]);
  });
});
