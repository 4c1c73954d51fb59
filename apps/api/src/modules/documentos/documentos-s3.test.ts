import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Documento } from '@ecodigital/contracts/documentos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../testing/api-client';
import { startTestIdp, type TestIdp } from '../../testing/idp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { reconciliarHuerfanos } from './huerfanos';
import { samplePdf } from './inspection/testing/sample-files';
import { receiveToTemp } from '../../storage/receive';
import { startS3TestServer, type S3TestServer } from '../../storage/testing/s3-test-server';
import { registroDePrueba, subirDocumentoDePrueba } from './testing/documento-subido';
import { formulario } from './testing/multipart';
import { idUnidad } from '../../testing/organizacion';

describe('documentos through the routes with STORAGE_DRIVER=s3 (s3rver, real PostgreSQL, real dev IdP)', () => {
  let s3: S3TestServer;
  let idp: TestIdp;
  let testApp: TestApp;
  let tempDir: string;
  let token: string;
  let gestor: ApiClient;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    idp = await startTestIdp();
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'ecodigital-s3-subidas-'));
    testApp = await createTestApp({
      issuer: idp.issuer,
      env: {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        STORAGE_TEMP_DIR: tempDir,
      },
    });
    token = (await idp.tokensFor('gestor')).access_token;
    gestor = apiClient(testApp.app, token);
  });
  afterAll(async () => {
    await testApp?.close();
    await idp?.close();
    await s3?.stop();
    await rm(tempDir, { recursive: true, force: true });
  });

  it('uploads, downloads (whole and a range) and verifies a document stored in the bucket', async () => {
    const [tipoExp] = await testApp.app.db.query<{ id: number }>('SELECT id FROM tipo_expediente LIMIT 1');
    const unidad = { id: await idUnidad(testApp.app.db) };
    const [tipo] = await testApp.app.db.query<{ id: number }>(
      `SELECT id FROM tipo_documental WHERE nombre = 'Resolución'`,
    );
    const expediente = (
      await gestor.post('/api/expedientes', { asunto: 'Expediente en S3', id_tipo: tipoExp!.id, id_unidad: unidad!.id })
    ).json().data;

    const contenido = Buffer.concat([samplePdf('en el cubo'), randomBytes(300_000)]);
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(tipo!.id) },
      { campo: 'archivo', archivo: 'Resolución nº 5.pdf', contenido },
    ]);
    const subida = await testApp.app.inject({
      method: 'POST',
      url: `/api/expedientes/${expediente.id_expediente}/documentos`,
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    });
    expect(subida.statusCode, subida.body).toBe(201);
    const documento: Documento = subida.json().data[0].documento;
    expect(documento.huella).toBe(createHash('sha256').update(contenido).digest('hex'));
    expect(await readdir(tempDir)).toEqual([]);

    const [{ clave }] = (await testApp.app.db.query<{ clave: string }>(
      'SELECT clave_almacen::text AS clave FROM documento WHERE id_documento = $1',
      [documento.id_documento],
    )) as [{ clave: string }];
    expect(await testApp.app.storage.size(clave)).toBe(contenido.length);

    const descarga = await gestor.get(`/api/documentos/${documento.id_documento}/descargar`);
    expect(descarga.statusCode).toBe(200);
    expect(descarga.rawPayload).toEqual(contenido);
    expect(descarga.headers['content-disposition']).toContain(`filename*=UTF-8''Resoluci%C3%B3n%20n%C2%BA%205.pdf`);

    const rango = await testApp.app.inject({
      method: 'GET',
      url: `/api/documentos/${documento.id_documento}/descargar`,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=100-199' },
    });
    expect(rango.statusCode).toBe(206);
    expect(rango.rawPayload).toEqual(contenido.subarray(100, 200));

    const verificacion = await gestor.post(`/api/expedientes/${expediente.id_expediente}/verificar`);
    expect(verificacion.json().data).toMatchObject({ correcto: true, documentos_verificados: 1 });

    await testApp.app.storage.remove(clave);
    const ausente = await gestor.post(`/api/expedientes/${expediente.id_expediente}/verificar`);
    expect(ausente.json().data.incidencias).toMatchObject([{ orden: 1, tipo: 'archivo_ausente' }]);
  });

  it('cuts the download of an object altered in the bucket before its last byte, and records it', async () => {
    const { clave, idDocumento } = await subirDocumentoDePrueba(testApp, token, 'Se altera en el cubo');
    const alterado = Buffer.concat((await (await testApp.app.storage.read(clave)).toArray()) as Buffer[]);
    alterado[alterado.length - 10] = alterado[alterado.length - 10]! ^ 0x01;
    const { tempPath } = await receiveToTemp(Readable.from([alterado]), {
      tempDir: testApp.app.storage.tempDir,
      maxBytes: alterado.length,
    });
    await testApp.app.storage.commit(tempPath, clave);

    const url = `/api/documentos/${idDocumento}/descargar`;
    // Over a real socket. The file is one chunk: held back, it is found altered before any byte goes out.
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const descarga = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(descarga.status).toBe(500);
    expect(((await descarga.json()) as { code: string }).code).toBe('ARCHIVO_ALTERADO');

    const rango = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=0-99' },
    });
    expect(rango.statusCode).toBe(500);
    expect(rango.json().code).toBe('ARCHIVO_ALTERADO');
    await expect
      .poll(async () =>
        (
          await testApp.app.db.query<{ origen: string }>(
            'SELECT origen FROM integridad_hallazgo WHERE id_documento = $1 ORDER BY id',
            [idDocumento],
          )
        ).map((fila) => fila.origen),
      )
      .toEqual(['descarga', 'descarga']);
  });

  it('sets aside in huerfanos/ a bucket object without a row once past the grace, never one with a row', async () => {
    const { clave: conFila } = await subirDocumentoDePrueba(testApp, token, 'Informe en el cubo');
    const storage = testApp.app.storage;
    const { tempPath } = await receiveToTemp(Readable.from([Buffer.from('sin fila')]), {
      tempDir: storage.tempDir,
      maxBytes: 1024,
    });
    const huerfano = randomUUID();
    await storage.commit(tempPath, huerfano);

    const dentroDeLaGracia = await reconciliarHuerfanos(testApp.app.db, storage, registroDePrueba().log);
    expect(dentroDeLaGracia.apartados).toEqual([]);
    expect(await storage.exists(huerfano)).toBe(true);

    const { log, avisos } = registroDePrueba();
    const sinGracia = await reconciliarHuerfanos(testApp.app.db, storage, log, { graciaMs: 0 });
    expect(sinGracia.apartados).toEqual([`huerfanos/${huerfano}`]);
    expect(avisos.map((aviso) => aviso.datos.clave)).toEqual([huerfano]);
    expect(await storage.exists(huerfano)).toBe(false);
    expect(await storage.exists(conFila)).toBe(true);
  });
});
