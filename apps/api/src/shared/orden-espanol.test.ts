import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { runMigrations } from '../db/migrator';
import { createPgDatabase } from '../db/pg-database';
import { createPgliteDatabase } from '../db/pglite-database';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { ordenEspanolSql } from './sql';

const NOMBRES = ['Marta', 'Bea', 'Ñandú', 'María', 'Álvaro', 'alberto', 'Nuria', 'Óscar', 'Zoe', 'Ángela'];
const ESPERADO = ['alberto', 'Álvaro', 'Ángela', 'Bea', 'María', 'Marta', 'Nuria', 'Ñandú', 'Óscar', 'Zoe'];

async function ordenados(db: Database): Promise<string[]> {
  const filas = await db.query<{ nombre: string }>(
    `SELECT nombre FROM unnest($1::text[]) AS t(nombre) ORDER BY ${ordenEspanolSql('nombre')}, nombre`,
    [NOMBRES],
  );
  return filas.map((fila) => fila.nombre);
}

describe('ordenEspanolSql', () => {
  let testDatabase: TestDatabase;
  let pg: Database;
  let pglite: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    pg = createPgDatabase(testDatabase.url);
    await runMigrations(pg);
    pglite = await createPgliteDatabase();
    await runMigrations(pglite);
  }, 120_000);
  afterAll(async () => {
    await pg?.close();
    await pglite?.close();
    await testDatabase?.drop();
  });

  it('sorts names as Spanish does on PostgreSQL 15 (Álvaro before Bea, María before Marta, ñ after n)', async () => {
    expect(await ordenados(pg)).toEqual(ESPERADO);
  });

  it('sorts them the same on PGlite', async () => {
    expect(await ordenados(pglite)).toEqual(ESPERADO);
  });

  it('agrees with the browser’s Intl.Collator("es")', () => {
    expect([...NOMBRES].sort(new Intl.Collator('es').compare)).toEqual(ESPERADO);
  });
});
