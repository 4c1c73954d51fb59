import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './testing/api-client';
import { createTestApp, type TestApp } from './testing/test-app';
import { useTestStack } from './testing/test-stack';
import { catalogos, crearExpediente } from './modules/inicio/testing/inicio-fixtures';
import { formulario } from './modules/documentos/testing/multipart';
import { samplePdf } from './modules/documentos/inspection/testing/sample-files';
import { listasDe } from './shared/listas-acotadas';

/**
 * No answer of the API may grow without bound with data its callers create: every list in every
 * JSON answer of every route declares its bound (`maxItems`), read from the OpenAPI document that
 * Fastify builds from the routes themselves, so a new route or field joins the check by existing.
 * `createTestApp` checks in every API test that the answers keep the bounds they declare.
 */
describe('every list the API answers is bounded', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ organizacionDemo: false });
    await testApp.app.ready();
  });
  afterAll(() => testApp?.close());

  it('declares maxItems on every array of every JSON answer (paged or capped)', async () => {
    const documento = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const componentes = documento.components?.schemas ?? {};
    const resolver = (ref: string) => componentes[ref.split('/').at(-1)!];
    const sinCota: string[] = [];
    let rutas = 0;
    for (const [url, operaciones] of Object.entries<Record<string, { responses?: Record<string, unknown> }>>(
      documento.paths,
    )) {
      for (const [metodo, operacion] of Object.entries(operaciones)) {
        rutas++;
        for (const [estado, respuesta] of Object.entries(operacion.responses ?? {})) {
          if (!estado.startsWith('2')) continue;
          const esquema = (respuesta as { content?: Record<string, { schema?: unknown }> }).content?.[
            'application/json'
          ]?.schema;
          for (const lista of listasDe(esquema, resolver)) {
            if (lista.maxItems === undefined) sinCota.push(`${metodo.toUpperCase()} ${url} ${estado} ${lista.ruta}`);
          }
        }
      }
    }
    expect(rutas).toBeGreaterThan(40);
    expect(sinCota).toEqual([]);
  });
});

