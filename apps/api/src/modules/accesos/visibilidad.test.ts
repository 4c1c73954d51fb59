import type { Expediente } from '@ecodigital/contracts/expedientes';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type DemoUsername } from '../../testing/api-client';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { useTestStack } from '../../testing/test-stack';
import { samplePdf } from '../documentos/inspection/testing/sample-files';
import { formulario } from '../documentos/testing/multipart';
import { iniciarPersonas } from '../../testing/personas';

/**
 * Who sees an expediente, route by route: a person outside its unidad gets 404 from every route
 * that takes its id or one of its documents' ids, and nothing is written; a grant opens it (and
 * only it), its end date or revocation closes it again, and a transfer takes it from the old unidad.
 */
describe('visibility of expedientes by unidad, responsable and acceso (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  const id = {} as Record<DemoUsername, number>;
  let idTipo: number;
  let idTipoDocumental: number;
  let urbanismo: number;
  let tesoreria: number;

  async function crear(client: ApiClient, idUnidadDestino: number, asunto: string): Promise<Expediente> {
    const response = await client.post('/api/expedientes', { asunto, id_tipo: idTipo, id_unidad: idUnidadDestino });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  async function subir(client: ApiClient, idExpediente: number, texto: string): Promise<LightMyRequestResponse> {
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(idTipoDocumental) },
      { campo: 'archivo', archivo: `${texto}.pdf`, contenido: samplePdf(texto) },
    ]);
    return stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${idExpediente}/documentos`,
      headers: { ...headers, authorization: (await tokenDe(client)) as string },
      payload,
    });
  }

  // The multipart upload goes through `inject` with the client's own bearer token.
  const tokens = new Map<ApiClient, string>();
  const tokenDe = async (client: ApiClient) => tokens.get(client);

  async function huella(idExpediente: number) {
    const [row] = await stack
      .app()
      .db.query<{ historial: number; documentos: number; accesos: number; version: number }>(
        `SELECT (SELECT count(*) FROM historial WHERE id_expediente = $1)::integer AS historial,
              (SELECT count(*) FROM documento WHERE id_expediente = $1)::integer AS documentos,
              (SELECT count(*) FROM acceso WHERE id_expediente = $1)::integer AS accesos,
              (SELECT version FROM expediente WHERE id_expediente = $1) AS version`,
        [idExpediente],
      );
    return row!;
  }

  /** Every route that names an expediente or one of its documents, as someone who may change things would call it. */
  function rutas(expediente: Expediente, idDocumento: number, idAcceso: number) {
    const e = expediente.id_expediente;
    return [
      ['GET', `/api/expedientes/${e}`],
      ['PATCH', `/api/expedientes/${e}`, { version: expediente.version, asunto: 'Cambiado por quien no debe' }],
      ['POST', `/api/expedientes/${e}/estado`, { estado: 'en_tramite', version: expediente.version }],
      ['POST', `/api/expedientes/${e}/transferir`, { id_unidad: tesoreria, motivo: 'Me lo quedo', version: 1 }],
      ['GET', `/api/expedientes/${e}/historial`],
      ['GET', `/api/expedientes/${e}/documentos`],
      ['GET', `/api/expedientes/${e}/indice`],
      ['GET', `/api/expedientes/${e}/indice.json`],
      ['GET', `/api/expedientes/${e}/indice.pdf`],
      ['POST', `/api/expedientes/${e}/verificar`],
      ['GET', `/api/expedientes/${e}/accesos`],
      ['POST', `/api/expedientes/${e}/accesos`, { id_usuario: id.tesorera, nivel: 'gestion', motivo: 'Me lo concedo' }],
      ['DELETE', `/api/expedientes/${e}/accesos/${idAcceso}`],
      ['GET', `/api/expedientes/${e}/interesados`],
      ['POST', `/api/expedientes/${e}/interesados`, { documento: '12345678Z', nombre: 'Intrusa' }],
      ['DELETE', `/api/expedientes/${e}/interesados/1`],
      ['GET', `/api/documentos/${idDocumento}/descargar`],
      ['GET', `/api/documentos/${idDocumento}/vista`],
      ['POST', `/api/documentos/${idDocumento}/anular`, { motivo: 'Anulado por quien no debe' }],
    ] as const;
  }

  async function llamar(client: ApiClient, [metodo, url, cuerpo]: readonly [string, string, unknown?]) {
    if (metodo === 'GET') return client.get(url);
    if (metodo === 'DELETE') return client.delete(url);
    if (metodo === 'PATCH') return client.patch(url, cuerpo);
    return client.post(url, cuerpo);
  }

  let expedienteUrbanismo: Expediente;
  let documentoUrbanismo: number;
  let accesoUrbanismo: number;

  beforeAll(async () => {
    const personas = await iniciarPersonas(stack);
    Object.assign(as, personas.as);
    Object.assign(id, personas.id);
    for (const [username, client] of Object.entries(personas.as)) {
      tokens.set(client, `Bearer ${personas.tokens[username as keyof typeof personas.tokens]}`);
    }
    const db = stack.app().db;
    idTipo = (await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1'))[0]!.id;
    idTipoDocumental = (await db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Informe'`))[0]!
      .id;
    urbanismo = await idUnidad(db, CODIGOS.urbanismo);
    tesoreria = await idUnidad(db, CODIGOS.tesoreria);

    expedienteUrbanismo = await crear(as.gestor, urbanismo, 'Licencia de obra en calle Mayor 12');
    const subida = await subir(as.gestor, expedienteUrbanismo.id_expediente, 'proyecto-calle-mayor');
    expect(subida.statusCode, subida.body).toBe(201);
    documentoUrbanismo = subida.json().data[0].documento.id_documento;
    // A grant to someone else (consulta), so the revocation route has a real id to try.
    const concedido = await as.gestor.post(`/api/expedientes/${expedienteUrbanismo.id_expediente}/accesos`, {
      id_usuario: id.admin,
      nivel: 'lectura',
      motivo: 'Seguimiento de la alcaldía',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
    accesoUrbanismo = concedido.json().data.id_acceso;
  });

  it('answers 404 to someone outside the unidad on every route, and writes nothing', async () => {
    const antes = await huella(expedienteUrbanismo.id_expediente);
    for (const ruta of rutas(expedienteUrbanismo, documentoUrbanismo, accesoUrbanismo)) {
      const response = await llamar(as.tesorera, ruta);
      expect(response.statusCode, `${ruta[0]} ${ruta[1]}: ${response.body}`).toBe(404);
      expect(response.json().success, ruta[1]).toBe(false);
    }
    const upload = await subir(as.tesorera, expedienteUrbanismo.id_expediente, 'intruso');
    expect(upload.statusCode).toBe(404);
    expect(await huella(expedienteUrbanismo.id_expediente)).toEqual(antes);
  });

  it('answers the same 404 for an expediente that exists elsewhere and for one that does not exist', async () => {
    const ajeno = await as.tesorera.get(`/api/expedientes/${expedienteUrbanismo.id_expediente}`);
    const inexistente = await as.tesorera.get('/api/expedientes/999999');
    expect(ajeno.json()).toEqual(inexistente.json());
    const documentoAjeno = await as.tesorera.get(`/api/documentos/${documentoUrbanismo}/descargar`);
    const documentoInexistente = await as.tesorera.get('/api/documentos/999999/descargar');
    expect(documentoAjeno.json()).toEqual(documentoInexistente.json());
  });

  it('lets a lectura grant open the expediente and its documents (not changes); revocation closes it again', async () => {
    const expediente = await crear(as.gestor, urbanismo, 'Expediente que verá Tesorería');
    const subida = await subir(as.gestor, expediente.id_expediente, 'informe-para-tesoreria');
    const idDocumento = subida.json().data[0].documento.id_documento;
    expect((await as.tesorera.get(`/api/expedientes/${expediente.id_expediente}`)).statusCode).toBe(404);

    const concedido = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/accesos`, {
      id_usuario: id.tesorera,
      nivel: 'lectura',
      motivo: 'Informe de fiscalización',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
    const acceso = concedido.json().data;
    expect(acceso).toMatchObject({
      destinatario: { tipo: 'usuario', usuario: { username: 'tesorera' } },
      nivel: 'lectura',
      estado: 'vigente',
      motivo: 'Informe de fiscalización',
      concedido_por: { username: 'gestor' },
    });

    const leido = await as.tesorera.get(`/api/expedientes/${expediente.id_expediente}`);
    expect(leido.statusCode).toBe(200);
    expect(leido.json().data.gestion).toBe(false);
    expect((await as.tesorera.get(`/api/expedientes/${expediente.id_expediente}/documentos`)).statusCode).toBe(200);
    expect((await as.tesorera.get(`/api/documentos/${idDocumento}/descargar`)).statusCode).toBe(200);
    expect((await as.tesorera.get(`/api/expedientes/${expediente.id_expediente}/historial`)).statusCode).toBe(200);
    // Sight is not gestión: she may not change it.
    const antes = await huella(expediente.id_expediente);
    const edicion = await as.tesorera.patch(`/api/expedientes/${expediente.id_expediente}`, {
      version: 1,
      asunto: 'Cambio sin gestión',
    });
    expect(edicion.statusCode).toBe(403);
    expect(edicion.json().code).toBe('SIN_GESTION');
    expect((await subir(as.tesorera, expediente.id_expediente, 'sin-gestion')).statusCode).toBe(403);
    const historialTrasLectura = await huella(expediente.id_expediente);
    // Reading wrote consultas and a download; the refused changes wrote nothing else.
    expect(historialTrasLectura.documentos).toBe(antes.documentos);
    expect(historialTrasLectura.version).toBe(antes.version);

    const revocado = await as.gestor.delete(`/api/expedientes/${expediente.id_expediente}/accesos/${acceso.id_acceso}`);
    expect(revocado.statusCode, revocado.body).toBe(200);
    expect(revocado.json().data).toMatchObject({ estado: 'revocado', revocado_por: { username: 'gestor' } });
    expect((await as.tesorera.get(`/api/expedientes/${expediente.id_expediente}`)).statusCode).toBe(404);
    expect((await as.tesorera.get(`/api/documentos/${idDocumento}/descargar`)).statusCode).toBe(404);
    const otraVez = await as.gestor.delete(`/api/expedientes/${expediente.id_expediente}/accesos/${acceso.id_acceso}`);
    expect(otraVez.statusCode).toBe(409);

    const eventos = (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}/historial`)).json().data
      .items as {
      evento: string;
      descripcion: string;
      motivo: string | null;
    }[];
    expect(eventos.filter((evento) => evento.evento.startsWith('acceso_'))).toEqual([
      expect.objectContaining({
        evento: 'acceso_revocado',
        descripcion: 'Revocó el acceso de lectura de Ana Belén Romero Gil.',
      }),
      expect.objectContaining({
        evento: 'acceso_concedido',
        descripcion: 'Concedió acceso de lectura a Ana Belén Romero Gil.',
        motivo: 'Informe de fiscalización',
      }),
    ]);
  });

  it('gives a gestión grant the power to change; a grant past its end date opens nothing', async () => {
    const expediente = await crear(as.gestor, urbanismo, 'Expediente con gestión compartida');
    const concedido = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/accesos`, {
      id_usuario: id.tesorera,
      nivel: 'gestion',
      hasta: '2999-12-31',
      motivo: 'Colaboración en la liquidación',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
    const edicion = await as.tesorera.patch(`/api/expedientes/${expediente.id_expediente}`, {
      version: 1,
      asunto: 'Liquidación revisada por Tesorería',
    });
    expect(edicion.statusCode, edicion.body).toBe(200);

    const caducado = await crear(as.gestor, urbanismo, 'Expediente con acceso ya caducado');
    // The API refuses a past end date; an expired grant is one whose day has gone by.
    await stack.app().db.query(
      `INSERT INTO acceso (id_expediente, id_usuario, nivel, hasta, motivo, concedido_por)
       VALUES ($1, $2, 'gestion', (now() AT TIME ZONE 'Europe/Madrid')::date - 1, 'Acceso de ayer', $3)`,
      [caducado.id_expediente, id.tesorera, id.gestor],
    );
    expect((await as.tesorera.get(`/api/expedientes/${caducado.id_expediente}`)).statusCode).toBe(404);
    const lista = (await as.gestor.get(`/api/expedientes/${caducado.id_expediente}/accesos`)).json().data;
    expect(lista.accesos).toEqual([expect.objectContaining({ estado: 'caducado', motivo: 'Acceso de ayer' })]);
  });

  it('refuses bad grants in Spanish and writes nothing', async () => {
    const expediente = await crear(as.gestor, urbanismo, 'Expediente para concesiones erróneas');
    const url = `/api/expedientes/${expediente.id_expediente}/accesos`;
    const casos: [unknown, number, string][] = [
      [
        { nivel: 'lectura', motivo: 'Sin destinatario' },
        400,
        'Indique una persona («id_usuario») o una unidad («id_unidad»), una sola.',
      ],
      [
        { id_usuario: id.tesorera, id_unidad: tesoreria, nivel: 'lectura', motivo: 'Los dos a la vez' },
        400,
        'Indique una persona («id_usuario») o una unidad («id_unidad»), una sola.',
      ],
      [{ id_usuario: 999_999, nivel: 'lectura', motivo: 'Persona inventada' }, 400, 'La persona indicada no existe.'],
      [{ id_unidad: 999_999, nivel: 'lectura', motivo: 'Unidad inventada' }, 400, 'La unidad indicada no existe.'],
      [
        { id_usuario: id.tesorera, nivel: 'lectura', hasta: '2001-01-01', motivo: 'Fecha pasada' },
        400,
        'La fecha «hasta» no puede ser anterior a hoy.',
      ],
      [
        { id_usuario: id.tesorera, nivel: 'lectura', motivo: '   ab   ' },
        400,
        'El campo «motivo» debe tener al menos 5 caracteres.',
      ],
    ];
    for (const [cuerpo, estado, msg] of casos) {
      const response = await as.gestor.post(url, cuerpo);
      expect(response.statusCode, JSON.stringify(cuerpo)).toBe(estado);
      expect(response.json().msg, JSON.stringify(cuerpo)).toBe(msg);
    }
    const invalido = await as.gestor.post(url, { id_usuario: id.tesorera, nivel: 'total', motivo: 'Nivel inventado' });
    expect(invalido.statusCode).toBe(400);
    expect(
      (await as.consulta.post(url, { id_usuario: id.tesorera, nivel: 'lectura', motivo: 'Sin permiso' })).statusCode,
    ).toBe(403);
    expect(await huella(expediente.id_expediente)).toMatchObject({ accesos: 0 });

    expect(
      (await as.gestor.post(url, { id_usuario: id.tesorera, nivel: 'lectura', motivo: 'Primera vez' })).statusCode,
    ).toBe(201);
    const repetido = await as.gestor.post(url, { id_usuario: id.tesorera, nivel: 'gestion', motivo: 'Segunda vez' });
    expect(repetido.statusCode).toBe(409);
    expect(await huella(expediente.id_expediente)).toMatchObject({ accesos: 1 });
  });

  it('grants to a unidad reach the people of the unidades below it', async () => {
    const expediente = await crear(as.gestor, urbanismo, 'Expediente abierto a Hacienda');
    const hacienda = await idUnidad(stack.app().db, CODIGOS.hacienda);
    const concedido = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/accesos`, {
      id_unidad: hacienda,
      nivel: 'lectura',
      motivo: 'Revisión económica',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
    // Tesorería lies below Hacienda.
    expect((await as.tesorera.get(`/api/expedientes/${expediente.id_expediente}`)).statusCode).toBe(200);
  });

  it('after a transfer the old unidad loses sight and the new one gains it, with the motivo in the historial', async () => {
    const expediente = await crear(as.gestor, urbanismo, 'Expediente que pasa a Tesorería');
    expect((await as.consulta.get(`/api/expedientes/${expediente.id_expediente}`)).statusCode).toBe(200);
    const transferido = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/transferir`, {
      id_unidad: tesoreria,
      motivo: 'Corresponde a la liquidación de tasas',
      version: 1,
    });
    expect(transferido.statusCode, transferido.body).toBe(200);
    expect(transferido.json()).toMatchObject({
      msg: 'Expediente transferido.',
      data: { unidad: { id: tesoreria, nombre: 'Tesorería' }, version: 2 },
    });
    // gestor, its responsable, belongs to Urbanismo, not to Tesorería: he stops being it, and neither
    // he nor consulta sees it any more.
    expect(transferido.json().data.responsable).toBeNull();
    for (const persona of ['gestor', 'consulta'] as const) {
      expect((await as[persona].get(`/api/expedientes/${expediente.id_expediente}`)).statusCode).toBe(404);
      expect((await as[persona].get(`/api/expedientes/${expediente.id_expediente}/historial`)).statusCode).toBe(404);
    }
    const enTesoreria = await as.tesorera.get(`/api/expedientes/${expediente.id_expediente}/historial`);
    expect(enTesoreria.statusCode).toBe(200);
    expect(enTesoreria.json().data.items[0]).toMatchObject({
      evento: 'transferencia',
      descripcion: 'Transfirió el expediente de «Urbanismo» a «Tesorería»; queda sin responsable.',
      motivo: 'Corresponde a la liquidación de tasas',
      cambios: [
        { campo: 'Unidad', anterior: 'Urbanismo', nuevo: 'Tesorería' },
        { campo: 'Responsable', anterior: 'Juan Carlos Pérez Ruiz', nuevo: null },
      ],
    });
  });

  it('transfers with a responsable of the destination, and refuses one who does not belong there', async () => {
    const expediente = await crear(as.gestor, urbanismo, 'Expediente que pasa a Tesorería con responsable');
    const url = `/api/expedientes/${expediente.id_expediente}/transferir`;
    const ajeno = await as.gestor.post(url, {
      id_unidad: tesoreria,
      motivo: 'Pasa a Tesorería',
      version: 1,
      id_responsable: id.consulta,
    });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().msg).toBe('La persona responsable debe pertenecer a la unidad de destino o a una superior.');
    expect(await huella(expediente.id_expediente)).toMatchObject({ version: 1, historial: 1 });

    const transferido = await as.gestor.post(url, {
      id_unidad: tesoreria,
      motivo: 'Pasa a Tesorería',
      version: 1,
      id_responsable: id.tesorera,
    });
    expect(transferido.statusCode, transferido.body).toBe(200);
    expect(transferido.json().data.responsable).toMatchObject({ username: 'tesorera' });
    const [evento] = (await as.tesorera.get(`/api/expedientes/${expediente.id_expediente}/historial`)).json().data
      .items;
    expect(evento).toMatchObject({
      descripcion: 'Transfirió el expediente de «Urbanismo» a «Tesorería», con Ana Belén Romero Gil como responsable.',
      cambios: [
        { campo: 'Unidad', anterior: 'Urbanismo', nuevo: 'Tesorería' },
        { campo: 'Responsable', anterior: 'Juan Carlos Pérez Ruiz', nuevo: 'Ana Belén Romero Gil' },
      ],
    });
    // A transfer to a section below the responsable's unidad keeps them: they still belong above it.
    const otro = await crear(as.gestor, urbanismo, 'Expediente que baja a la sección');
    const licencias = await idUnidad(stack.app().db, CODIGOS.licencias);
    const aSeccion = await as.gestor.post(`/api/expedientes/${otro.id_expediente}/transferir`, {
      id_unidad: licencias,
      motivo: 'Lo tramita la sección',
      version: 1,
    });
    expect(aSeccion.statusCode, aSeccion.body).toBe(200);
    expect(aSeccion.json().data.responsable).toMatchObject({ username: 'gestor' });
  });

  it('refuses transfers without gestión, to unknown or deactivated unidades, and with a short motivo', async () => {
    const expediente = await crear(as.gestor, urbanismo, 'Expediente que no se transfiere');
    const url = `/api/expedientes/${expediente.id_expediente}/transferir`;
    const inactiva = await stack
      .app()
      .db.query<{ id: number }>(
        `INSERT INTO unidad (codigo, nombre, activa) VALUES ('BAJA01', 'Unidad dada de baja', false) RETURNING id`,
      );
    const casos: [unknown, number, string][] = [
      [{ id_unidad: 999_999, motivo: 'Unidad inventada', version: 1 }, 400, 'La unidad indicada no existe.'],
      [
        { id_unidad: inactiva[0]!.id, motivo: 'Unidad de baja', version: 1 },
        400,
        'La unidad indicada está desactivada y no admite expedientes nuevos.',
      ],
      [
        { id_unidad: urbanismo, motivo: 'A la misma unidad', version: 1 },
        400,
        'El expediente ya pertenece a esa unidad.',
      ],
      [{ id_unidad: tesoreria, motivo: 'abc', version: 1 }, 400, 'El campo «motivo» debe tener al menos 5 caracteres.'],
      [
        { id_unidad: tesoreria, motivo: 'Versión vieja', version: 7 },
        409,
        'El expediente fue modificado por otro usuario. Recargue para ver los cambios.',
      ],
    ];
    for (const [cuerpo, estado, msg] of casos) {
      const response = await as.gestor.post(url, cuerpo);
      expect(response.statusCode, JSON.stringify(cuerpo)).toBe(estado);
      expect(response.json().msg).toBe(msg);
    }
    expect((await as.consulta.post(url, { id_unidad: tesoreria, motivo: 'Sin permiso', version: 1 })).statusCode).toBe(
      403,
    );
    expect(await huella(expediente.id_expediente)).toMatchObject({ version: 1, historial: 1 });
  });

  it("opens expedientes only in the creator's unidades (and below them); whoever sees all, anywhere", async () => {
    const licencias = await idUnidad(stack.app().db, CODIGOS.licencias);
    expect(
      (await as.gestor.post('/api/expedientes', { asunto: 'En una sección', id_tipo: idTipo, id_unidad: licencias }))
        .statusCode,
    ).toBe(201);
    const ajena = await as.gestor.post('/api/expedientes', {
      asunto: 'En otra unidad',
      id_tipo: idTipo,
      id_unidad: tesoreria,
    });
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json().msg).toBe('Solo puede abrir expedientes en sus unidades (o en las que dependen de ellas).');
    expect(
      (await as.admin.post('/api/expedientes', { asunto: 'Donde quiera', id_tipo: idTipo, id_unidad: tesoreria }))
        .statusCode,
    ).toBe(201);

    const propias = (await as.gestor.get('/api/catalogos/unidades?ambito=creacion')).json().data as {
      codigo: string;
    }[];
    expect(propias.map((unidad) => unidad.codigo)).toEqual([CODIGOS.urbanismo, CODIGOS.licencias, 'LA0019007']);
    const todas = (await as.admin.get('/api/catalogos/unidades?ambito=creacion')).json().data as unknown[];
    expect(todas.length).toBeGreaterThan(10);
  });
});
