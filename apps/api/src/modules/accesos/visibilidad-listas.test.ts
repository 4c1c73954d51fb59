import type { Expediente } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type DemoUsername } from '../../testing/api-client';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { useTestStack } from '../../testing/test-stack';
import { samplePdf } from '../documentos/inspection/testing/sample-files';
import { formulario } from '../documentos/testing/multipart';
import { iniciarPersonas } from '../../testing/personas';

/**
 * Lists, counts, exports, Inicio and notifications over two unidades of known contents: each
 * person gets exactly the expedientes they may see, never one more, not even in a count.
 */
describe('what each person may see in lists, counts, exports, Inicio and notifications (real PostgreSQL)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  const tokens = {} as Record<DemoUsername, string>;
  const id = {} as Record<DemoUsername, number>;
  const creados = { urbanismo: [] as Expediente[], tesoreria: [] as Expediente[], secretaria: [] as Expediente[] };

  const numeros = (expedientes: Expediente[]) => expedientes.map((expediente) => expediente.numero).sort();
  const esperado = {
    admin: () => numeros([...creados.urbanismo, ...creados.tesoreria, ...creados.secretaria]),
    gestor: () => numeros(creados.urbanismo),
    // consulta is a member of Urbanismo, with a lectura grant on the first expediente of Secretaría General.
    consulta: () => numeros([...creados.urbanismo, creados.secretaria[0]!]),
    tesorera: () => numeros(creados.tesoreria),
  };
  const PERSONAS = ['admin', 'gestor', 'consulta', 'tesorera'] as const;

  async function subir(usuario: DemoUsername, idExpediente: number, contenido: Buffer, nombre: string) {
    const [tipo] = await stack.app().db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Anexo'`);
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(tipo!.id) },
      { campo: 'archivo', archivo: nombre, contenido },
    ]);
    return stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${idExpediente}/documentos`,
      headers: { ...headers, authorization: `Bearer ${tokens[usuario]}` },
      payload,
    });
  }

  beforeAll(async () => {
    const personas = await iniciarPersonas(stack);
    Object.assign(as, personas.as);
    Object.assign(tokens, personas.tokens);
    Object.assign(id, personas.id);
    const db = stack.app().db;
    const [tipo] = await db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const crear = async (client: ApiClient, codigo: string, asunto: string, extra: object = {}) => {
      const response = await client.post('/api/expedientes', {
        asunto,
        id_tipo: tipo!.id,
        id_unidad: await idUnidad(db, codigo),
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as Expediente;
    };
    creados.urbanismo.push(
      await crear(as.gestor, CODIGOS.urbanismo, 'Vigilancia de obra en calle Mayor'),
      await crear(as.gestor, CODIGOS.licencias, 'Vigilancia de licencia de terraza'),
      await crear(as.gestor, CODIGOS.urbanismo, 'Vigilancia de solar abandonado'),
    );
    creados.tesoreria.push(
      await crear(as.tesorera, CODIGOS.tesoreria, 'Vigilancia de pagos fraccionados'),
      await crear(as.tesorera, CODIGOS.tesoreria, 'Vigilancia de embargos'),
    );
    creados.secretaria.push(await crear(as.admin, CODIGOS.secretaria, 'Vigilancia del registro de entrada'));
    const concedido = await as.admin.post(`/api/expedientes/${creados.secretaria[0]!.id_expediente}/accesos`, {
      id_usuario: id.consulta,
      nivel: 'lectura',
      motivo: 'Revisión del registro',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
    // Of the demo people, only admin sees this one.
    creados.secretaria.push(await crear(as.admin, CODIGOS.secretaria, 'Otro asunto reservado a Secretaría'));

    expect(
      (await subir('gestor', creados.urbanismo[0]!.id_expediente, samplePdf('plano-mayor'), 'plano.pdf')).statusCode,
    ).toBe(201);
    expect(
      (await subir('tesorera', creados.tesoreria[0]!.id_expediente, samplePdf('cuadro-pagos'), 'pagos.pdf')).statusCode,
    ).toBe(201);
  });

  it.each(PERSONAS)('%s: the list, its total and the search hold exactly what they may see', async (persona) => {
    const lista = (await as[persona].get('/api/expedientes?pageSize=100')).json().data;
    expect(lista.items.map((item: Expediente) => item.numero).sort()).toEqual(esperado[persona]());
    expect(lista.total).toBe(esperado[persona]().length);
    const busqueda = (await as[persona].get('/api/expedientes?q=vigilancia&pageSize=100')).json().data;
    const conLaPalabra = esperado[persona]().filter((numero) =>
      [...creados.urbanismo, ...creados.tesoreria, ...creados.secretaria]
        .find((expediente) => expediente.numero === numero)!
        .asunto.startsWith('Vigilancia'),
    );
    expect(busqueda.items.map((item: Expediente) => item.numero).sort()).toEqual(conLaPalabra);
    expect(busqueda.total).toBe(conLaPalabra.length);
    const porEstado = (await as[persona].get('/api/expedientes?estado=abierto&pageSize=100')).json().data;
    expect(porEstado.total).toBe(esperado[persona]().length);
  });

  it.each(PERSONAS)('%s: a search read a page at a time, by page and by cursor, and exported', async (persona) => {
    const esperados = (await as[persona].get('/api/expedientes?q=vigilancia&pageSize=100'))
      .json()
      .data.items.map((item: Expediente) => item.numero);
    const porPagina: string[] = [];
    for (let page = 1; page <= esperados.length; page++) {
      const pagina = (await as[persona].get(`/api/expedientes?q=vigilancia&pageSize=1&page=${page}`)).json().data;
      expect(pagina.total).toBe(esperados.length);
      porPagina.push(...pagina.items.map((item: Expediente) => item.numero));
    }
    expect(porPagina).toEqual(esperados);
    const porCursor: string[] = [];
    let cursor: string | undefined;
    do {
      const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const pagina = (await as[persona].get(`/api/expedientes?q=vigilancia&pageSize=1${query}`)).json().data;
      porCursor.push(...pagina.items.map((item: Expediente) => item.numero));
      cursor = pagina.siguiente;
    } while (cursor && porCursor.length <= esperados.length);
    expect(porCursor).toEqual(esperados);
    const csv = (await as[persona].get('/api/expedientes/export.csv?q=vigilancia')).body.slice(1).split('\r\n');
    expect(csv.slice(1, -1).map((linea) => linea.split(';')[0])).toEqual(esperados);
  });

  it.each(PERSONAS)('%s: the CSV export holds exactly the same rows', async (persona) => {
    const csv = (await as[persona].get('/api/expedientes/export.csv')).body.slice(1).split('\r\n').slice(1, -1);
    expect(csv.map((linea) => linea.split(';')[0]).sort()).toEqual(esperado[persona]());
  });

  it.each(PERSONAS)('%s: Inicio counts only what they may see', async (persona) => {
    const cifras = (await as[persona].get('/api/inicio/cifras')).json().data;
    expect(cifras.abiertos).toBe(esperado[persona]().length);
    const documentosVisibles = { admin: 2, gestor: 1, consulta: 1, tesorera: 1 }[persona];
    expect(cifras.documentos_hoy).toBe(documentosVisibles);
    const meses = (await as[persona].get('/api/inicio/por-mes')).json().data as { abiertos: number }[];
    expect(meses.at(-1)!.abiertos).toBe(esperado[persona]().length);
    const porTipo = (await as[persona].get('/api/inicio/por-tipo-documental')).json().data as { total: number }[];
    expect(porTipo.reduce((suma, tipo) => suma + tipo.total, 0)).toBe(documentosVisibles);
    const actividad = (await as[persona].get('/api/inicio/actividad')).json().data as {
      expediente: { numero: string };
    }[];
    for (const evento of actividad) expect(esperado[persona]()).toContain(evento.expediente.numero);
    const notificaciones = (await as[persona].get('/api/notificaciones')).json().data;
    expect(notificaciones.cifras.expedientes_nuevos_hoy).toBe(esperado[persona]().length);
    expect(notificaciones.cifras.documentos_subidos_hoy).toBe(documentosVisibles);
    for (const evento of notificaciones.eventos) expect(esperado[persona]()).toContain(evento.expediente.numero);
  });

  it('tells the responsable named by someone else, and the person given an acceso', async () => {
    const nombrada = await as.admin.patch(`/api/expedientes/${creados.urbanismo[2]!.id_expediente}`, {
      version: creados.urbanismo[2]!.version,
      id_responsable: id.consulta,
    });
    expect(nombrada.statusCode, nombrada.body).toBe(200);
    const consulta = (await as.consulta.get('/api/notificaciones')).json().data;
    expect(consulta.eventos).toEqual([
      expect.objectContaining({
        tipo: 'asignado',
        expediente: expect.objectContaining({ numero: creados.urbanismo[2]!.numero }),
      }),
      expect.objectContaining({
        tipo: 'acceso_concedido',
        expediente: expect.objectContaining({ numero: creados.secretaria[0]!.numero }),
      }),
    ]);
    const concedido = await as.gestor.post(`/api/expedientes/${creados.urbanismo[2]!.id_expediente}/accesos`, {
      id_usuario: id.tesorera,
      nivel: 'lectura',
      motivo: 'Para que lo revise Tesorería',
    });
    expect(concedido.statusCode).toBe(201);
    const tesorera = (await as.tesorera.get('/api/notificaciones')).json().data;
    expect(tesorera.eventos[0]).toMatchObject({
      tipo: 'acceso_concedido',
      descripcion: 'Le dio acceso de lectura al expediente, sin fecha de fin.',
      expediente: { numero: creados.urbanismo[2]!.numero },
    });
    const lista = (await as.tesorera.get('/api/expedientes?pageSize=100')).json().data;
    expect(lista.items.map((item: Expediente) => item.numero).sort()).toEqual(
      numeros([...creados.tesoreria, creados.urbanismo[2]!]),
    );
  });

  it('never names an expediente the uploader may not see when the same file is elsewhere', async () => {
    const mismo = samplePdf('plano-mayor');
    const response = await subir('tesorera', creados.tesoreria[1]!.id_expediente, mismo, 'copia-del-plano.pdf');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toContain(creados.urbanismo[0]!.numero);
    expect(response.json().data[0].aviso).toBeUndefined();
    // Someone who does see both is warned.
    const gestor = await subir('gestor', creados.urbanismo[1]!.id_expediente, mismo, 'plano-otra-vez.pdf');
    expect(gestor.json().data[0].aviso).toContain(creados.urbanismo[0]!.numero);
  });

  it('the upload view offers as destinations only what the person may change (gestion=true)', async () => {
    const destinos = (await as.tesorera.get('/api/expedientes?gestion=true&pageSize=100')).json().data;
    expect(destinos.items.map((item: Expediente) => item.numero).sort()).toEqual(numeros(creados.tesoreria));
    expect(destinos.items.every((item: Expediente) => item.gestion)).toBe(true);
  });

  it('a change of membership holds from the next request on', async () => {
    const tesoreria = await idUnidad(stack.app().db, CODIGOS.tesoreria);
    const asignado = await as.admin.put(`/api/admin/usuarios/${id.consulta}/unidades`, { unidades: [tesoreria] });
    expect(asignado.statusCode, asignado.body).toBe(200);
    const lista = (await as.consulta.get('/api/expedientes?pageSize=100')).json().data;
    // Tesorería's plus the one of Secretaría she has a grant on; Urbanismo's are gone.
    expect(lista.items.map((item: Expediente) => item.numero).sort()).toEqual(
      numeros([...creados.tesoreria, creados.secretaria[0]!]),
    );
    // She answered for one of Urbanismo: no longer, as the historial says.
    const dejado = (await as.gestor.get(`/api/expedientes/${creados.urbanismo[2]!.id_expediente}`)).json().data;
    expect(dejado.responsable).toBeNull();
    const historial = (await as.gestor.get(`/api/expedientes/${creados.urbanismo[2]!.id_expediente}/historial`)).json()
      .data.items as { evento: string }[];
    const evento = historial.find((entrada) => entrada.evento === 'edicion');
    expect(evento).toMatchObject({
      evento: 'edicion',
      usuario: { username: 'admin' },
      descripcion: 'Dejó de ser responsable: ya no pertenece a la unidad del expediente ni a una superior.',
      cambios: [{ campo: 'Responsable', anterior: 'Lucía Fernández Díaz', nuevo: null }],
    });
    const urbanismo = await idUnidad(stack.app().db, CODIGOS.urbanismo);
    await as.admin.put(`/api/admin/usuarios/${id.consulta}/unidades`, { unidades: [urbanismo] });
  });
});
