import { watch } from 'node:fs';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Queryable } from '../db/database';
import { PGLITE_API_ROLE, prepareDatabase } from '../db/prepare-database';
import { createDocumentStorage } from '../storage/create-storage';
import type { StorageConfig } from '../storage/storage-config';
import { startS3TestServer, type S3TestServer } from '../storage/testing/s3-test-server';
import { apiClient, type ApiClient } from '../testing/api-client';
import { startTestIdp, type TestIdp } from '../testing/idp';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testConfig } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { ARCHIVO_MANIFIESTO, CARPETA_COPIAS, CARPETA_DOCUMENTOS, type Manifiesto } from './formato';
import { carpetaTemporal, conPostgres, entornoDe, filasDe, herramienta } from './testing/tools';
import { poblar, subirPdf, type Poblado } from './testing/poblar';

let idp: TestIdp;
const porCerrar: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(async () => {
  for (const cerrar of porCerrar.reverse()) await cerrar();
  await idp?.close();
});

/** A fresh PostgreSQL database (an owner and an API role) and document storage to restore onto. */
async function destinoVacio(
  almacen: 'local' | S3TestServer,
): Promise<{ base: TestDatabase; env: Record<string, string> }> {
  const base = await createTestDatabase('ecodigital_restaurada');
  const api = await base.createRole();
  porCerrar.push(() => base.drop());
  const datos = await carpetaTemporal('ecodigital-restaurada-');
  porCerrar.push(() => rm(datos, { recursive: true, force: true }));
  const env: Record<string, string> = { DATABASE_URL: api.url, DATABASE_MIGRATION_URL: base.url, DATA_DIR: datos };
  if (almacen === 'local') Object.assign(env, { STORAGE_DRIVER: 'local', STORAGE_DIR: path.join(datos, 'documentos') });
  else {
    Object.assign(env, {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: almacen.bucket,
      S3_ENDPOINT: almacen.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: almacen.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: almacen.credentials.secretAccessKey,
      STORAGE_TEMP_DIR: path.join(datos, 'tmp'),
    });
  }
  return { base, env };
}

/** The API started on a restored installation, as an operator starts it after moving to PostgreSQL. */
async function apiSobre(env: Record<string, string>): Promise<FastifyInstance> {
  const { DATABASE_URL, DATABASE_MIGRATION_URL, DATA_DIR: _datos, ...almacen } = env;
  const config = testConfig({
    databaseUrl: DATABASE_URL,
    databaseMigrationUrl: DATABASE_MIGRATION_URL,
    issuer: idp.issuer,
    env: almacen,
  });
  const app = await buildApp(config, { logger: false });
  porCerrar.push(async () => {
    await app.close();
    await rm(config.dataDir, { recursive: true, force: true });
  });
  await prepareDatabase(app.db, { migrationUrl: DATABASE_MIGRATION_URL, log: { warn: () => {} } });
  await app.ready();
  return app;
}

async function ultimoManifiesto(carpeta: string): Promise<Manifiesto> {
  const copias = (await readdir(path.join(carpeta, CARPETA_COPIAS))).sort();
  return JSON.parse(await readFile(path.join(carpeta, CARPETA_COPIAS, copias.at(-1)!, ARCHIVO_MANIFIESTO), 'utf8'));
}

async function bytesDe(storage: StorageConfig, claves: string[]): Promise<Map<string, Buffer>> {
  const almacen = await createDocumentStorage(storage);
  try {
    const bytes = new Map<string, Buffer>();
    for (const clave of claves) {
      const trozos: Buffer[] = [];
      for await (const trozo of await almacen.read(clave)) trozos.push(trozo as Buffer);
      bytes.set(clave, Buffer.concat(trozos));
    }
    return bytes;
  } finally {
    await almacen.close();
  }
}

function configDeAlmacen(env: Record<string, string>): StorageConfig {
  if (env.STORAGE_DRIVER === 'local') {
    return {
      driver: 'local',
      dir: env.STORAGE_DIR!,
      tempDir: path.join(env.STORAGE_DIR!, '.tmp'),
      maxUploadBytes: 1,
      maxUploadMb: 1,
    };
  }
  return {
    driver: 's3',
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
    tempDir: env.STORAGE_TEMP_DIR!,
    maxUploadBytes: 1,
    maxUploadMb: 1,
  };
}

