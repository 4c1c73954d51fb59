import type { Notificaciones } from '@ecodigital/contracts/notificaciones';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type DemoUsername } from '../../testing/api-client';
import { resign } from '../../testing/forge-token';
import { useTestStack } from '../../testing/test-stack';
import {
  aAyer,
  catalogos,
  crearExpediente,
  idUsuario,
  insertarDocumento,
  insertarEvento,
  insertarLectura,
} from '../inicio/testing/inicio-fixtures';
import { DIA_HOY } from '../inicio/inicio.public';

describe('notificaciones API (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  const id = {} as Record<DemoUsername, number>;
  let ids: { id_tipo: number; id_unidad: number };

  const notificaciones = async (client: ApiClient): Promise<Notificaciones> => {
    const response = await client.get('/api/notificaciones');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const marcarVistas = async (client: ApiClient) => {
    const response = await client.post('/api/notificaciones/vistas');
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    for (const username of ['admin', 'gestor', 'consulta'] as const) {
      as[username] = await stack.as(username);
      await as[username].get('/api/session/get');
      id[username] = await idUsuario(stack.app().db, username);
    }
    ids = await catalogos(stack.app().db);
  });

  it('tells the responsable when someone else assigns them an expediente, not when they act themselves', async () => {
    await marcarVistas(as.gestor);
    const propio = await crearExpediente(as.gestor, ids, { asunto: 'Abierto por el propio gestor' });
    const asignado = await crearExpediente(as.admin, ids, { asunto: 'Asignado al gestor', id_responsable: id.gestor });
    const paraAdmin = await crearExpediente(as.admin, ids, { asunto: 'Sin asignar al gestor' });
    // The gestor edits their own expediente: nobody is told.
    const editado = await as.gestor.patch(`/api/expedientes/${propio.id_expediente}`, {
      version: propio.version,
      asunto: 'Asunto cambiado',
    });
    expect(editado.statusCode).toBe(200);

    const gestor = await notificaciones(as.gestor);
    expect(gestor.no_vistos).toBe(1);
    expect(gestor.eventos).toEqual([
      expect.objectContaining({
        tipo: 'asignado',
        usuario: { id_usuario: id.admin, nombre_completo: 'María José García López' },
        expediente: { id_expediente: asignado.id_expediente, numero: asignado.numero, asunto: 'Asignado al gestor' },
      }),
    ]);
    expect((await notificaciones(as.admin)).eventos.map((e) => e.expediente.id_expediente)).not.toContain(
      paraAdmin.id_expediente,
    );
  });

  it('tells the new responsable when an edit hands the expediente to them', async () => {
    await marcarVistas(as.consulta);
    const expediente = await crearExpediente(as.gestor, ids, { asunto: 'Se reasigna a consulta' });
    const response = await as.gestor.patch(`/api/expedientes/${expediente.id_expediente}`, {
      version: expediente.version,
      id_responsable: id.consulta,
    });
    expect(response.statusCode, response.body).toBe(200);
    const consulta = await notificaciones(as.consulta);
    expect(consulta.no_vistos).toBe(1);
    expect(consulta.eventos[0]).toMatchObject({
      tipo: 'asignado',
      expediente: { id_expediente: expediente.id_expediente },
    });
  });

  it('tells the responsable of a document someone else added, not of their own', async () => {
    const mio = await crearExpediente(as.gestor, ids, { asunto: 'Recibe documentos' });
    await marcarVistas(as.gestor);
    await insertarEvento(stack.app().db, {
      id_expediente: mio.id_expediente,
      id_usuario: id.gestor,
      evento: 'documento_subido',
      descripcion: 'Incorporó el documento «propio.pdf».',
    });
    await insertarEvento(stack.app().db, {
      id_expediente: mio.id_expediente,
      id_usuario: id.admin,
      evento: 'documento_subido',
      descripcion: 'Incorporó el documento «informe.pdf».',
    });
    const gestor = await notificaciones(as.gestor);
    expect(gestor.no_vistos).toBe(1);
    expect(gestor.eventos).toEqual([
      expect.objectContaining({
        tipo: 'documento_subido',
        descripcion: 'Incorporó el documento «informe.pdf».',
        usuario: expect.objectContaining({ id_usuario: id.admin }),
      }),
    ]);
  });

  it('marks everything seen on the server: a second browser agrees, and newer events count again', async () => {
    await crearExpediente(as.admin, ids, { asunto: 'Otra asignación', id_responsable: id.gestor });
    expect((await notificaciones(as.gestor)).no_vistos).toBeGreaterThan(0);
    await marcarVistas(as.gestor);
    expect(await notificaciones(as.gestor)).toMatchObject({ no_vistos: 0, eventos: [] });

    const otroNavegador = await stack.as('gestor');
    expect(await notificaciones(otroNavegador)).toMatchObject({ no_vistos: 0, eventos: [] });

    const nuevo = await crearExpediente(as.admin, ids, { asunto: 'Asignación posterior', id_responsable: id.gestor });
    const despues = await notificaciones(otroNavegador);
    expect(despues.no_vistos).toBe(1);
    expect(despues.eventos[0]!.expediente.id_expediente).toBe(nuevo.id_expediente);
  });

  it("counts today's uploads, downloads and new expedientes (Europe/Madrid)", async () => {
    const antes = (await notificaciones(as.consulta)).cifras;
    const expediente = await crearExpediente(as.gestor, ids, { asunto: 'Para las cifras de hoy' });
    const ayer = await crearExpediente(as.gestor, ids, { asunto: 'Abierto ayer' });
    await stack
      .app()
      .db.query(`UPDATE expediente SET fecha_apertura = ${aAyer} WHERE id_expediente = $1`, [ayer.id_expediente]);
    const hoy = await insertarDocumento(stack.app().db, {
      id_expediente: expediente.id_expediente,
      tipo: 'Informe',
      subido_por: id.gestor,
    });
    await insertarDocumento(stack.app().db, {
      id_expediente: ayer.id_expediente,
      tipo: 'Informe',
      subido_por: id.gestor,
      fecha: aAyer,
    });
    // Downloads are counted per person, document and day: today's counts add up, yesterday's do not.
    for (const [username, veces, dia] of [
      ['consulta', 3, undefined],
      ['gestor', 2, undefined],
      ['consulta', 4, `${DIA_HOY} - 1`],
    ] as const) {
      await insertarLectura(stack.app().db, {
        id_expediente: expediente.id_expediente,
        id_documento: hoy,
        id_usuario: id[username],
        veces,
        dia,
      });
    }
    expect((await notificaciones(as.consulta)).cifras).toEqual({
      documentos_subidos_hoy: antes.documentos_subidos_hoy + 1,
      descargas_hoy: antes.descargas_hoy + 5,
      expedientes_nuevos_hoy: antes.expedientes_nuevos_hoy + 1,
    });
  });

  it('refuses (403) whoever lacks expedientes.ver; nothing is marked', async () => {
    const consulta = await stack.idp().tokensFor('consulta');
    const sinRoles = apiClient(
      stack.app(),
      await resign(consulta.access_token, await stack.idp().signingKey(), (payload) => ({
        ...payload,
        realm_access: { roles: [] },
      })),
    );
    const [antes] = await stack.app().db.query('SELECT * FROM notificacion_visto WHERE id_usuario = $1', [id.consulta]);
    expect((await sinRoles.get('/api/notificaciones')).statusCode).toBe(403);
    expect((await sinRoles.post('/api/notificaciones/vistas')).statusCode).toBe(403);
    const [despues] = await stack
      .app()
      .db.query('SELECT * FROM notificacion_visto WHERE id_usuario = $1', [id.consulta]);
    expect(despues).toEqual(antes);
    expect((await stack.app().inject({ method: 'GET', url: '/api/notificaciones' })).statusCode).toBe(401);
  });
});