describe('the bounds hold', () => {
  const stack = useTestStack();
  let admin: ApiClient;
  let gestor: ApiClient;
  let ids: { id_tipo: number; id_unidad: number };
  beforeAll(async () => {
    admin = await stack.as('admin');
    gestor = await stack.as('gestor');
    ids = await catalogos(stack.app().db);
  });
  const db = () => stack.app().db;

  it('fails (in the tests) an answer longer than the maxItems its route declares', async () => {
    const testApp = await createTestApp({ organizacionDemo: false });
    try {
      testApp.app.get(
        '/lista-de-prueba',
        { schema: { response: { 200: Type.Object({ data: Type.Array(Type.Integer(), { maxItems: 2 }) }) } } },
        async (request) => ({ data: (request.query as { n?: string }).n === '3' ? [1, 2, 3] : [1, 2] }),
      );
      expect((await testApp.app.inject({ method: 'GET', url: '/lista-de-prueba' })).statusCode).toBe(200);
      expect((await testApp.app.inject({ method: 'GET', url: '/lista-de-prueba?n=3' })).statusCode).toBe(500);
    } finally {
      await testApp.close();
    }
  });

  it('refuses (409) the catalogue entry and the unidad past their capacity, in Spanish', async () => {
    await db().query(
      `INSERT INTO tipo_documental (nombre, orden)
       SELECT 'Tipo de relleno ' || g, 100 + g FROM generate_series(1, $1 - (SELECT count(*) FROM tipo_documental)) AS g`,
      [CAPACIDAD.entradasDeCatalogo],
    );
    const entrada = await admin.post('/api/admin/catalogos/tipos-documentales', { nombre: 'Uno de más' });
    expect(entrada.statusCode).toBe(409);
    expect(entrada.json()).toMatchObject({
      msg: '«Tipos documentales» ya tiene 200 entradas, el máximo. Renombre o reactive una existente en lugar de añadir otra.',
      code: 'CAPACIDAD_AGOTADA',
    });
    expect((await admin.get('/api/catalogos/tipos-documentales')).json().data).toHaveLength(
      CAPACIDAD.entradasDeCatalogo,
    );

    await db().query(
      `INSERT INTO unidad (codigo, nombre)
       SELECT 'RELLENO' || g, 'Unidad de relleno ' || g FROM generate_series(1, $1 - (SELECT count(*) FROM unidad)) AS g`,
      [CAPACIDAD.unidades],
    );
    const unidad = await admin.post('/api/admin/unidades', { codigo: 'UNADEMAS', nombre: 'Una de más' });
    expect(unidad.statusCode).toBe(409);
    expect(unidad.json().msg).toBe(
      'Ya hay 2.000 unidades, el máximo. Reutilice una desactivada (renómbrela o muévala) en lugar de crear otra.',
    );
    expect((await admin.get('/api/catalogos/unidades')).json().data).toHaveLength(CAPACIDAD.unidades);
  });

  it('refuses a document past the capacity of its expediente, and a grant past the grants in force', async () => {
    const expediente = await crearExpediente(gestor, ids);
    const [{ id_usuario: yo }] = (await db().query<{ id_usuario: number }>(
      `SELECT id_usuario FROM usuario WHERE username = 'gestor'`,
    )) as [{ id_usuario: number }];
    // The last folio is how many documents there are: one row with folio 2.000 stands for them all.
    await db().query(
      `INSERT INTO documento (id_expediente, orden, nombre, id_tipo_documental, fecha_incorporacion, tamano, formato,
                              mime, huella, clave_almacen, hash_anterior, hash_entrada, subido_por)
       VALUES ($1, $2, 'ultimo.pdf', $3, now(), 10, 'PDF', 'application/pdf', repeat('a', 64), gen_random_uuid(),
               repeat('b', 64), repeat('c', 64), $4)`,
      [expediente.id_expediente, CAPACIDAD.documentosPorExpediente, ids.id_tipo, yo],
    );
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(ids.id_tipo) },
      { campo: 'archivo', archivo: 'de-mas.pdf', contenido: samplePdf('de más') },
    ]);
    const subida = await stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${expediente.id_expediente}/documentos`,
      headers: { ...headers, authorization: `Bearer ${(await stack.idp().tokensFor('gestor')).access_token}` },
      payload,
    });
    expect(subida.statusCode).toBe(409);
    expect(subida.json().msg).toBe(
      'El archivo «de-mas.pdf» no se incorporó: el expediente ya tiene 2.000 documentos, el máximo. Ábralo en otro expediente relacionado.',
    );

    await db().query(
      `INSERT INTO acceso (id_expediente, id_unidad, nivel, motivo, concedido_por, revocado_por, revocado_en)
       SELECT $1, $2, 'lectura', 'Relleno ' || g, $3::integer, CASE WHEN g > $4::integer THEN $3::integer END,
              CASE WHEN g > $4::integer THEN now() END
       FROM generate_series(1, $4::integer + 150) AS g`,
      [expediente.id_expediente, ids.id_unidad, yo, CAPACIDAD.accesosVigentesPorExpediente],
    );
    const [{ id_usuario: lucia }] = (await db().query<{ id_usuario: number }>(
      `SELECT id_usuario FROM usuario WHERE username = 'consulta'`,
    )) as [{ id_usuario: number }];
    const concesion = await gestor.post(`/api/expedientes/${expediente.id_expediente}/accesos`, {
      id_usuario: lucia,
      nivel: 'lectura',
      motivo: 'Uno más de la cuenta',
    });
    expect(concesion.statusCode).toBe(409);
    expect(concesion.json().msg).toBe(
      'El expediente ya tiene 200 accesos vigentes, el máximo. Revoque alguno antes de conceder otro.',
    );
    const { accesos } = (await gestor.get(`/api/expedientes/${expediente.id_expediente}/accesos`)).json().data;
    expect(accesos).toHaveLength(CAPACIDAD.accesosListados);
    expect(accesos.filter((acceso: { estado: string }) => acceso.estado === 'vigente')).toHaveLength(
      CAPACIDAD.accesosVigentesPorExpediente,
    );
  });
});
