import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client';
import { useTestStack } from '../../testing/test-stack';
import { idUnidad as idUnidadDemo } from '../../testing/organizacion';

/**
 * What a caller sends is validated as sent: a JSON body is never coerced, and every number and
 * date is bounded before it reaches PostgreSQL. Nothing is written when a request is refused.
 */
describe('types and ranges of what callers send (real PostgreSQL)', () => {
  const stack = useTestStack();
  let gestor: ApiClient;
  let idTipo: number;
  let idUnidad: number;

  beforeAll(async () => {
    // Not ready yet: a route that hands PostgreSQL a date it cannot hold, for the safety net.
    stack.app().get('/prueba/fecha-imposible', async () => stack.app().db.query(`SELECT $1::date`, ['0000-01-01']));
    gestor = await stack.as('gestor');
    const [tipo] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_expediente LIMIT 1');
    idTipo = tipo!.id;
    idUnidad = await idUnidadDemo(stack.app().db);
  });

  const cuenta = async () =>
    Number((await stack.app().db.query<{ n: string }>('SELECT count(*) AS n FROM expediente'))[0]!.n);

  it.each([
    ['asunto as a number', { asunto: 1234567 }, 'El campo «asunto» debe ser un texto.'],
    ['asunto as a list', { asunto: ['Licencia de obra menor'] }, 'El campo «asunto» debe ser un texto.'],
    ['id_tipo as text', { id_tipo: '1' }, 'El campo «id_tipo» debe ser un número entero.'],
    ['id_tipo as a boolean', { id_tipo: true }, 'El campo «id_tipo» debe ser un número entero.'],
    ['id_tipo past PostgreSQL integer', { id_tipo: 2_147_483_648 }, 'El campo «id_tipo» debe ser menor o igual que'],
    ['id_unidad far past it', { id_unidad: 1e20 }, 'El campo «id_unidad»'],
    ['id_responsable past it', { id_responsable: 2_147_483_648 }, 'El campo «id_responsable»'],
    ['descripcion as an object', { descripcion: { a: 1 } }, 'El campo «descripcion»'],
  ])('POST /api/expedientes refuses %s with 400 and writes nothing', async (_label, change, message) => {
    const before = await cuenta();
    const response = await gestor.post('/api/expedientes', {
      asunto: 'Licencia de obra menor en calle Mayor 12',
      id_tipo: idTipo,
      id_unidad: idUnidad,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(response.json().msg).toContain(message);
    expect(await cuenta()).toBe(before);
  });

  it('refuses a version past PostgreSQL integer on PATCH and on a change of estado', async () => {
    const creado = await gestor.post('/api/expedientes', {
      asunto: 'Expediente para versiones imposibles',
      id_tipo: idTipo,
      id_unidad: idUnidad,
    });
    expect(creado.statusCode).toBe(201);
    const id = creado.json().data.id_expediente;
    const patch = await gestor.patch(`/api/expedientes/${id}`, { version: 2_147_483_648, asunto: 'Otro asunto' });
    expect(patch.statusCode).toBe(400);
    const estado = await gestor.post(`/api/expedientes/${id}/estado`, { estado: 'en_tramite', version: '1' });
    expect(estado.statusCode).toBe(400);
    expect(estado.json().msg).toBe('El campo «version» debe ser un número entero.');
  });

  it.each([
    ['tipo=2147483648', 'El campo «tipo» debe ser menor o igual que 2.147.483.647.'],
    ['unidad=99999999999999999999', 'El campo «unidad»'],
    ['page=99999999999999999999', 'El campo «page» debe ser menor o igual que'],
    ['desde=0000-01-01', 'El campo «desde» debe ser una fecha válida (aaaa-mm-dd).'],
    ['hasta=2026-02-30', 'El campo «hasta» debe ser una fecha válida (aaaa-mm-dd).'],
    ['cierre_desde=20260-01-01', 'El campo «cierre_desde»'],
    ['documentos_desde=-2026-01-01', 'El campo «documentos_desde»'],
  ])('GET /api/expedientes?%s answers 400, not 500', async (query, message) => {
    const response = await gestor.get(`/api/expedientes?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain(message);
  });

  it.each(['q=%00', 'q=informe%00final', 'tipo=2147483648', 'desde=0000-01-01'])(
    'GET /api/expedientes/export.csv?%s answers the same 400 JSON as the list, before any CSV byte',
    async (query) => {
      const lista = await gestor.get(`/api/expedientes?${query}`);
      const csv = await gestor.get(`/api/expedientes/export.csv?${query}`);
      expect(lista.statusCode).toBe(400);
      expect(csv.statusCode).toBe(400);
      expect(csv.headers['content-type']).toMatch(/^application\/json/);
      expect(csv.json()).toEqual(lista.json());
    },
  );

  it('still reads numbers from the query string', async () => {
    const response = await gestor.get(`/api/expedientes?tipo=${idTipo}&page=1&pageSize=5`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.pageSize).toBe(5);
  });

  it('answers 400 when PostgreSQL itself refuses a value out of range (safety net)', async () => {
    const response = await stack.app().inject({ method: 'GET', url: '/prueba/fecha-imposible' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      msg: 'La solicitud contiene un número o una fecha fuera del rango admitido.',
      code: 'VALIDATION',
    });
  });
});
