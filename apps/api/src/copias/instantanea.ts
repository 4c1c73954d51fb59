import type { Queryable } from '../db/database';
import type { CopiaAutenticaCopiada, DocumentoCopiado } from './formato';

/** What a backup reads inside the dump's own snapshot, so that dump and document list agree. */
export interface LecturaEnInstantanea {
  migraciones: string[];
  recuentos: Record<string, number>;
  documentos: DocumentoCopiado[];
  copiasAutenticas: CopiaAutenticaCopiada[];
}

export async function leerEnInstantanea(tx: Queryable): Promise<LecturaEnInstantanea> {
  const tablas = await tx.query<{ tabla: string }>(
    `SELECT tablename AS tabla FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const recuentos: Record<string, number> = {};
  for (const { tabla } of tablas) {
    const [fila] = await tx.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM public."${tabla.replace(/"/g, '""')}"`,
    );
    recuentos[tabla] = fila?.n ?? 0;
  }
  const migraciones = (
    await tx.query<{ version: string }>('SELECT version::text AS version FROM schema_migrations ORDER BY version')
  ).map((fila) => fila.version);
  // Not the documents an acta de eliminación destroyed: a copy must not keep (nor a restore bring
  // back) bytes that were disposed of (decision 0397).
  const documentos = await tx.query<DocumentoCopiado>(
    `SELECT id_documento, id_expediente, clave_almacen::text AS clave_almacen, huella AS sha256, tamano::float8 AS bytes
     FROM documento WHERE destruido_en IS NULL ORDER BY id_documento`,
  );
  // Nor the copias auténticas of those documents: they hold the same content.
  const copiasAutenticas = await tx.query<CopiaAutenticaCopiada>(
    `SELECT c.id_copia, c.id_documento, c.clave_almacen::text AS clave_almacen, c.huella AS sha256, c.tamano::float8 AS bytes
     FROM copia_autentica c JOIN documento d ON d.id_documento = c.id_documento
     WHERE d.destruido_en IS NULL ORDER BY c.id_copia`,
  );
  return { migraciones, recuentos, documentos, copiasAutenticas };
}
