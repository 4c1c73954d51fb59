import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadMigrations, runMigrations } from '../../db/migrator';
import { createPgliteDatabase } from '../../db/pglite-database';

/** Migration 035 gives the signatures stored before it a code too, each its own. */
describe('migration 035 (PGlite)', () => {
  it('draws a code for every signed índice already stored (new ones: verificacion.test.ts)', async () => {
    const db = await createPgliteDatabase();
    try {
      const todas = await loadMigrations();
      await runMigrations(
        db,
        todas.filter((migracion) => migracion.version < '035'),
      );
      // Signatures as migration 020 stores them; what they point at does not matter here.
      await db.exec(`SET session_replication_role = replica`);
      const firma = (id: number) =>
        db.query(
          `INSERT INTO indice_firmado (id_expediente, motivo, firmado_en, firmado_por, documentos, xml, pdf,
             certificado_sujeto, certificado_emisor, certificado_serie, solo_desarrollo)
           VALUES (1, 'cierre', now(), 1, 0, '<indice/>', $1, 'CN=Sello', 'CN=Sello', '01', true)`,
          [Buffer.from(`pdf ${id}`)],
        );
      await firma(1);
      await firma(2);
      // Up to 035 only: later migrations (037 lets a code certify a copia auténtica) must keep these rows.
      expect(
        await runMigrations(
          db,
          todas.filter((migracion) => migracion.version <= '035'),
        ),
      ).toEqual(['035_verificacion_csv']);
      const codigos = await db.query<{ id_firma: number; codigo: string; huella: string }>(
        'SELECT id_firma, codigo, huella FROM codigo_verificacion ORDER BY id_firma',
      );
      expect(codigos.map((fila) => fila.id_firma)).toEqual([1, 2]);
      expect(new Set(codigos.map((fila) => fila.codigo)).size).toBe(2);
      for (const { codigo, huella } of codigos) {
        expect(codigo).toMatch(/^[A-HJ-NP-Z2-9]{28}$/);
        expect(huella).toBe(createHash('sha256').update(codigo).digest('hex'));
      }
      await runMigrations(db, todas);
      const despues = await db.query<{ id_firma: number; id_copia: number | null; codigo: string }>(
        'SELECT id_firma, id_copia, codigo FROM codigo_verificacion ORDER BY id_firma',
      );
      expect(despues).toEqual(codigos.map(({ id_firma, codigo }) => ({ id_firma, id_copia: null, codigo })));
    } finally {
      await db.close();
    }
  });
});
