import type { NotificacionesPagina } from '@ecodigital/contracts/notificaciones';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, DemoUsername } from '../../testing/api-client';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { useTestStack } from '../../testing/test-stack';
import { catalogos, crearExpediente, idUsuario, insertarEvento } from '../inicio/testing/inicio-fixtures';

/** `GET /api/notificaciones/todas`: the notifications page. Its own database: the lists are exact. */
describe('notificaciones page API (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  const id = {} as Record<DemoUsername, number>;
  let ids: { id_tipo: number; id_unidad: number };

  const todas = async (client: ApiClient, query = ''): Promise<NotificacionesPagina> => {
    const response = await client.get(`/api/notificaciones/todas${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  /** Every page, following `siguiente`. */
  const todasLasPaginas = async (client: ApiClient, query: Record<string, string> = {}) => {
    const items: NotificacionesPagina['items'] = [];
    let cursor: number | null = null;
    do {
      const pagina: NotificacionesPagina = await todas(
        client,
        `?${new URLSearchParams({ ...query, ...(cursor === null ? {} : { cursor: String(cursor) }) })}`,
      );
      items.push(...pagina.items);
      cursor = pagina.siguiente;
    } while (cursor !== null);
    return items;
  };
  const asuntos = (items: NotificacionesPagina['items']) => items.map((item) => item.expediente.asunto);
  const marcarVistas = async (client: ApiClient) => {
    const response = await client.post('/api/notificaciones/vistas');
    expect(response.statusCode, response.body).toBe(200);
  };
  const asignarAConsulta = (asunto: string) => crearExpediente(as.admin, ids, { asunto, id_responsable: id.consulta });

  beforeAll(async () => {
    for (const username of ['admin', 'gestor', 'consulta'] as const) {
      as[username] = await stack.as(username);
      await as[username].get('/api/session/get');
      id[username] = await idUsuario(stack.app().db, username);
    }
    ids = await catalogos(stack.app().db);
  });

  it('lists every notification newest first, page by page, read up to the mark and unread after it', async () => {
    await asignarAConsulta('Primero, ya visto');
    await asignarAConsulta('Segundo, ya visto');
    await marcarVistas(as.consulta);
    await asignarAConsulta('Tercero, nuevo');
    await asignarAConsulta('Cuarto, nuevo');

    const primera = await todas(as.consulta, '?pageSize=3');
    expect(primera.items.map(({ expediente, leida, tipo }) => ({ asunto: expediente.asunto, leida, tipo }))).toEqual([
      { asunto: 'Cuarto, nuevo', leida: false, tipo: 'asignado' },
      { asunto: 'Tercero, nuevo', leida: false, tipo: 'asignado' },
      { asunto: 'Segundo, ya visto', leida: true, tipo: 'asignado' },
    ]);
    expect(primera.items[0]).toMatchObject({
      descripcion: 'Le asignó el expediente.',
      usuario: { id_usuario: id.admin, nombre_completo: 'María José García López' },
    });
    expect(primera.siguiente).toBe(primera.items[2]!.id);
    const segunda = await todas(as.consulta, `?pageSize=3&cursor=${primera.siguiente}`);
    expect(segunda).toMatchObject({ items: [{ leida: true }], siguiente: null });
    expect(segunda.items[0]!.expediente.asunto).toBe('Primero, ya visto');

    // «Solo no leídas» lists what the badge counts.
    expect(asuntos(await todasLasPaginas(as.consulta, { no_leidas: 'true', pageSize: '1' }))).toEqual([
      'Cuarto, nuevo',
      'Tercero, nuevo',
    ]);
    expect((await stack.app().inject({ method: 'GET', url: '/api/notificaciones/todas' })).statusCode).toBe(401);
    // Marking them all read leaves the list as it was, every one read.
    await marcarVistas(as.consulta);
    const despues = await todasLasPaginas(as.consulta);
    expect(asuntos(despues)).toEqual(['Cuarto, nuevo', 'Tercero, nuevo', 'Segundo, ya visto', 'Primero, ya visto']);
    expect(despues.every((item) => item.leida)).toBe(true);
    expect(await todas(as.consulta, '?no_leidas=true')).toEqual({ items: [], siguiente: null });
  });

  it('leaves out the notifications of an expediente the person no longer sees', async () => {
    const transferido = await asignarAConsulta('Pasará a Tesorería');
    await asignarAConsulta('Se queda en Urbanismo');
    expect(asuntos(await todasLasPaginas(as.consulta, { no_leidas: 'true' }))).toEqual([
      'Se queda en Urbanismo',
      'Pasará a Tesorería',
    ]);

    const response = await as.admin.post(`/api/expedientes/${transferido.id_expediente}/transferir`, {
      id_unidad: await idUnidad(stack.app().db, CODIGOS.tesoreria),
      motivo: 'Corresponde a la liquidación de tasas',
      version: transferido.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await as.consulta.get(`/api/expedientes/${transferido.id_expediente}`)).statusCode).toBe(404);

    for (const query of [{}, { no_leidas: 'true' }, { pageSize: '1' }] as Record<string, string>[]) {
      const items = await todasLasPaginas(as.consulta, query);
      expect(items.map((item) => item.expediente.id_expediente)).not.toContain(transferido.id_expediente);
    }
    expect(asuntos(await todasLasPaginas(as.consulta, { no_leidas: 'true' }))).toEqual(['Se queda en Urbanismo']);
    // The bell agrees.
    const campana = (await as.consulta.get('/api/notificaciones')).json().data;
    expect(campana.no_vistos).toBe(1);
  });

  it("starts nowhere from someone else's notification, and refuses a bad query in Spanish", async () => {
    const delGestor = await crearExpediente(as.admin, ids, { asunto: 'Para el gestor', id_responsable: id.gestor });
    const [notificacion] = (await todas(as.gestor)).items;
    expect(notificacion!.expediente.id_expediente).toBe(delGestor.id_expediente);
    // Placed after every notification of the consulta's, the cursor would list them all.
    expect(await todas(as.consulta, `?cursor=${notificacion!.id}`)).toEqual({ items: [], siguiente: null });

    for (const [query, msg] of [
      ['pageSize=0', 'El campo «pageSize» debe ser mayor o igual que 1.'],
      ['pageSize=51', 'El campo «pageSize» debe ser menor o igual que 50.'],
      ['cursor=abc', 'El campo «cursor» debe ser un número entero.'],
      ['no_leidas=quizas', 'El campo «no_leidas» debe ser verdadero o falso.'],
      ['pagina=2', 'El campo «pagina» no está permitido.'],
    ]) {
      const response = await as.consulta.get(`/api/notificaciones/todas?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ success: false, msg });
    }
  });

  it('shows as read what is older than the notification window, as the badge does not count it', async () => {
    const expediente = await asignarAConsulta('Con un documento antiguo');
    await marcarVistas(as.consulta);
    await stack
      .app()
      .db.query(`UPDATE notificacion_visto SET visto_hasta = now() - interval '60 days' WHERE id_usuario = $1`, [
        id.consulta,
      ]);
    await insertarEvento(stack.app().db, {
      id_expediente: expediente.id_expediente,
      id_usuario: id.admin,
      evento: 'documento_subido',
      descripcion: 'Incorporó el documento «antiguo.pdf».',
      creado_en: `now() - interval '40 days'`,
    });
    const antiguo = (await todasLasPaginas(as.consulta)).find((item) => item.tipo === 'documento_subido');
    expect(antiguo).toMatchObject({ descripcion: 'Incorporó el documento «antiguo.pdf».', leida: true });
    const noLeidas = await todasLasPaginas(as.consulta, { no_leidas: 'true' });
    expect(noLeidas.map((item) => item.tipo)).not.toContain('documento_subido');
    expect(noLeidas.length).toBe((await as.consulta.get('/api/notificaciones')).json().data.no_vistos);
  });
});
