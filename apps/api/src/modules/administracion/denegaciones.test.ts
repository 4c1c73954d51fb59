import { Writable } from 'node:stream';
import type { DenegacionesPagina } from '@ecodigital/contracts/administracion';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas, type PersonasDemo } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';

/** What the API logged, one JSON object per line. */
const lineas: Record<string, unknown>[] = [];
const registro = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const linea of chunk.toString('utf8').split('\n').filter(Boolean)) lineas.push(JSON.parse(linea));
    done();
  },
});

describe('refusals leave a trace, counted per person, route and day (real PostgreSQL)', () => {
  const stack = useTestStack({ logger: { level: 'info', stream: registro } });
  let personas: PersonasDemo;
  let deUrbanismo: number;
  let soloLectura: number;

  beforeAll(async () => {
    personas = await iniciarPersonas(stack);
    const db = stack.app().db;
    const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const crear = async (asunto: string) => {
      const creado = await personas.as.gestor.post('/api/expedientes', {
        asunto,
        id_tipo: tipo!.id,
        id_unidad: await idUnidad(db, CODIGOS.urbanismo),
      });
      expect(creado.statusCode, creado.body).toBe(201);
      return creado.json().data.id_expediente as number;
    };
    deUrbanismo = await crear('Expediente que tesorera no ve');
    soloLectura = await crear('Expediente que tesorera solo lee');
    const concedido = await personas.as.gestor.post(`/api/expedientes/${soloLectura}/accesos`, {
      id_usuario: personas.id.tesorera,
      nivel: 'lectura',
      hasta: null,
      motivo: 'Consulta de Tesorería',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
  });

  it('logs who was refused what, and counts it without a row per refusal', async () => {
    const { as, id } = personas;
    // Probing: the hidden one three times, two ids that do not exist, and a change without gestión.
    for (let vez = 0; vez < 3; vez++)
      expect((await as.tesorera.get(`/api/expedientes/${deUrbanismo}`)).statusCode).toBe(404);
    for (const inexistente of [999_001, 999_002]) {
      expect((await as.tesorera.get(`/api/expedientes/${inexistente}`)).statusCode).toBe(404);
    }
    const cambio = await as.tesorera.patch(`/api/expedientes/${soloLectura}`, { version: 1, asunto: 'Sin gestión' });
    expect(cambio.statusCode).toBe(403);
    // 40 more probes of the same route add to the counter, not to the table.
    await Promise.all(
      Array.from({ length: 40 }, (_, n) => as.tesorera.get(`/api/expedientes/${999_100 + n}/historial`)),
    );

    expect(lineas.filter((linea) => linea.msg === 'acceso denegado').slice(0, 6)).toEqual([
      ...Array.from({ length: 3 }, () =>
        expect.objectContaining({
          id_usuario: id.tesorera,
          sub: expect.any(String),
          ruta: 'GET /api/expedientes/:id',
          id: String(deUrbanismo),
          motivo: 'no_visible',
        }),
      ),
      expect.objectContaining({ id: '999001', motivo: 'no_existe' }),
      expect.objectContaining({ id: '999002', motivo: 'no_existe' }),
      expect.objectContaining({ ruta: 'PATCH /api/expedientes/:id', id: String(soloLectura), motivo: 'sin_gestion' }),
    ]);
    const filas = await stack
      .app()
      .db.query<{ ruta: string; motivo: string; veces: number; ids: string[] }>(
        'SELECT ruta, motivo, veces, ids FROM acceso_denegado WHERE id_usuario = $1 ORDER BY ruta, motivo',
        [id.tesorera],
      );
    expect(filas).toEqual([
      { ruta: 'GET /api/expedientes/:id', motivo: 'no_existe', veces: 2, ids: ['999001', '999002'] },
      { ruta: 'GET /api/expedientes/:id', motivo: 'no_visible', veces: 3, ids: [String(deUrbanismo)] },
      {
        ruta: 'GET /api/expedientes/:id/historial',
        motivo: 'no_existe',
        veces: 40,
        ids: expect.any(Array),
      },
      { ruta: 'PATCH /api/expedientes/:id', motivo: 'sin_gestion', veces: 1, ids: [String(soloLectura)] },
    ]);
    expect(filas[2]!.ids).toHaveLength(20);
  });

  it('shows Administración who was refused, how often and what, the most refused first', async () => {
    const { as, id } = personas;
    expect((await as.consulta.get('/api/documentos/999999/descargar')).statusCode).toBe(404);
    const respuesta = await as.admin.get('/api/admin/denegaciones?dias=7');
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const pagina = respuesta.json().data as DenegacionesPagina;
    expect(pagina).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(pagina.items.map((item) => [item.persona.username, item.veces])).toEqual([
      ['tesorera', 46],
      ['consulta', 1],
    ]);
    expect(pagina.items[0]).toMatchObject({
      persona: { id_usuario: id.tesorera, nombre_completo: 'Ana Belén Romero Gil' },
      no_visible: 3,
      no_existe: 42,
      sin_gestion: 1,
      dias: 1,
    });
    expect(pagina.items[0]!.detalle).toHaveLength(4);
    expect(pagina.items[1]!.detalle).toEqual([
      expect.objectContaining({ ruta: 'GET /api/documentos/:id/descargar', motivo: 'no_existe', ids: ['999999'] }),
    ]);
    // Only for who may read the auditoría.
    expect((await as.gestor.get('/api/admin/denegaciones')).statusCode).toBe(403);
    expect((await as.admin.get('/api/admin/denegaciones?dias=0')).statusCode).toBe(400);
  });

  it('does not count what is no refusal of an expediente: a missing grant on a visible one, a route refused by role', async () => {
    const { as } = personas;
    const antes = await stack.app().db.query('SELECT sum(veces)::integer AS veces FROM acceso_denegado');
    expect((await as.gestor.delete(`/api/expedientes/${deUrbanismo}/accesos/999999`)).statusCode).toBe(404);
    expect(
      (await as.consulta.post(`/api/expedientes/${deUrbanismo}/estado`, { estado: 'en_tramite', version: 1 }))
        .statusCode,
    ).toBe(403);
    expect(await stack.app().db.query('SELECT sum(veces)::integer AS veces FROM acceso_denegado')).toEqual(antes);
  });
});