/** Same rows in every table the copy holds, and the same bytes under every document's key. */
async function compararConOrigen(
  origen: TestApp,
  leerOrigen: Queryable,
  destino: Record<string, string>,
  manifiesto: Manifiesto,
) {
  const tablas = Object.keys(manifiesto.recuentos);
  const esperadas = await filasDe(leerOrigen, tablas);
  const restauradas = await conPostgres(destino.DATABASE_MIGRATION_URL!, (db) => filasDe(db, tablas));
  for (const tabla of tablas) expect(restauradas[tabla], `filas de ${tabla}`).toEqual(esperadas[tabla]);

  const claves = manifiesto.documentos.map((documento) => documento.clave_almacen);
  expect(claves.length).toBeGreaterThan(0);
  const originales = await bytesDe(origen.config.storage, claves);
  const copiados = await bytesDe(configDeAlmacen(destino), claves);
  for (const clave of claves)
    expect(copiados.get(clave)!.equals(originales.get(clave)!), `bytes de ${clave}`).toBe(true);
}

describe('copia de seguridad de PostgreSQL con almacenamiento local', { timeout: 240_000 }, () => {
  let origen: TestApp;
  let poblado: Poblado;
  let carpeta: string;
  beforeAll(async () => {
    origen = await createTestApp({ issuer: idp.issuer });
    porCerrar.push(() => origen.close());
    poblado = await poblar(origen, idp);
    carpeta = await carpetaTemporal('ecodigital-copias-');
    porCerrar.push(() => rm(carpeta, { recursive: true, force: true }));
  }, 120_000);

  it('restaura en una instalación vacía las mismas filas y los mismos bytes, y cada expediente se verifica', async () => {
    const copia = await herramienta('backup', [carpeta], entornoDe(origen)).terminado;
    expect(copia.errores).toBe('');
    expect(copia.codigo).toBe(0);
    const manifiesto = await ultimoManifiesto(carpeta);
    expect(manifiesto.origen).toEqual({ base_de_datos: 'postgres', almacenamiento: 'local' });
    expect(manifiesto.recuentos).toMatchObject({ expediente: 4, documento: 8 });
    expect(manifiesto.recuentos.acceso_expediente ?? manifiesto.recuentos.acceso).toBeGreaterThan(0);

    const [{ firmas } = { firmas: 0 }] = await origen
      .owner()
      .query<{ firmas: number }>('SELECT count(*)::integer AS firmas FROM indice_firmado');
    // The cerrado and the archivado expedientes were sealed on closing.
    expect(firmas).toBeGreaterThanOrEqual(2);

    const destino = await destinoVacio('local');
    const restaurada = await herramienta('restore', [carpeta], destino.env).terminado;
    expect(restaurada.errores).toBe('');
    expect(restaurada.salida).toContain('Expedientes verificados (huellas de los archivos y cadena del índice): 4.');
    expect(restaurada.salida).toContain(`Índices firmados comprobados (firmas XAdES y PAdES): ${firmas}.`);
    expect(restaurada.salida).toContain('Resultado: restauración correcta.');
    expect(restaurada.codigo).toBe(0);
    await compararConOrigen(origen, origen.owner(), destino.env, manifiesto);

    // Over a non-empty installation: refused, nothing changed.
    const otraVez = await herramienta('restore', [carpeta], destino.env).terminado;
    expect(otraVez.codigo).toBe(1);
    expect(otraVez.errores).toContain('la base de datos de destino no está vacía');
    expect(otraVez.errores).toContain('--forzar');
  });

  it('una firma del índice alterada en la copia se señala al restaurar', async () => {
    // Someone edits the copy's dump and its manifest to match: the hashes hold, the seal does not.
    const alterada = await carpetaTemporal('ecodigital-copia-firma-alterada-');
    porCerrar.push(() => rm(alterada, { recursive: true, force: true }));
    expect((await herramienta('backup', [alterada], entornoDe(origen)).terminado).codigo).toBe(0);
    const [nombre] = await readdir(path.join(alterada, CARPETA_COPIAS));
    const carpetaCopia = path.join(alterada, CARPETA_COPIAS, nombre!);
    const manifiesto: Manifiesto = JSON.parse(await readFile(path.join(carpetaCopia, ARCHIVO_MANIFIESTO), 'utf8'));
    const archivoVolcado = path.join(carpetaCopia, manifiesto.volcado.archivo);
    const volcado = await readFile(archivoVolcado, 'utf8');
    const firmado = /(<ds:SignatureValue[^>]*>)(.)/.exec(volcado);
    expect(firmado).not.toBeNull();
    const posicion = firmado!.index + firmado![1]!.length;
    const otro = firmado![2] === 'A' ? 'B' : 'A';
    const cambiado = Buffer.from(volcado.slice(0, posicion) + otro + volcado.slice(posicion + 1), 'utf8');
    await writeFile(archivoVolcado, cambiado);
    manifiesto.volcado.sha256 = createHash('sha256').update(cambiado).digest('hex');
    await writeFile(path.join(carpetaCopia, ARCHIVO_MANIFIESTO), JSON.stringify(manifiesto));

    const destino = await destinoVacio('local');
    const restaurada = await herramienta('restore', [alterada], destino.env).terminado;
    expect(restaurada.codigo).toBe(2);
    expect(restaurada.salida).toMatch(
      /ERROR: el expediente \S+ no supera la verificación:\n {2}- La firma del índice del .* no es válida/,
    );
    expect(restaurada.salida).toContain('Resultado: restauración CON ERRORES.');
  });

  it('una segunda copia solo copia los archivos nuevos', async () => {
    const antes = await ultimoManifiesto(carpeta);
    const expediente = await poblado.crear('Expediente tras la primera copia');
    await poblado.subir(expediente.id_expediente, 'documento nuevo');
    const copia = await herramienta('backup', [carpeta], entornoDe(origen)).terminado;
    expect(copia.codigo).toBe(0);
    const manifiesto = await ultimoManifiesto(carpeta);
    expect(manifiesto.totales.documentos).toBe(antes.totales.documentos + 1);
    expect(manifiesto.totales.archivos_nuevos).toBe(1);
    expect(manifiesto.totales.archivos_ya_copiados).toBe(antes.totales.archivos_nuevos);
  });

  it('una copia interrumpida queda incompleta y no se restaura', async () => {
    const interrumpida = await carpetaTemporal('ecodigital-copia-interrumpida-');
    porCerrar.push(() => rm(interrumpida, { recursive: true, force: true }));
    const { hijo, terminado } = herramienta('backup', [interrumpida], entornoDe(origen));
    // Killed as soon as the documents' folder appears: the dump is made, documents are on their way.
    await new Promise<void>((resolve) => {
      const vigia = watch(interrumpida, (_evento, nombre) => {
        if (nombre !== CARPETA_DOCUMENTOS) return;
        hijo.kill('SIGKILL');
        vigia.close();
        resolve();
      });
    });
    expect((await terminado).codigo).toBe(null);
    const [nombre] = await readdir(path.join(interrumpida, CARPETA_COPIAS));
    expect(await readdir(path.join(interrumpida, CARPETA_COPIAS, nombre!))).not.toContain(ARCHIVO_MANIFIESTO);

    const destino = await destinoVacio('local');
    const restaurada = await herramienta('restore', [interrumpida], destino.env).terminado;
    expect(restaurada.codigo).toBe(1);
    expect(restaurada.errores).toContain(`La copia «${nombre}» está incompleta`);
    const tablas = await conPostgres(destino.env.DATABASE_MIGRATION_URL!, (db) =>
      db.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`),
    );
    expect(tablas).toEqual([]);
  });

  it('una copia hecha mientras se suben documentos es coherente', async () => {
    const carpetaCarga = await carpetaTemporal('ecodigital-copia-carga-');
    porCerrar.push(() => rm(carpetaCarga, { recursive: true, force: true }));
    const expediente = await poblado.crear('Expediente con subidas durante la copia');
    const { terminado } = herramienta('backup', [carpetaCarga], entornoDe(origen));
    let subidas = 0;
    let fin = false;
    void terminado.then(() => (fin = true));
    while (!fin) {
      await poblado.subir(expediente.id_expediente, `subida concurrente ${++subidas}`);
    }
    expect((await terminado).codigo).toBe(0);
    expect(subidas).toBeGreaterThan(1);
    const manifiesto = await ultimoManifiesto(carpetaCarga);

    const destino = await destinoVacio('local');
    const restaurada = await herramienta('restore', [carpetaCarga], destino.env).terminado;
    expect(restaurada.salida).toContain('Resultado: restauración correcta.');
    expect(restaurada.codigo).toBe(0);
    const restaurados = await conPostgres(destino.env.DATABASE_MIGRATION_URL!, (db) =>
      db.query<{ n: number }>('SELECT count(*)::integer AS n FROM documento'),
    );
    expect(restaurados[0]!.n).toBe(manifiesto.totales.documentos);
  });
});

describe('copia de la base embebida con la API en marcha, restaurada en PostgreSQL y S3', { timeout: 300_000 }, () => {
  let origen: TestApp;
  let s3: S3TestServer;
  beforeAll(async () => {
    origen = await createTestApp({ issuer: idp.issuer, baseDeDatos: 'pglite' });
    porCerrar.push(() => origen.close());
    await poblar(origen, idp, 1);
    s3 = await startS3TestServer('ecodigital-restaurada');
    porCerrar.push(() => s3.stop());
  }, 180_000);

  it('la copia se pide a la API y la restauración pasa de PGlite a PostgreSQL y del disco a S3', async () => {
    const carpeta = await carpetaTemporal('ecodigital-copias-pglite-');
    porCerrar.push(() => rm(carpeta, { recursive: true, force: true }));
    const copia = await herramienta('backup', [carpeta], entornoDe(origen)).terminado;
    expect(copia.errores).toBe('');
    expect(copia.codigo).toBe(0);
    const manifiesto = await ultimoManifiesto(carpeta);
    expect(manifiesto.origen).toEqual({ base_de_datos: 'pglite', almacenamiento: 'local' });
    // The API kept serving throughout, as its role.
    expect(await origen.app.db.query('SELECT current_user AS rol')).toEqual([{ rol: PGLITE_API_ROLE }]);
    expect((await origen.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Onto the installation whose API is running: refused, its database untouched.
    const sobreLaEnMarcha = await herramienta('restore', [carpeta, '--forzar'], entornoDe(origen)).terminado;
    expect(sobreLaEnMarcha.codigo).toBe(1);
    expect(sobreLaEnMarcha.errores).toContain('detenga la API antes de restaurar');

    const destino = await destinoVacio(s3);
    const restaurada = await herramienta('restore', [carpeta], destino.env).terminado;
    expect(restaurada.errores).toBe('');
    expect(restaurada.salida).toContain('Resultado: restauración correcta.');
    expect(restaurada.codigo).toBe(0);

    await origen.app.db.exec('SET ROLE postgres');
    try {
      await compararConOrigen(origen, origen.app.db, destino.env, manifiesto);
    } finally {
      await origen.app.db.exec(`SET ROLE ${PGLITE_API_ROLE}`);
    }

    // The last step of the move: the API started with the new DATABASE_URL and S3 serves as before.
    const gestorToken = (await idp.tokensFor('gestor')).access_token;
    const antes = apiClient(origen.app, gestorToken);
    const enPostgres = await apiSobre(destino.env);
    const despues = apiClient(enPostgres, gestorToken);
    const lista = async (persona: ApiClient) =>
      (await persona.get('/api/expedientes?pageSize=50'))
        .json()
        .data.items.map((item: { numero: string; estado: string }) => `${item.numero} ${item.estado}`);
    expect(await lista(despues)).toEqual(await lista(antes));
    const [archivado] = await origen.app.db.query<{ id_expediente: number; id_documento: number }>(
      `SELECT e.id_expediente, min(d.id_documento)::integer AS id_documento FROM expediente e
         JOIN documento d ON d.id_expediente = e.id_expediente WHERE e.estado = 'archivado' GROUP BY e.id_expediente`,
    );
    const descarga = `/api/documentos/${archivado!.id_documento}/descargar`;
    const restaurado = await despues.get(descarga);
    expect(restaurado.statusCode).toBe(200);
    expect(restaurado.rawPayload.equals((await antes.get(descarga)).rawPayload)).toBe(true);
    const verificado = await despues.post(`/api/expedientes/${archivado!.id_expediente}/verificar`);
    expect(verificado.json().data).toMatchObject({ correcto: true, firmas_verificadas: 1 });
    const [abierto] = await origen.app.db.query<{ id_expediente: number }>(
      `SELECT id_expediente FROM expediente WHERE estado = 'abierto' LIMIT 1`,
    );
    const nuevo = await subirPdf(enPostgres, gestorToken, abierto!.id_expediente, 'tras la mudanza');
    expect(nuevo.statusCode).toBe(201);
    expect((await despues.post(`/api/expedientes/${abierto!.id_expediente}/verificar`)).json().data.correcto).toBe(
      true,
    );
  });

  it('con la API detenida, la copia abre la base embebida y se restaura en otra base embebida', async () => {
    const carpeta = await carpetaTemporal('ecodigital-copias-pglite-parada-');
    porCerrar.push(() => rm(carpeta, { recursive: true, force: true }));
    const [{ n: expedientes } = { n: 0 }] = await origen.app.db.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM expediente',
    );
    await origen.app.close();
    const copia = await herramienta('backup', [carpeta], entornoDe(origen)).terminado;
    expect(copia.errores).toBe('');
    expect(copia.codigo).toBe(0);
    expect((await ultimoManifiesto(carpeta)).recuentos.expediente).toBe(expedientes);

    const datos = await carpetaTemporal('ecodigital-restaurada-pglite-');
    porCerrar.push(() => rm(datos, { recursive: true, force: true }));
    const env = { DATA_DIR: datos, STORAGE_DRIVER: 'local', STORAGE_DIR: path.join(datos, 'documentos') };
    const restaurada = await herramienta('restore', [carpeta], env).terminado;
    expect(restaurada.errores).toBe('');
    expect(restaurada.salida).toContain(
      `Expedientes verificados (huellas de los archivos y cadena del índice): ${expedientes}.`,
    );
    expect(restaurada.salida).toContain('Resultado: restauración correcta.');
    expect(restaurada.codigo).toBe(0);
  });
});

describe('copia de PostgreSQL con los documentos en S3', { timeout: 240_000 }, () => {
  let origen: TestApp;
  beforeAll(async () => {
    const s3 = await startS3TestServer('ecodigital-origen');
    porCerrar.push(() => s3.stop());
    const subidas = await carpetaTemporal('ecodigital-s3-subidas-');
    porCerrar.push(() => rm(subidas, { recursive: true, force: true }));
    origen = await createTestApp({
      issuer: idp.issuer,
      env: {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        STORAGE_TEMP_DIR: subidas,
      },
    });
    porCerrar.push(() => origen.close());
    await poblar(origen, idp, 1);
  }, 120_000);

  it('copia los documentos desde S3 y se restaura en disco local', async () => {
    const carpeta = await carpetaTemporal('ecodigital-copias-s3-');
    porCerrar.push(() => rm(carpeta, { recursive: true, force: true }));
    const copia = await herramienta('backup', [carpeta], entornoDe(origen)).terminado;
    expect(copia.codigo).toBe(0);
    const manifiesto = await ultimoManifiesto(carpeta);
    expect(manifiesto.origen).toEqual({ base_de_datos: 'postgres', almacenamiento: 's3' });
    expect(manifiesto.totales.archivos_nuevos).toBe(4);

    const destino = await destinoVacio('local');
    const restaurada = await herramienta('restore', [carpeta], destino.env).terminado;
    expect(restaurada.salida).toContain('Resultado: restauración correcta.');
    expect(restaurada.codigo).toBe(0);
    await compararConOrigen(origen, origen.owner(), destino.env, manifiesto);
  });
});
