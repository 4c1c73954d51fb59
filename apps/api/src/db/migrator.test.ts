import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { findModulosPermitidos, findPermisosByRoles, upsertUsuario } from '../modules/session/session.repository';
import type { Database } from './database';
import { loadMigrations, runMigrations } from './migrator';
import { createPgDatabase } from './pg-database';
import { createPgliteDatabase } from './pglite-database';

const ALL = ['001_extensions', '002_usuarios_roles_menu'];

describe('migrations on PostgreSQL', () => {
  let testDatabase: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = createPgDatabase(testDatabase.url);
  });
  afterAll(async () => {
    await db.close();
    await testDatabase.drop();
  });

  it('applies every file once, in order, even when two processes start together', async () => {
    const other = createPgDatabase(testDatabase.url);
    try {
      const [first, second] = await Promise.all([runMigrations(db), runMigrations(other)]);
      expect([...first, ...second].sort()).toEqual(ALL);
    } finally {
      await other.close();
    }
    const recorded = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.map((row) => row.version)).toEqual(['001', '002']);
  });

  it('is idempotent: a second run applies nothing', async () => {
    expect(await runMigrations(db)).toEqual([]);
    const modulos = await db.query('SELECT nom_modulo FROM modulo ORDER BY id');
    expect(modulos).toEqual([{ nom_modulo: 'expedientes' }, { nom_modulo: 'subir-documentos' }]);
  });

  it('creates the search extensions', async () => {
    const [row] = await db.query<{ plano: string; similar: boolean }>(
      `SELECT unaccent('Ñandú Pérez') AS plano, similarity('expediente', 'expedientes') > 0.5 AS similar`,
    );
    expect(row).toEqual({ plano: 'Nandu Perez', similar: true });
  });

  it('rolls a failing migration back and reports which one failed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'migraciones-'));
    try {
      await writeFile(path.join(dir, '900_buena.sql'), 'CREATE TABLE prueba_buena (id int);');
      await writeFile(path.join(dir, '901_mala.sql'), 'CREATE TABLE prueba_mala (id int); SELECT * FROM no_existe;');
      const migrations = await loadMigrations(dir);
      await expect(runMigrations(db, migrations)).rejects.toThrow(/901_mala/);
      const tables = await db.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE tablename LIKE 'prueba_%' ORDER BY 1`,
      );
      expect(tables).toEqual([{ name: 'prueba_buena' }]);
      const recorded = await db.query('SELECT version FROM schema_migrations WHERE version >= $1', ['900']);
      expect(recorded).toEqual([{ version: '900' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file that does not follow NNN_name.sql', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'migraciones-'));
    try {
      await writeFile(path.join(dir, 'sin_numero.sql'), 'SELECT 1;');
      await expect(loadMigrations(dir)).rejects.toThrow(/sin_numero/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('migrations and session queries on PGlite', () => {
  let dataDir: string;
  let db: Database;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-'));
    db = await createPgliteDatabase(path.join(dataDir, 'db'));
  });
  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('applies every migration, then nothing on a second run, also after reopening', async () => {
    expect(await runMigrations(db)).toEqual(ALL);
    expect(await runMigrations(db)).toEqual([]);
    await db.close();
    db = await createPgliteDatabase(path.join(dataDir, 'db'));
    expect(await runMigrations(db)).toEqual([]);
  });

  it('runs the session queries', async () => {
    const claims = {
      sub: 'sub-consulta',
      username: 'consulta',
      nombres: 'Lucía',
      apellidos: 'Fernández Díaz',
      email: null,
      roles: ['consulta'],
    };
    const created = await upsertUsuario(db, claims);
    const updated = await upsertUsuario(db, { ...claims, email: 'lucia@example.org' });
    expect(updated).toEqual({ ...created, email: 'lucia@example.org' });
    expect(updated.roles).toEqual(['consulta']);

    const permisos = await findPermisosByRoles(db, ['consulta']);
    expect(permisos).toEqual(['documentos.descargar', 'expedientes.ver']);
    const modulos = await findModulosPermitidos(db, permisos);
    expect(modulos.map((modulo) => modulo.nom_modulo)).toEqual(['expedientes']);

    const [row] = await db.query<{ plano: string }>(`SELECT unaccent('Ñandú') AS plano`);
    expect(row?.plano).toBe('Nandu');
  });
});
