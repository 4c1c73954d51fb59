import {
  ESTADO_ETIQUETAS,
  ESTADOS_EXPEDIENTE,
  TRANSICIONES,
  type EstadoExpediente,
  type Expediente,
} from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, DemoUsername } from '../../testing/api-client';
import { useTestStack } from '../../testing/test-stack';
import { CODIGOS, idUnidad as idUnidadDemo } from '../../testing/organizacion';

const AÑO = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid', year: 'numeric' }).format(new Date());

describe('expedientes API (real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  const as: Record<DemoUsername, ApiClient> = {} as Record<DemoUsername, ApiClient>;
  let idTipo: number;
  let idUnidad: number;
  let otraUnidad: { id: number; nombre: string };

  beforeAll(async () => {
    for (const username of ['admin', 'gestor', 'consulta'] as const) {
      as[username] = await stack.as(username);
    }
    const [solicitud] = await stack
      .app()
      .db.query<{ id: number }>(`SELECT id FROM tipo_expediente WHERE nombre = 'Solicitud'`);
    idTipo = solicitud!.id;
    idUnidad = await idUnidadDemo(stack.app().db, CODIGOS.urbanismo);
    const [licencias] = await stack
      .app()
      .db.query<{ id: number; nombre: string }>('SELECT id, nombre FROM unidad WHERE codigo = $1', [CODIGOS.licencias]);
    otraUnidad = licencias!;
  });

  const nuevo = (overrides: Record<string, unknown> = {}) => ({
    asunto: 'Solicitud de licencia de obra menor',
    id_tipo: idTipo,
    id_unidad: idUnidad,
    interesado_nombre: 'Ana Belén Ortega',
    interesado_documento: '12345678Z',
    ...overrides,
  });

  async function crear(overrides: Record<string, unknown> = {}, client: ApiClient = as.gestor): Promise<Expediente> {
    const response = await client.post('/api/expedientes', nuevo(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  async function llevarA(estado: EstadoExpediente): Promise<Expediente> {
    let expediente = await crear();
    const camino: EstadoExpediente[] = {
      abierto: [],
      en_tramite: ['en_tramite'],
      cerrado: ['en_tramite', 'cerrado'],
      archivado: ['en_tramite', 'cerrado', 'archivado'],
    }[estado] as EstadoExpediente[];
    for (const paso of camino) {
      const response = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, {
        estado: paso,
        version: expediente.version,
      });
      expect(response.statusCode, response.body).toBe(200);
      expediente = response.json().data;
    }
    return expediente;
  }

  const filasHistorial = (id: number) =>
    stack.app().db.query<{ evento: string }>('SELECT evento FROM historial WHERE id_expediente = $1 ORDER BY id', [id]);
  const filaExpediente = (id: number) =>
    stack
      .app()
      .db.query<Record<string, unknown>>('SELECT * FROM expediente WHERE id_expediente = $1', [id])
      .then((rows) => rows[0]);

  describe('permissions per role', () => {
    it.each(['admin', 'gestor'] as const)('%s may create, edit, change state and read', async (username) => {
      const creado = await crear({}, as[username]);
      const editado = await as[username].patch(`/api/expedientes/${creado.id_expediente}`, {
        version: creado.version,
        asunto: 'Solicitud de licencia de obra mayor',
      });
      expect(editado.statusCode).toBe(200);
      const estado = await as[username].post(`/api/expedientes/${creado.id_expediente}/estado`, {
        estado: 'en_tramite',
        version: editado.json().data.version,
      });
      expect(estado.statusCode).toBe(200);
      for (const url of [
        '/api/expedientes',
        `/api/expedientes/${creado.id_expediente}`,
        `/api/expedientes/${creado.id_expediente}/historial`,
        '/api/expedientes/export.csv',
        '/api/catalogos/tipos-expediente',
        '/api/catalogos/unidades',
        '/api/catalogos/responsables',
      ]) {
        expect((await as[username].get(url)).statusCode, url).toBe(200);
      }
    });

    it('consulta may read everything but is refused (403) every change, and nothing is written', async () => {
      const expediente = await crear();
      const id = expediente.id_expediente;
      for (const url of [
        '/api/expedientes',
        `/api/expedientes/${id}`,
        `/api/expedientes/${id}/historial`,
        '/api/expedientes/export.csv',
        '/api/catalogos/tipos-expediente',
        '/api/catalogos/unidades',
        '/api/catalogos/responsables',
      ]) {
        expect((await as.consulta.get(url)).statusCode, url).toBe(200);
      }
      const [{ total: antes }] = (await stack
        .app()
        .db.query<{ total: number }>('SELECT count(*)::int AS total FROM expediente')) as [{ total: number }];
      const refusals = [
        await as.consulta.post('/api/expedientes', nuevo()),
        await as.consulta.patch(`/api/expedientes/${id}`, {
          version: expediente.version,
          asunto: 'Cambiado por consulta',
        }),
        await as.consulta.post(`/api/expedientes/${id}/estado`, { estado: 'en_tramite', version: expediente.version }),
        // Permission is checked before the body: an invalid body is refused with 403 too.
        await as.consulta.patch(`/api/expedientes/${id}`, { nada: true }),
      ];
      for (const response of refusals) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          success: false,
          msg: 'No tiene permiso para realizar esta acción.',
          code: 'FORBIDDEN',
        });
      }
      const [{ total: despues }] = (await stack
        .app()
        .db.query<{ total: number }>('SELECT count(*)::int AS total FROM expediente')) as [{ total: number }];
      expect(despues).toBe(antes);
      expect(await filaExpediente(id)).toMatchObject({ asunto: expediente.asunto, estado: 'abierto', version: 1 });
    });

    it('refuses every route without a token (401)', async () => {
      for (const [method, url] of [
        ['GET', '/api/expedientes'],
        ['POST', '/api/expedientes'],
        ['GET', '/api/expedientes/1'],
        ['PATCH', '/api/expedientes/1'],
        ['POST', '/api/expedientes/1/estado'],
        ['GET', '/api/expedientes/1/historial'],
        ['GET', '/api/expedientes/export.csv'],
        ['GET', '/api/catalogos/unidades'],
      ] as const) {
        const response = await stack.app().inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('creation', () => {
    it('answers 201 with the expediente: abierto, numbered, the creator as responsable, one creacion event', async () => {
      const response = await as.gestor.post('/api/expedientes', nuevo({ descripcion: 'Obra en la calle Mayor, 3' }));
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.msg).toBe('Expediente creado.');
      const expediente: Expediente = body.data;
      expect(expediente).toMatchObject({
        numero: expect.stringMatching(new RegExp(`^EXP-${AÑO}-\\d{6}$`)),
        asunto: 'Solicitud de licencia de obra menor',
        descripcion: 'Obra en la calle Mayor, 3',
        tipo: { id: idTipo, nombre: 'Solicitud' },
        unidad: { id: idUnidad },
        interesado_nombre: 'Ana Belén Ortega',
        interesado_documento: '12345678Z',
        estado: 'abierto',
        fecha_cierre: null,
        version: 1,
        creado_por: { username: 'gestor', nombre_completo: 'Juan Carlos Pérez Ruiz' },
        responsable: { username: 'gestor', nombre_completo: 'Juan Carlos Pérez Ruiz' },
      });
      expect(new Date(expediente.fecha_apertura).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await filasHistorial(expediente.id_expediente)).toEqual([{ evento: 'creacion' }]);
    });

    it('leaves the responsable empty when asked to, and accepts another person of the unidad, nobody else', async () => {
      expect((await crear({ id_responsable: null })).responsable).toBeNull();
      const responsables = (await as.gestor.get('/api/catalogos/responsables')).json().data as {
        id_usuario: number;
        username: string;
      }[];
      const idDe = (username: string) => responsables.find((persona) => persona.username === username)!.id_usuario;
      expect((await crear({ id_responsable: idDe('consulta') })).responsable).toMatchObject({ username: 'consulta' });
      // Neither tesorera (Tesorería) nor admin (no unidad) belongs to Urbanismo.
      for (const username of ['tesorera', 'admin']) {
        const response = await as.gestor.post('/api/expedientes', nuevo({ id_responsable: idDe(username) }));
        expect(response.statusCode, username).toBe(400);
        expect(response.json().msg).toBe(
          'La persona responsable debe pertenecer a la unidad del expediente o a una superior.',
        );
      }
      const deUrbanismo = (await as.gestor.get(`/api/catalogos/responsables?unidad=${idUnidad}`)).json().data as {
        username: string;
      }[];
      expect(deUrbanismo.map((persona) => persona.username)).toEqual(['gestor', 'consulta']);
    });

    it('makes the creator responsable only when they belong to the unidad', async () => {
      expect((await crear()).responsable).toMatchObject({ username: 'gestor' });
      const porAdmin = await as.admin.post('/api/expedientes', nuevo());
      expect(porAdmin.statusCode, porAdmin.body).toBe(201);
      expect(porAdmin.json().data.responsable).toBeNull();
    });

    it('numbers 50 concurrent creations with 50 distinct consecutive numbers', async () => {
      const antes = await stack
        .app()
        .db.query<{ ultimo: number }>('SELECT ultimo FROM expediente_contador WHERE anio = $1', [Number(AÑO)]);
      const inicial = antes[0]?.ultimo ?? 0;
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          as.gestor.post('/api/expedientes', nuevo({ asunto: `Solicitud concurrente ${index}` })),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
      const secuencias = responses
        .map((response) => Number(response.json().data.numero.split('-')[2]))
        .sort((a, b) => a - b);
      expect(secuencias).toEqual(Array.from({ length: 50 }, (_, index) => inicial + index + 1));
      const [contador] = await stack
        .app()
        .db.query<{ ultimo: number }>('SELECT ultimo FROM expediente_contador WHERE anio = $1', [Number(AÑO)]);
      expect(contador?.ultimo).toBe(inicial + 50);
    });

    it('gives a failed creation its number back (no gaps)', async () => {
      const primero = await crear();
      const fallida = await as.gestor.post('/api/expedientes', nuevo({ id_unidad: 999_999 }));
      expect(fallida.statusCode).toBe(400);
      const segundo = await crear();
      expect(Number(segundo.numero.slice(-6))).toBe(Number(primero.numero.slice(-6)) + 1);
    });
  });

  describe('bad input → 400 naming the field in Spanish, nothing written', () => {
    const casos: [string, Record<string, unknown>, string][] = [
      ['missing asunto', { asunto: undefined }, 'El campo «asunto» es obligatorio.'],
      ['short asunto', { asunto: 'abc' }, 'El campo «asunto» debe tener al menos 5 caracteres.'],
      ['asunto of spaces', { asunto: '        ' }, 'El campo «asunto» debe tener al menos 5 caracteres.'],
      ['long asunto', { asunto: 'x'.repeat(301) }, 'El campo «asunto» debe tener como máximo 300 caracteres.'],
      [
        'long descripcion',
        { descripcion: 'x'.repeat(5001) },
        'El campo «descripcion» debe tener como máximo 5.000 caracteres.',
      ],
      [
        'long interesado',
        { interesado_nombre: 'x'.repeat(201) },
        'El campo «interesado_nombre» debe tener como máximo 200 caracteres.',
      ],
      [
        'bad documento',
        { interesado_documento: '1234-ABC' },
        'El campo «interesado_documento» no tiene un formato válido (NIF, NIE o CIF).',
      ],
      [
        'NIF whose letter does not match',
        { interesado_documento: '12345678A' },
        'El NIF 12345678A no es válido: la letra no corresponde al número. Revise que está bien escrito.',
      ],
      [
        'NIE whose letter does not match',
        { interesado_documento: 'X1234567A' },
        'El NIE X1234567A no es válido: la letra no corresponde al número. Revise que está bien escrito.',
      ],
      [
        'CIF whose control does not match',
        { interesado_documento: 'B12345670' },
        'El CIF B12345670 no es válido: el carácter de control no corresponde. Revise que está bien escrito.',
      ],
      [
        'a bare number (no NIF, NIE nor CIF)',
        { interesado_documento: '1234567' },
        expect.stringMatching(/^«1234567» no es un NIF, NIE ni CIF/) as unknown as string,
      ],
      ['asunto not text', { asunto: { texto: 'Solicitud' } }, 'El campo «asunto» debe ser un texto.'],
      ['tipo not a number', { id_tipo: 'uno' }, 'El campo «id_tipo» debe ser un número entero.'],
      ['tipo fractional', { id_tipo: 1.5 }, 'El campo «id_tipo» debe ser un número entero.'],
      ['unknown field', { estado: 'cerrado' }, 'El campo «estado» no está permitido.'],
      ['unknown tipo', { id_tipo: 999_999 }, 'El tipo de expediente indicado no existe.'],
      ['unknown unidad', { id_unidad: 999_999 }, 'La unidad indicada no existe.'],
      ['unknown responsable', { id_responsable: 999_999 }, 'El responsable indicado no existe.'],
      [
        'only invisible characters',
        { asunto: 'Sol\u0000\u200B\u2060' },
        'El campo «asunto» debe tener al menos 5 caracteres.',
      ],
    ];
    it.each(casos)('%s', async (_caso, overrides, msg) => {
      const [{ total: antes }] = (await stack
        .app()
        .db.query<{ total: number }>('SELECT count(*)::int AS total FROM expediente')) as [{ total: number }];
      const response = await as.gestor.post('/api/expedientes', nuevo(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, msg, code: 'VALIDATION' });
      const [{ total: despues }] = (await stack
        .app()
        .db.query<{ total: number }>('SELECT count(*)::int AS total FROM expediente')) as [{ total: number }];
      expect(despues).toBe(antes);
    });

    it('drops control characters (a NUL byte included) instead of storing them', async () => {
      const creado = await crear({ asunto: 'Solicitud \u0000 con\u0007 nulo' });
      expect(creado.asunto).toBe('Solicitud con nulo');
    });

    it('stores SQL meta-characters and HTML literally, as text', async () => {
      const asunto = `<img src=x onerror="alert('x')"> '; DROP TABLE expediente; --`;
      const interesado = `O'Brien "El Ñoño" \\ %_ $1`;
      const creado = await crear({ asunto, interesado_nombre: interesado, descripcion: '<script>alert(1)</script>' });
      const leido = (await as.gestor.get(`/api/expedientes/${creado.id_expediente}`)).json().data;
      expect(leido).toMatchObject({ asunto, interesado_nombre: interesado, descripcion: '<script>alert(1)</script>' });
      expect(await filaExpediente(creado.id_expediente)).toMatchObject({ asunto, interesado_nombre: interesado });
    });
  });

  describe('detail and 404', () => {
    it('answers the detail and records the read in the historial', async () => {
      const creado = await crear();
      const response = await as.consulta.get(`/api/expedientes/${creado.id_expediente}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: creado });
      const historial = (
        await as.consulta.get(`/api/expedientes/${creado.id_expediente}/historial?lecturas=true`)
      ).json().data.items;
      expect(historial[0]).toMatchObject({
        evento: 'consulta',
        lectura: { veces: 1 },
        usuario: { username: 'consulta', nombre_completo: 'Lucía Fernández Díaz' },
      });
    });

    it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999', "1' OR '1'='1"])(
      'answers 404 for id %s on every route',
      async (id) => {
        const url = `/api/expedientes/${encodeURIComponent(id)}`;
        for (const response of [
          await as.gestor.get(url),
          await as.gestor.get(`${url}/historial`),
          await as.gestor.patch(url, { version: 1, asunto: 'Nuevo asunto' }),
          await as.gestor.post(`${url}/estado`, { estado: 'en_tramite', version: 1 }),
        ]) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ success: false, msg: 'El expediente no existe.', code: 'NOT_FOUND' });
        }
      },
    );
  });

  describe('edition', () => {
    it('keeps a document stored before its control character was checked, and refuses a new wrong one', async () => {
      const creado = await crear();
      // As an expediente of before the check: a bare number, written straight into the table.
      await stack
        .app()
        .db.query(`UPDATE expediente SET interesado_documento = '1234567' WHERE id_expediente = $1`, [
          creado.id_expediente,
        ]);
      const igual = await as.gestor.patch(`/api/expedientes/${creado.id_expediente}`, {
        version: 1,
        asunto: 'Solicitud con el documento de antes',
        interesado_documento: '1234567',
      });
      expect(igual.statusCode, igual.body).toBe(200);
      const otro = await as.gestor.patch(`/api/expedientes/${creado.id_expediente}`, {
        version: 2,
        interesado_documento: '12345678A',
      });
      expect(otro.statusCode).toBe(400);
      expect(otro.json().msg).toBe(
        'El NIF 12345678A no es válido: la letra no corresponde al número. Revise que está bien escrito.',
      );
      const ahora = (await as.gestor.get(`/api/expedientes/${creado.id_expediente}`)).json().data;
      expect(ahora).toMatchObject({ version: 2, interesado_documento: '1234567' });
    });

    it('changes the fields sent, bumps the version and records old → new with display values', async () => {
      const creado = await crear();
      const responsables = (await as.gestor.get('/api/catalogos/responsables')).json().data as {
        id_usuario: number;
        username: string;
        nombre_completo: string;
      }[];
      const consulta = responsables.find((persona) => persona.username === 'consulta')!;
      const response = await as.gestor.patch(`/api/expedientes/${creado.id_expediente}`, {
        version: 1,
        asunto: 'Solicitud de licencia de actividad',
        id_unidad: idUnidad,
        id_responsable: consulta.id_usuario,
        interesado_nombre: 'Ana Belén Ortega',
        descripcion: 'Primera descripción',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.msg).toBe('Expediente actualizado.');
      expect(body.data).toMatchObject({
        asunto: 'Solicitud de licencia de actividad',
        unidad: { id: idUnidad },
        responsable: { username: 'consulta' },
        descripcion: 'Primera descripción',
        version: 2,
      });
      expect(new Date(body.data.actualizado_en).getTime()).toBeGreaterThan(new Date(creado.actualizado_en).getTime());

      const historial = (await as.gestor.get(`/api/expedientes/${creado.id_expediente}/historial`)).json().data.items;
      const edicion = historial.find((evento: { evento: string }) => evento.evento === 'edicion');
      expect(edicion.usuario).toMatchObject({ username: 'gestor' });
      expect(edicion.cambios).toEqual([
        {
          campo: 'Asunto',
          anterior: 'Solicitud de licencia de obra menor',
          nuevo: 'Solicitud de licencia de actividad',
        },
        { campo: 'Descripción', anterior: null, nuevo: 'Primera descripción' },
        { campo: 'Responsable', anterior: 'Juan Carlos Pérez Ruiz', nuevo: consulta.nombre_completo },
      ]);
      expect(edicion.descripcion).toBe('Modificó: Asunto, Descripción, Responsable.');

      // Someone of another unidad cannot be its responsable.
      const tesorera = responsables.find((persona) => persona.username === 'tesorera')!;
      const ajena = await as.gestor.patch(`/api/expedientes/${creado.id_expediente}`, {
        version: 2,
        id_responsable: tesorera.id_usuario,
      });
      expect(ajena.statusCode).toBe(400);
      expect(ajena.json().msg).toBe(
        'La persona responsable debe pertenecer a la unidad del expediente o a una superior.',
      );
      expect(await filaExpediente(creado.id_expediente)).toMatchObject({ version: 2 });
    });

    it('refuses a change of unidad by edition (that is a transfer, with its motivo) and changes nothing', async () => {
      const creado = await crear();
      const response = await as.gestor.patch(`/api/expedientes/${creado.id_expediente}`, {
        version: 1,
        asunto: 'Otro asunto distinto',
        id_unidad: otraUnidad.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('La unidad responsable se cambia con «Transferir», indicando el motivo.');
      const leido = (await as.gestor.get(`/api/expedientes/${creado.id_expediente}`)).json().data;
      expect(leido).toMatchObject({ version: 1, asunto: creado.asunto, unidad: { id: idUnidad } });
    });

    it('answers "No hay cambios." without a new version or historial row when nothing changes', async () => {
      const creado = await crear();
      const response = await as.gestor.patch(`/api/expedientes/${creado.id_expediente}`, {
        version: 1,
        asunto: creado.asunto,
        id_tipo: creado.tipo.id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, msg: 'No hay cambios.', data: { version: 1 } });
      expect(await filasHistorial(creado.id_expediente)).toEqual([{ evento: 'creacion' }]);
    });

    it('refuses a stale version with 409 and changes nothing', async () => {
      const creado = await crear();
      const primero = await as.gestor.patch(`/api/expedientes/${creado.id_expediente}`, {
        version: 1,
        asunto: 'Primera edición del asunto',
      });
      expect(primero.statusCode).toBe(200);
      const segundo = await as.admin.patch(`/api/expedientes/${creado.id_expediente}`, {
        version: 1,
        asunto: 'Edición con versión vieja',
      });
      expect(segundo.statusCode).toBe(409);
      expect(segundo.json()).toEqual({
        success: false,
        msg: 'El expediente fue modificado por otro usuario. Recargue para ver los cambios.',
        code: 'VERSION_CONFLICT',
      });
      expect(await filaExpediente(creado.id_expediente)).toMatchObject({
        asunto: 'Primera edición del asunto',
        version: 2,
      });
      expect(await filasHistorial(creado.id_expediente)).toEqual([{ evento: 'creacion' }, { evento: 'edicion' }]);
    });

    it('lets exactly one of two concurrent edits with the same version win', async () => {
      const creado = await crear();
      const [a, b] = await Promise.all([
        as.gestor.patch(`/api/expedientes/${creado.id_expediente}`, { version: 1, asunto: 'Edición concurrente A' }),
        as.admin.patch(`/api/expedientes/${creado.id_expediente}`, { version: 1, asunto: 'Edición concurrente B' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(await filaExpediente(creado.id_expediente)).toMatchObject({ version: 2 });
    });

    it('refuses unknown catalogue ids and bad values without changing anything', async () => {
      const creado = await crear();
      for (const [payload, msg] of [
        [{ id_tipo: 999_999 }, 'El tipo de expediente indicado no existe.'],
        [{ id_unidad: 999_999 }, 'La unidad responsable se cambia con «Transferir», indicando el motivo.'],
        [{ id_responsable: 999_999 }, 'El responsable indicado no existe.'],
        [{ asunto: 'x'.repeat(301) }, 'El campo «asunto» debe tener como máximo 300 caracteres.'],
        [{ asunto: 'Nuevo asunto', version: 'uno' }, 'El campo «version» debe ser un número entero.'],
        [{ asunto: 'Nuevo asunto', version: undefined }, 'El campo «version» es obligatorio.'],
      ] as const) {
        const response = await as.gestor.patch(`/api/expedientes/${creado.id_expediente}`, { version: 1, ...payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().msg).toBe(msg);
      }
      expect(await filaExpediente(creado.id_expediente)).toMatchObject({ version: 1, asunto: creado.asunto });
    });

    it.each(['cerrado', 'archivado'] as const)('refuses editing a %s expediente with 409', async (estado) => {
      const expediente = await llevarA(estado);
      const response = await as.gestor.patch(`/api/expedientes/${expediente.id_expediente}`, {
        version: expediente.version,
        asunto: 'Intento de edición tardía',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        msg: 'El expediente está cerrado.',
        code: 'EXPEDIENTE_CERRADO',
      });
      expect(await filaExpediente(expediente.id_expediente)).toMatchObject({
        asunto: expediente.asunto,
        version: expediente.version,
      });
    });
  });

  describe('life cycle', () => {
    const pares = ESTADOS_EXPEDIENTE.flatMap((desde) => ESTADOS_EXPEDIENTE.map((hacia) => [desde, hacia] as const));
    const permitidos = pares.filter(([desde, hacia]) => TRANSICIONES[desde].includes(hacia));
    const rechazados = pares.filter(([desde, hacia]) => !TRANSICIONES[desde].includes(hacia));

    it('allows exactly abierto→en_tramite, en_tramite→cerrado, cerrado→archivado and cerrado→en_tramite', () => {
      expect(permitidos).toEqual([
        ['abierto', 'en_tramite'],
        ['en_tramite', 'cerrado'],
        ['cerrado', 'en_tramite'],
        ['cerrado', 'archivado'],
      ]);
    });

    it.each(permitidos)('%s → %s is allowed and recorded', async (desde, hacia) => {
      const expediente = await llevarA(desde);
      const motivo = desde === 'cerrado' && hacia === 'en_tramite' ? 'Aporta documentación nueva' : undefined;
      const response = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, {
        estado: hacia,
        version: expediente.version,
        ...(motivo ? { motivo } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.data).toMatchObject({ estado: hacia, version: expediente.version + 1 });
      if (hacia === 'cerrado') expect(body.data.fecha_cierre).toEqual(expect.any(String));
      if (hacia === 'en_tramite') expect(body.data.fecha_cierre).toBeNull();
      if (hacia === 'archivado') expect(body.data.fecha_cierre).toBe(expediente.fecha_cierre);
      expect(body.msg).toBe(motivo ? 'Expediente reabierto.' : `El expediente pasó a «${ESTADO_ETIQUETAS[hacia]}».`);

      const eventos = (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}/historial`)).json().data.items;
      // Closing signs the índice with the institution's seal, one event after the change of estado.
      if (hacia === 'cerrado') expect(eventos[0]).toMatchObject({ evento: 'indice_firmado' });
      const ultimo = eventos.find((evento: { evento: string }) => evento.evento === 'cambio_estado');
      expect(ultimo).toMatchObject({
        evento: 'cambio_estado',
        descripcion: `Cambió el estado de «${ESTADO_ETIQUETAS[desde]}» a «${ESTADO_ETIQUETAS[hacia]}»`,
        motivo: motivo ?? null,
        usuario: { username: 'gestor' },
      });
    });

    it.each(rechazados)('%s → %s is refused with 409 and changes nothing', async (desde, hacia) => {
      const expediente = await llevarA(desde);
      const response = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, {
        estado: hacia,
        version: expediente.version,
        motivo: 'Motivo cualquiera',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        msg: `No se puede pasar de «${ESTADO_ETIQUETAS[desde]}» a «${ESTADO_ETIQUETAS[hacia]}».`,
        code: 'TRANSICION_NO_PERMITIDA',
      });
      expect(await filaExpediente(expediente.id_expediente)).toMatchObject({
        estado: desde,
        version: expediente.version,
      });
    });

    it.each([undefined, '', '   '])('refuses reopening without a motivo (%j)', async (motivo) => {
      const cerrado = await llevarA('cerrado');
      const response = await as.gestor.post(`/api/expedientes/${cerrado.id_expediente}/estado`, {
        estado: 'en_tramite',
        version: cerrado.version,
        ...(motivo === undefined ? {} : { motivo }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        msg: 'Indique el motivo para reabrir el expediente.',
        code: 'VALIDATION',
      });
      expect(await filaExpediente(cerrado.id_expediente)).toMatchObject({
        estado: 'cerrado',
        version: cerrado.version,
      });
    });

    it('refuses a state change with a stale version', async () => {
      const expediente = await crear();
      const response = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, {
        estado: 'en_tramite',
        version: 7,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('VERSION_CONFLICT');
    });

    it('refuses an unknown estado with a Spanish 400', async () => {
      const expediente = await crear();
      const response = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, {
        estado: 'borrado',
        version: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('El campo «estado» no tiene un valor permitido.');
    });
  });

  describe('historial', () => {
    it('tells the whole story newest first: creacion, edicion, cambio_estado (with motivo), consulta (counted)', async () => {
      const creado = await crear();
      const id = creado.id_expediente;
      const editado = (
        await as.gestor.patch(`/api/expedientes/${id}`, { version: 1, interesado_documento: 'X1234567L' })
      ).json().data;
      let actual = editado;
      for (const [estado, motivo] of [['en_tramite'], ['cerrado'], ['en_tramite', 'Recurso estimado']] as const) {
        actual = (
          await as.gestor.post(`/api/expedientes/${id}/estado`, {
            estado,
            version: actual.version,
            ...(motivo ? { motivo } : {}),
          })
        ).json().data;
      }
      await as.consulta.get(`/api/expedientes/${id}`);

      const response = await as.consulta.get(`/api/expedientes/${id}/historial?lecturas=true`);
      expect(response.statusCode).toBe(200);
      const eventos = response.json().data.items;
      expect(eventos.map((evento: { evento: string }) => evento.evento)).toEqual([
        'consulta',
        'cambio_estado',
        'indice_firmado',
        'cambio_estado',
        'cambio_estado',
        'edicion',
        'creacion',
      ]);
      expect(eventos[1]).toMatchObject({
        motivo: 'Recurso estimado',
        descripcion: 'Cambió el estado de «Cerrado» a «En trámite»',
      });
      expect(eventos[5].cambios).toEqual([
        { campo: 'Documento del interesado', anterior: '12345678Z', nuevo: 'X1234567L' },
      ]);
      expect(eventos[6]).toMatchObject({
        descripcion: `Creó el expediente ${creado.numero}.`,
        cambios: [],
        motivo: null,
        usuario: { username: 'gestor' },
      });
      for (const evento of eventos) expect(new Date(evento.fecha).toISOString()).toBe(evento.fecha);
      const fechas = eventos.map((evento: { fecha: string }) => evento.fecha);
      expect([...fechas].sort().reverse()).toEqual(fechas);
      const ids = eventos.slice(1).map((evento: { id: number }) => evento.id);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    });

    it('is append-only in the database itself, even for the schema’s owner', async () => {
      const creado = await crear();
      const owner = stack.testApp().owner();
      await expect(
        owner.query(`UPDATE historial SET descripcion = 'alterado' WHERE id_expediente = $1`, [creado.id_expediente]),
      ).rejects.toThrow(/solo admite añadir/);
      await expect(
        owner.query('DELETE FROM historial WHERE id_expediente = $1', [creado.id_expediente]),
      ).rejects.toThrow(/solo admite añadir/);
      await expect(owner.query('TRUNCATE historial CASCADE')).rejects.toThrow(/solo admite añadir/);
      expect(await filasHistorial(creado.id_expediente)).toEqual([{ evento: 'creacion' }]);
    });
  });

  describe('catalogues', () => {
    it('lists the tipos in their order and the unidades as a tree (roots, then by their path)', async () => {
      const tipos = (await as.consulta.get('/api/catalogos/tipos-expediente')).json();
      expect(tipos.data.map((tipo: { nombre: string }) => tipo.nombre)).toEqual([
        'Solicitud',
        'Queja o reclamación',
        'Licencia',
        'Contrato',
        'Recurso',
        'Otro',
      ]);
      const unidades = (await as.consulta.get('/api/catalogos/unidades')).json().data as {
        id: number;
        nombre: string;
        ruta: string;
      }[];
      const rutas = unidades.map((unidad) => unidad.ruta);
      expect(rutas[0]).toBe('Ayuntamiento de Villaverde del Río');
      expect(rutas).toEqual(
        expect.arrayContaining(['Secretaría General › Registro General', 'Urbanismo', 'Hacienda › Tesorería']),
      );
      const bajoLaRaiz = rutas.slice(1);
      expect(bajoLaRaiz).toEqual([...bajoLaRaiz].sort());
    });

    it('lists as responsables the people known from their sign-ins, by name', async () => {
      const response = await as.consulta.get('/api/catalogos/responsables');
      expect(response.json().data).toEqual([
        { id_usuario: expect.any(Number), nombre_completo: 'Ana Belén Romero Gil', username: 'tesorera' },
        { id_usuario: expect.any(Number), nombre_completo: 'Juan Carlos Pérez Ruiz', username: 'gestor' },
        { id_usuario: expect.any(Number), nombre_completo: 'Lucía Fernández Díaz', username: 'consulta' },
        { id_usuario: expect.any(Number), nombre_completo: 'María José García López', username: 'admin' },
      ]);
    });
  });

  it('documents every expedientes route in OpenAPI with params, query, body and responses', async () => {
    const document = (await stack.app().inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = document.paths;
    expect(paths['/api/expedientes'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'q',
        'estado',
        'tipo',
        'unidad',
        'responsable',
        'desde',
        'hasta',
        'page',
        'pageSize',
        'sort',
        'order',
      ]),
    );
    expect(paths['/api/expedientes'].post.requestBody).toBeDefined();
    expect(Object.keys(paths['/api/expedientes'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403']),
    );
    expect(Object.keys(paths['/api/expedientes/{id}'].patch.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '409']),
    );
    expect(paths['/api/expedientes/{id}/estado'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/expedientes/export.csv'].get.responses['200'].content['text/csv']).toBeDefined();
    for (const url of [
      '/api/expedientes/{id}/historial',
      '/api/catalogos/tipos-expediente',
      '/api/catalogos/unidades',
      '/api/catalogos/responsables',
    ]) {
      expect(paths[url].get.responses['200'], url).toBeDefined();
    }
  });
});
