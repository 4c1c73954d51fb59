import type {
  ActividadEvento,
  CifrasInicio,
  DocumentosPorTipo,
  ExpedientesPorMes,
  MiExpediente,
} from '@ecodigital/contracts/inicio';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type DemoUsername } from '../../testing/api-client';
import { resign } from '../../testing/forge-token';
import { useTestStack } from '../../testing/test-stack';
import {
  aAyer,
  aLMesPasado,
  catalogos,
  crearExpediente,
  idUsuario,
  insertarDocumento,
  llevarA,
  mesMadrid,
  moverFechas,
} from './testing/inicio-fixtures';

const RUTAS = ['cifras', 'por-mes', 'por-tipo-documental', 'mis-expedientes', 'actividad'].map(
  (r) => `/api/inicio/${r}`,
);

describe('Inicio API (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  let sinRoles: ApiClient;
  const abiertos: Expediente[] = [];
  let ajeno: Expediente;
  let cerradoEsteMes: Expediente;
  let tramite: Expediente[];

  const leer = async <T>(client: ApiClient, url: string): Promise<T> => {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as T;
  };

  beforeAll(async () => {
    for (const username of ['admin', 'gestor', 'consulta'] as const) {
      as[username] = await stack.as(username);
    }
    const consulta = await stack.idp().tokensFor('consulta');
    sinRoles = apiClient(
      stack.app(),
      await resign(consulta.access_token, await stack.idp().signingKey(), (payload) => ({
        ...payload,
        realm_access: { roles: [] },
      })),
    );
    const db = stack.app().db;
    const ids = await catalogos(db);
    await as.consulta.get('/api/session/get');
    const idGestor = (await as.gestor.get('/api/session/get')) && (await idUsuario(db, 'gestor'));
    const idAdmin = (await as.admin.get('/api/session/get')) && (await idUsuario(db, 'admin'));

    // Known data: 3 abiertos (one opened last month), 2 en trámite, 1 closed this month, 1 closed last
    // month, 1 archived long ago (all gestor's); one more abierto, opened by admin, is consulta's.
    for (let i = 0; i < 3; i++)
      abiertos.push(await crearExpediente(as.gestor, ids, { asunto: `Abierto número ${i + 1}` }));
    tramite = [await crearExpediente(as.gestor, ids), await crearExpediente(as.gestor, ids)];
    for (const expediente of tramite) await llevarA(as.gestor, expediente, ['en_tramite']);
    cerradoEsteMes = await llevarA(as.gestor, await crearExpediente(as.gestor, ids), ['en_tramite', 'cerrado']);
    const cerradoAntes = await llevarA(as.gestor, await crearExpediente(as.gestor, ids), ['en_tramite', 'cerrado']);
    const archivado = await llevarA(as.gestor, await crearExpediente(as.gestor, ids), [
      'en_tramite',
      'cerrado',
      'archivado',
    ]);
    // Opened by admin (who belongs to no unidad) for consulta, a member of Urbanismo, to answer for.
    ajeno = await crearExpediente(as.admin, ids, {
      asunto: 'Expediente de la administradora',
      id_responsable: await idUsuario(db, 'consulta'),
    });

    await moverFechas(db, abiertos[0]!.id_expediente, { apertura: `${aLMesPasado} - interval '3 days'` });
    await moverFechas(db, cerradoAntes.id_expediente, {
      apertura: `${aLMesPasado} - interval '2 days'`,
      cierre: aLMesPasado,
    });
    await moverFechas(db, archivado.id_expediente, {
      apertura: `now() - interval '2 years'`,
      cierre: `now() - interval '2 years'`,
    });

    // Documents: two today (one anulado since), one yesterday.
    await insertarDocumento(db, { id_expediente: abiertos[1]!.id_expediente, tipo: 'Informe', subido_por: idGestor });
    await insertarDocumento(db, {
      id_expediente: abiertos[1]!.id_expediente,
      tipo: 'Informe',
      subido_por: idGestor,
      anulado_por: idAdmin,
    });
    await insertarDocumento(db, {
      id_expediente: tramite[0]!.id_expediente,
      tipo: 'Solicitud',
      subido_por: idGestor,
      fecha: aAyer,
    });
  });

  it('counts abiertos, en trámite, cerrados this month and documents today (Europe/Madrid)', async () => {
    expect(await leer<CifrasInicio>(as.gestor, '/api/inicio/cifras')).toEqual({
      abiertos: 4,
      en_tramite: 2,
      cerrados_este_mes: 1,
      documentos_hoy: 1,
    });
  });

  it('lists, for each figure, the expedientes it counts (the filters its link uses)', async () => {
    const [dias] = await stack.app().db.query<{ hoy: string; ayer: string; primero_de_mes: string }>(
      `SELECT to_char(now() AT TIME ZONE 'Europe/Madrid', 'YYYY-MM-DD') AS hoy,
              to_char(now() AT TIME ZONE 'Europe/Madrid' - interval '1 day', 'YYYY-MM-DD') AS ayer,
              to_char(date_trunc('month', now() AT TIME ZONE 'Europe/Madrid'), 'YYYY-MM-DD') AS primero_de_mes`,
    );
    const ids = async (query: string) =>
      (await leer<{ items: Expediente[] }>(as.gestor, `/api/expedientes?${query}&pageSize=100`)).items
        .map((expediente) => expediente.id_expediente)
        .sort((a, b) => a - b);

    expect(await ids(`cierre_desde=${dias!.primero_de_mes}`)).toEqual([cerradoEsteMes.id_expediente]);
    // The voided document of today does not count; yesterday's counts once "since yesterday".
    expect(await ids(`documentos_desde=${dias!.hoy}`)).toEqual([abiertos[1]!.id_expediente]);
    expect(await ids(`documentos_desde=${dias!.ayer}`)).toEqual(
      [abiertos[1]!.id_expediente, tramite[0]!.id_expediente].sort((a, b) => a - b),
    );
    expect(await ids(`cierre_hasta=${dias!.ayer}&estado=archivado`)).toHaveLength(1);
  });

  it('keeps the counters equal to the rows after every kind of change', async () => {
    // Whoever sees every expediente (admin) is answered from the counters; the others count rows.
    const [directo] = await stack.app().db.query<Omit<CifrasInicio, 'documentos_hoy'>>(
      `SELECT count(*) FILTER (WHERE estado = 'abierto')::int AS abiertos,
              count(*) FILTER (WHERE estado = 'en_tramite')::int AS en_tramite,
              count(*) FILTER (
                WHERE fecha_cierre AT TIME ZONE 'Europe/Madrid' >= date_trunc('month', now() AT TIME ZONE 'Europe/Madrid')
              )::int
                AS cerrados_este_mes
       FROM expediente`,
    );
    const cifras = await leer<CifrasInicio>(as.admin, '/api/inicio/cifras');
    expect({
      abiertos: cifras.abiertos,
      en_tramite: cifras.en_tramite,
      cerrados_este_mes: cifras.cerrados_este_mes,
    }).toEqual(directo);
    const porMes = await stack.app().db.query<{ mes: string; abiertos: number; cerrados: number }>(
      `SELECT m.mes,
              (SELECT count(*) FROM expediente
               WHERE to_char(fecha_apertura AT TIME ZONE 'Europe/Madrid', 'YYYY-MM') = m.mes)::int AS abiertos,
              (SELECT count(*) FROM expediente
               WHERE to_char(fecha_cierre AT TIME ZONE 'Europe/Madrid', 'YYYY-MM') = m.mes)::int AS cerrados
       FROM (SELECT to_char(date_trunc('month', now() AT TIME ZONE 'Europe/Madrid') - make_interval(months => n), 'YYYY-MM') AS mes
             FROM generate_series(0, 11) AS n) AS m
       ORDER BY m.mes`,
    );
    expect(await leer<ExpedientesPorMes>(as.admin, '/api/inicio/por-mes')).toEqual(porMes);
  });

  it('gives the last 12 months oldest first, with opened and closed per month', async () => {
    const meses = await leer<ExpedientesPorMes>(as.gestor, '/api/inicio/por-mes');
    expect(meses).toHaveLength(12);
    const actual = mesMadrid();
    expect(meses.at(-1)!.mes).toBe(actual);
    const anterior = meses.at(-2)!;
    const [año, mes] = actual.split('-').map(Number) as [number, number];
    expect(anterior.mes).toBe(mes === 1 ? `${año - 1}-12` : `${año}-${String(mes - 1).padStart(2, '0')}`);
    // 9 created now: 2 moved to last month, 1 two years back.
    expect(meses.at(-1)).toEqual({ mes: actual, abiertos: 6, cerrados: 1 });
    expect(anterior).toEqual({ mes: anterior.mes, abiertos: 2, cerrados: 1 });
    expect(meses.slice(0, -2).every((m) => m.abiertos === 0 && m.cerrados === 0)).toBe(true);
  });

  it('counts documents by tipo documental, without the anulados', async () => {
    const porTipo = await leer<DocumentosPorTipo>(as.gestor, '/api/inicio/por-tipo-documental');
    const total = (nombre: string) => porTipo.find((tipo) => tipo.nombre === nombre)?.total;
    expect(total('Informe')).toBe(1);
    expect(total('Solicitud')).toBe(1);
    expect(total('Resolución')).toBe(0);
    expect(porTipo.map((tipo) => tipo.nombre)).toEqual([
      'Solicitud',
      'Informe',
      'Resolución',
      'Notificación',
      'Anexo',
      'Otro',
    ]);
  });

  it('lists my open expedientes, oldest first, and only mine', async () => {
    const mios = await leer<MiExpediente[]>(as.gestor, '/api/inicio/mis-expedientes');
    expect(mios).toHaveLength(5);
    expect(mios[0]!.id_expediente).toBe(abiertos[0]!.id_expediente);
    expect(mios.every((m) => m.estado === 'abierto' || m.estado === 'en_tramite')).toBe(true);
    expect(mios.map((m) => m.id_expediente)).not.toContain(ajeno.id_expediente);
    const fechas = mios.map((m) => m.fecha_apertura);
    expect(fechas).toEqual([...fechas].sort());
    expect(await leer<MiExpediente[]>(as.consulta, '/api/inicio/mis-expedientes')).toEqual([
      expect.objectContaining({
        id_expediente: ajeno.id_expediente,
        numero: ajeno.numero,
        asunto: ajeno.asunto,
        estado: 'abierto',
      }),
    ]);
    expect(await leer<MiExpediente[]>(as.admin, '/api/inicio/mis-expedientes')).toEqual([]);
  });

  it('shows the latest 15 changes with expediente, person and description, leaving reads out', async () => {
    const detalle = await as.consulta.get(`/api/expedientes/${abiertos[2]!.id_expediente}`);
    expect(detalle.statusCode).toBe(200);
    const actividad = await leer<ActividadEvento[]>(as.gestor, '/api/inicio/actividad');
    expect(actividad).toHaveLength(15);
    expect(actividad.some((evento) => evento.evento === 'consulta')).toBe(false);
    expect(actividad[0]).toMatchObject({
      evento: 'creacion',
      descripcion: `Creó el expediente ${ajeno.numero}.`,
      usuario: { nombre_completo: 'María José García López' },
      expediente: { id_expediente: ajeno.id_expediente, numero: ajeno.numero, asunto: ajeno.asunto },
    });
    const fechas = actividad.map((evento) => evento.fecha);
    expect(fechas).toEqual([...fechas].sort().reverse());
  });

  it('refuses (403) whoever lacks expedientes.ver, and (401) without a token', async () => {
    for (const url of RUTAS) {
      const response = await sinRoles.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await stack.app().inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
