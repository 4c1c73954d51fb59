import type { Expediente, HistorialEntrada, HistorialPagina } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../testing/api-client';
import { useTestStack } from '../../testing/test-stack';
import { catalogos, crearExpediente } from '../inicio/testing/inicio-fixtures';
import { formulario } from '../documentos/testing/multipart';
import { samplePdf } from '../documentos/inspection/testing/sample-files';

describe('historial: reads counted, pages by cursor (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  let gestor: ApiClient;
  let consulta: ApiClient;
  let ids: { id_tipo: number; id_unidad: number };

  beforeAll(async () => {
    gestor = await stack.as('gestor');
    consulta = await stack.as('consulta');
    ids = await catalogos(stack.app().db);
  });

  const filasHistorial = async (id: number) => {
    const [row] = await stack
      .app()
      .db.query<{ total: number }>('SELECT count(*)::int AS total FROM historial WHERE id_expediente = $1', [id]);
    return row!.total;
  };

  async function pagina(client: ApiClient, id: number, query = ''): Promise<HistorialPagina> {
    const response = await client.get(`/api/expedientes/${id}/historial${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  /** Every entry, following `siguiente` from the first page. */
  async function todas(client: ApiClient, id: number, query: string): Promise<HistorialEntrada[]> {
    const entradas: HistorialEntrada[] = [];
    let actual = await pagina(client, id, `?${query}`);
    entradas.push(...actual.items);
    while (actual.siguiente) {
      actual = await pagina(client, id, `?${query}&cursor=${encodeURIComponent(actual.siguiente)}`);
      entradas.push(...actual.items);
    }
    return entradas;
  }

  async function editarVeces(expediente: Expediente, veces: number): Promise<Expediente> {
    let actual = expediente;
    for (let n = 1; n <= veces; n++) {
      const response = await gestor.patch(`/api/expedientes/${actual.id_expediente}`, {
        version: actual.version,
        descripcion: `Revisión ${n}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      actual = response.json().data;
    }
    return actual;
  }

  it('a reader repeating the detail adds no historial row: one consulta per person and day, counted', async () => {
    const expediente = await crearExpediente(gestor, ids);
    const id = expediente.id_expediente;
    const antes = await filasHistorial(id);
    const respuestas = await Promise.all(Array.from({ length: 30 }, () => consulta.get(`/api/expedientes/${id}`)));
    expect(respuestas.map((respuesta) => respuesta.statusCode)).toEqual(Array(30).fill(200));

    expect(await filasHistorial(id)).toBe(antes);
    const { items, hay_lecturas } = await pagina(gestor, id, '?lecturas=true');
    expect(hay_lecturas).toBe(true);
    const lecturas = items.filter((entrada) => entrada.lectura !== null);
    expect(lecturas).toHaveLength(1);
    expect(lecturas[0]).toMatchObject({
      evento: 'consulta',
      descripcion: 'Consultó el expediente 30 veces.',
      usuario: { username: 'consulta', nombre_completo: 'Lucía Fernández Díaz' },
      lectura: { veces: 30 },
    });
    const { primera, ultima, dia } = lecturas[0]!.lectura!;
    expect(new Date(primera).getTime()).toBeLessThanOrEqual(new Date(ultima).getTime());
    expect(dia).toBe(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date(primera)));
  });

  it('leaves reads out unless asked for, and says whether there are any', async () => {
    const expediente = await crearExpediente(gestor, ids);
    const id = expediente.id_expediente;
    expect(await pagina(gestor, id)).toMatchObject({ hay_lecturas: false, siguiente: null });
    await consulta.get(`/api/expedientes/${id}`);
    const sinLecturas = await pagina(gestor, id);
    expect(sinLecturas.hay_lecturas).toBe(true);
    expect(sinLecturas.items.map((entrada) => entrada.evento)).toEqual(['creacion']);
    const conLecturas = await pagina(gestor, id, '?lecturas=true');
    expect(conLecturas.items.map((entrada) => entrada.evento)).toEqual(['consulta', 'creacion']);
  });

  it('counts downloads and previews per person, document and day; a download is still «descargas hoy»', async () => {
    const expediente = await crearExpediente(gestor, ids);
    const id = expediente.id_expediente;
    const [tipo] = await stack
      .app()
      .db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Informe'`);
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(tipo!.id) },
      { campo: 'archivo', archivo: 'informe.pdf', contenido: samplePdf('informe') },
    ]);
    const { access_token } = await stack.idp().tokensFor('gestor');
    const subida = await stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${id}/documentos`,
      headers: { ...headers, authorization: `Bearer ${access_token}` },
      payload,
    });
    expect(subida.statusCode, subida.body).toBe(201);
    const idDocumento: number = subida.json().data[0].documento.id_documento;
    const descargasAntes = (await consulta.get('/api/notificaciones')).json().data.cifras.descargas_hoy;
    const antes = await filasHistorial(id);

    for (let n = 0; n < 4; n++) {
      expect((await consulta.get(`/api/documentos/${idDocumento}/descargar`)).statusCode).toBe(200);
    }
    expect((await consulta.get(`/api/documentos/${idDocumento}/vista`)).statusCode).toBe(200);

    expect(await filasHistorial(id)).toBe(antes);
    const lecturas = (await pagina(gestor, id, '?lecturas=true')).items.filter((entrada) => entrada.lectura);
    expect(
      lecturas.map(({ evento, descripcion, lectura }) => ({ evento, descripcion, veces: lectura!.veces })),
    ).toEqual([
      { evento: 'documento_previsualizado', descripcion: 'Previsualizó el documento nº 1 «informe.pdf».', veces: 1 },
      { evento: 'documento_descargado', descripcion: 'Descargó el documento nº 1 «informe.pdf» 4 veces.', veces: 4 },
    ]);
    expect((await consulta.get('/api/notificaciones')).json().data.cifras.descargas_hoy).toBe(descargasAntes + 4);
  });

  it('pages newest first by an opaque cursor, every event once, with a bounded page', async () => {
    const expediente = await editarVeces(await crearExpediente(gestor, ids), 23);
    const id = expediente.id_expediente;
    await consulta.get(`/api/expedientes/${id}`);

    const primera = await pagina(gestor, id, '?pageSize=10');
    expect(primera.items).toHaveLength(10);
    expect(primera.siguiente).toEqual(expect.any(String));

    const cambios = await todas(gestor, id, 'pageSize=10');
    expect(cambios.map((entrada) => entrada.descripcion)).toEqual([
      ...Array.from({ length: 23 }, () => 'Modificó: Descripción.'),
      `Creó el expediente ${expediente.numero}.`,
    ]);
    expect(cambios.map((entrada) => entrada.cambios[0]?.nuevo ?? null)).toEqual([
      ...Array.from({ length: 23 }, (_, n) => `Revisión ${23 - n}`),
      null,
    ]);
    const fechas = cambios.map((entrada) => entrada.fecha);
    expect([...fechas].sort().reverse()).toEqual(fechas);

    const conLecturas = await todas(gestor, id, 'pageSize=7&lecturas=true');
    expect(conLecturas).toHaveLength(25);
    expect(conLecturas[0]).toMatchObject({ evento: 'consulta' });
    expect(new Set(conLecturas.map((entrada) => `${entrada.lectura ? 'l' : 'e'}${entrada.id}`)).size).toBe(25);

    // Without pageSize the page is bounded all the same.
    const porDefecto = await pagina(gestor, id);
    expect(porDefecto.items.length).toBeLessThanOrEqual(50);
  });

  it.each([
    ['?pageSize=0', 'El campo «pageSize»'],
    ['?pageSize=101', 'El campo «pageSize»'],
    ['?cursor=no-es-un-cursor', 'El cursor de paginación no es válido'],
    [
      `?cursor=${Buffer.from(JSON.stringify(['2024-01-01 00:00:00+00', 'x', '1'])).toString('base64url')}`,
      'El cursor de paginación no es válido',
    ],
    [
      `?cursor=${Buffer.from(JSON.stringify(['ayer', 'e', '1'])).toString('base64url')}`,
      'El cursor de paginación no es válido',
    ],
  ])('refuses %s with 400 and a Spanish message', async (query, mensaje) => {
    const expediente = await crearExpediente(gestor, ids);
    const response = await gestor.get(`/api/expedientes/${expediente.id_expediente}/historial${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().msg).toContain(mensaje);
  });

  it('keeps the counts as evidence: they only grow, nothing is deleted', async () => {
    const expediente = await crearExpediente(gestor, ids);
    await consulta.get(`/api/expedientes/${expediente.id_expediente}`);
    // The owner: privileges aside, the triggers keep the counts (the API role may not even try most of it).
    const db = stack.testApp().owner();
    await expect(
      db.query('UPDATE lectura SET veces = 0 WHERE id_expediente = $1', [expediente.id_expediente]),
    ).rejects.toThrow(/solo se cuentan/);
    await expect(
      db.query(`UPDATE lectura SET primera = now() - interval '1 day' WHERE id_expediente = $1`, [
        expediente.id_expediente,
      ]),
    ).rejects.toThrow(/solo se cuentan/);
    await expect(db.query('DELETE FROM lectura WHERE id_expediente = $1', [expediente.id_expediente])).rejects.toThrow(
      /solo se cuentan/,
    );
    await expect(db.query('TRUNCATE lectura')).rejects.toThrow(/solo se cuentan/);
    await expect(
      db.query(
        `INSERT INTO historial (id_expediente, id_usuario, evento, descripcion)
                SELECT $1, id_usuario, 'consulta', 'Consultó el expediente.' FROM usuario LIMIT 1`,
        [expediente.id_expediente],
      ),
    ).rejects.toThrow(/historial_sin_lecturas/);
  });

  it('answers 404 for an expediente the caller may not see, as for one that does not exist', async () => {
    const response = await consulta.get('/api/expedientes/999999/historial?lecturas=true');
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toBe('El expediente no existe.');
  });
});
