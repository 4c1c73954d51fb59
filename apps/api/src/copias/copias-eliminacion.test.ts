import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentStorage } from '../storage/create-storage';
import { apiClient } from '../testing/api-client';
import { startTestIdp, type TestIdp } from '../testing/idp';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { ARCHIVO_MANIFIESTO, CARPETA_COPIAS, rutaDocumento, type Manifiesto } from './formato';
import { tamanoDe } from './archivos';
import { poblar } from './testing/poblar';
import { carpetaTemporal, conPostgres, entornoDe, herramienta } from './testing/tools';

/**
 * Decision 0397: the bytes an acta de eliminación destroyed do not come back through the backups.
 * The copies share one folder of documents by SHA-256, so a copy made before the disposal still
 * holds them there; a copy made after lists only the documents that still have bytes, and its
 * restore brings back the record (rows, índice, historial, acta) and nothing of what was destroyed.
 */
describe('copia y restauración tras una eliminación', { timeout: 240_000 }, () => {
  let idp: TestIdp;
  let origen: TestApp;
  const porCerrar: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    idp = await startTestIdp();
    origen = await createTestApp({ issuer: idp.issuer });
    porCerrar.push(() => origen.close());
  }, 120_000);
  afterAll(async () => {
    for (const cerrar of porCerrar.reverse()) await cerrar();
    await idp?.close();
  });

  async function ultimoManifiesto(carpeta: string): Promise<Manifiesto> {
    const copias = (await readdir(path.join(carpeta, CARPETA_COPIAS))).sort();
    return JSON.parse(await readFile(path.join(carpeta, CARPETA_COPIAS, copias.at(-1)!, ARCHIVO_MANIFIESTO), 'utf8'));
  }

  it('una restauración no devuelve los bytes destruidos, aunque una copia anterior los guarde', async () => {
    await poblar(origen, idp);
    const db = origen.app.db;
    const [archivado] = await db.query<{ id_expediente: number; id_tipo: number }>(
      `SELECT id_expediente, id_tipo FROM expediente WHERE estado = 'archivado' ORDER BY id_expediente LIMIT 1`,
    );
    // Its tipo is disposed of as soon as it is closed (0 years): it is pending de dictamen today.
    await db.query(
      `WITH serie AS (INSERT INTO serie_documental (codigo, nombre, disposicion, retencion_anios)
                      VALUES ('PRU-1', 'Serie de prueba', 'eliminacion', 0) RETURNING id)
       UPDATE tipo_expediente SET id_serie = (SELECT id FROM serie) WHERE id = $1`,
      [archivado!.id_tipo],
    );
    const destruidos = await db.query<{ id_documento: number; clave: string; huella: string }>(
      `SELECT id_documento, clave_almacen::text AS clave, huella FROM documento WHERE id_expediente = $1`,
      [archivado!.id_expediente],
    );
    expect(destruidos.length).toBeGreaterThan(0);

    // Copias auténticas: of a document that stays, and of one the acta destroys. A copy's CSV
    // certifies its very bytes, so the backup carries them; not those of a destroyed content.
    const admin = apiClient(origen.app, (await idp.tokensFor('admin')).access_token);
    const copiaDe = async (condicion: string) => {
      const [documento] = await db.query<{ id_documento: number }>(
        `SELECT id_documento FROM documento
         WHERE formato IN ('PDF', 'PNG', 'JPEG') AND NOT anulado AND ${condicion} ORDER BY id_documento LIMIT 1`,
        [archivado!.id_expediente],
      );
      const hecha = await admin.post(`/api/documentos/${documento!.id_documento}/copia-autentica`);
      expect(hecha.statusCode, hecha.body).toBe(201);
      return hecha.json().data as { id_copia: number; sha256: string };
    };
    const copiaQueQueda = await copiaDe('id_expediente <> $1');
    const copiaDestruida = await copiaDe('id_expediente = $1');

    const carpeta = await carpetaTemporal('ecodigital-copias-eliminacion-');
    porCerrar.push(() => rm(carpeta, { recursive: true, force: true }));
    expect((await herramienta('backup', [carpeta], entornoDe(origen)).terminado).codigo).toBe(0);

    const acta = await admin.post('/api/admin/retencion/actas', {
      motivo: 'Plazo de conservación cumplido',
      expedientes: [archivado!.id_expediente],
    });
    expect(acta.statusCode, acta.body).toBe(201);
    const aprobada = await admin.post(`/api/admin/retencion/actas/${acta.json().data.id}/aprobacion`, {
      motivo: 'Dictamen favorable',
    });
    expect(aprobada.statusCode, aprobada.body).toBe(200);

    const copia = await herramienta('backup', [carpeta], entornoDe(origen)).terminado;
    expect(copia.errores).toBe('');
    expect(copia.codigo).toBe(0);
    const manifiesto = await ultimoManifiesto(carpeta);
    const listados = new Set(manifiesto.documentos.map((documento) => documento.id_documento));
    for (const documento of destruidos) {
      expect(listados.has(documento.id_documento)).toBe(false);
      // The earlier copy still holds them in the shared folder: the restore must not use them.
      expect(await tamanoDe(rutaDocumento(carpeta, documento.huella))).toBeGreaterThan(0);
    }
    expect(manifiesto.incidencias).toEqual([]);
    expect(manifiesto.copias_autenticas!.map((copia) => copia.id_copia)).toContain(copiaQueQueda.id_copia);
    expect(manifiesto.copias_autenticas!.map((copia) => copia.id_copia)).not.toContain(copiaDestruida.id_copia);

    const base = await createTestDatabase('ecodigital_restaurada_eliminacion');
    porCerrar.push(() => base.drop());
    const api = await base.createRole();
    const datos = await carpetaTemporal('ecodigital-restaurada-eliminacion-');
    porCerrar.push(() => rm(datos, { recursive: true, force: true }));
    const dir = path.join(datos, 'documentos');
    const restaurada = await herramienta('restore', [carpeta], {
      DATABASE_URL: api.url,
      DATABASE_MIGRATION_URL: base.url,
      DATA_DIR: datos,
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: dir,
    }).terminado;
    expect(restaurada.errores).toBe('');
    expect(restaurada.salida).toContain('Resultado: restauración correcta.');
    expect(restaurada.codigo).toBe(0);

    const almacen = await createDocumentStorage({
      driver: 'local',
      dir,
      tempDir: path.join(dir, '.tmp'),
      maxUploadBytes: 1,
      maxUploadMb: 1,
    });
    try {
      for (const documento of destruidos) expect(await almacen.exists(documento.clave), documento.clave).toBe(false);
      for (const documento of manifiesto.documentos) expect(await almacen.exists(documento.clave_almacen)).toBe(true);
      const copia = manifiesto.copias_autenticas!.find((archivo) => archivo.id_copia === copiaQueQueda.id_copia)!;
      expect(copia.sha256).toBe(copiaQueQueda.sha256);
      expect(await almacen.exists(copia.clave_almacen)).toBe(true);
    } finally {
      await almacen.close();
    }
    // The record came back: the rows, their huellas, the acta and the historial event.
    const filas = await conPostgres(base.url, (restaurado) =>
      restaurado.query<{ destruido: boolean; huella: string }>(
        `SELECT destruido_en IS NOT NULL AS destruido, huella FROM documento WHERE id_expediente = $1 ORDER BY orden`,
        [archivado!.id_expediente],
      ),
    );
    expect(filas).toEqual(destruidos.map((documento) => ({ destruido: true, huella: documento.huella })));
    const eventos = await conPostgres(base.url, (restaurado) =>
      restaurado.query(`SELECT 1 FROM historial WHERE evento = 'eliminacion_documentos' AND id_expediente = $1`, [
        archivado!.id_expediente,
      ]),
    );
    expect(eventos).toHaveLength(1);
  });
});
