import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaginaBusqueda, ResultadoBusqueda } from '@ecodigital/contracts/documentos';
import type { Caller } from '../../shared/caller/caller';
import { leerAlcance } from '../../shared/caller/alcance';
import { apiClient } from '../../testing/api-client';
import { callerDePrueba } from '../../testing/callers';
import { resign } from '../../testing/forge-token';
import { useTestStack } from '../../testing/test-stack';
import { crearExpediente, subirArchivo } from '../documentos/texto/testing/subir';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { buscarDocumentos } from './busqueda.repository';
import { leerBusqueda } from './consulta-texto';

const stack = useTestStack();

const TEXTOS = {
  resolucion:
    'Resolución de la Alcaldía por la que se concede la licencia de obra menor en la calle Mayor 12. ' +
    'La licencia se otorga salvo el derecho de propiedad y sin perjuicio de terceros.',
  informe: 'Informe técnico sobre las licencias de apertura de la calle Real 5: favorable.',
  solicitud: 'Solicitud de cambio de titularidad. La calle Mayor tiene 12 viviendas y una Petición vecinal.',
  vado: 'Petición de vado permanente. <script>alert("hola")</script> El interesado pide el vado.',
  otroExpediente: 'Acta de replanteo de la licencia de la plaza Nueva.',
};
const ids: Record<keyof typeof TEXTOS, number> = {} as never;
let expediente: number;
let otroExpediente: number;

beforeAll(async () => {
  expediente = await crearExpediente(stack, 'Obras en la calle Mayor');
  otroExpediente = await crearExpediente(stack, 'Plaza Nueva');
  for (const [clave, texto] of Object.entries(TEXTOS) as [keyof typeof TEXTOS, string][]) {
    const destino = clave === 'otroExpediente' ? otroExpediente : expediente;
    ids[clave] = await subirArchivo(stack, destino, `${clave}.txt`, Buffer.from(texto, 'utf8'));
  }
  await stack.app().extraccionTexto.procesarPendientes();
  await stack.app().extraccionTexto.detener();
});

async function buscar(q: string, extra = ''): Promise<PaginaBusqueda> {
  const admin = await stack.as('admin');
  const respuesta = await admin.get(`/api/documentos/buscar?q=${encodeURIComponent(q)}${extra}`);
  expect(respuesta.statusCode, respuesta.body).toBe(200);
  return respuesta.json().data;
}
const nombres = (pagina: PaginaBusqueda) => pagina.items.map((item) => item.nombre).sort();
const resaltados = (item: ResultadoBusqueda) =>
  item.fragmento.filter((trozo) => trozo.resaltado).map((trozo) => trozo.texto);

describe('GET /api/documentos/buscar: Spanish, without accents', () => {
  it('finds the forms of a word: «licencias» finds «licencia»', async () => {
    expect(nombres(await buscar('licencias'))).toEqual(['informe.txt', 'otroExpediente.txt', 'resolucion.txt']);
  });

  it('ignores accents and case both ways: «peticion» finds «Petición», «RESOLUCIÓN» finds «Resolución»', async () => {
    expect(nombres(await buscar('peticion'))).toEqual(['solicitud.txt', 'vado.txt']);
    expect(nombres(await buscar('RESOLUCIÓN'))).toEqual(['resolucion.txt']);
  });

  it('finds words typed in part: «licen», «titular»', async () => {
    expect(nombres(await buscar('licen'))).toEqual(['informe.txt', 'otroExpediente.txt', 'resolucion.txt']);
    expect(nombres(await buscar('titular'))).toEqual(['solicitud.txt']);
  });

  it('a phrase in quotes needs its words in that order; without quotes, all of them anywhere', async () => {
    expect(nombres(await buscar('"calle Mayor 12"'))).toEqual(['resolucion.txt']);
    expect(nombres(await buscar('calle Mayor 12'))).toEqual(['resolucion.txt', 'solicitud.txt']);
  });

  it('excludes with «-» and offers alternatives with «o»', async () => {
    expect(nombres(await buscar('licencia -apertura'))).toEqual(['otroExpediente.txt', 'resolucion.txt']);
    expect(nombres(await buscar('vado o titularidad'))).toEqual(['solicitud.txt', 'vado.txt']);
  });

  it('ranks by relevance and gives the expediente, the document and a fragment with the matches marked', async () => {
    const pagina = await buscar('licencia');
    expect(pagina).toMatchObject({ total: 3, totalExacto: true, page: 1, pageSize: 20 });
    const [primero] = pagina.items;
    expect(primero).toMatchObject({
      id_documento: ids.resolucion,
      nombre: 'resolucion.txt',
      formato: 'TXT',
      anulado: false,
      tipo_documental: 'Resolución',
      expediente: { id_expediente: expediente, asunto: 'Obras en la calle Mayor' },
    });
    expect(primero!.expediente.numero).toMatch(/^EXP-\d{4}-\d{6}$/);
    expect(resaltados(primero!)).toEqual(['licencia', 'licencia']);
    expect(primero!.fragmento.map((trozo) => trozo.texto).join('')).toContain('se concede la licencia de obra menor');
    const rangos = pagina.items.map((item) => item.rango);
    expect(rangos).toEqual([...rangos].sort((a, b) => b - a));
    expect(rangos[0]).toBeGreaterThan(rangos[2]!);
  });

  it('fragments are plain text pieces: markup in a document never reaches them as markup', async () => {
    const [vado] = (await buscar('vado')).items;
    const texto = vado!.fragmento.map((trozo) => trozo.texto).join('');
    // ts_headline drops what looks like tags; what remains is text, rendered as text by the web.
    expect(texto).toContain('alert("hola")');
    expect(texto).not.toContain('<');
    expect(resaltados(vado!)).toEqual(['vado', 'vado']);
  });

  it('pages, filters by expediente, and answers an empty page for words that are not there or only stop words', async () => {
    const segunda = await buscar('licencia', '&pageSize=1&page=2');
    expect(segunda).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(segunda.items).toHaveLength(1);
    expect(nombres(await buscar('licencia', `&id_expediente=${otroExpediente}`))).toEqual(['otroExpediente.txt']);
    expect(await buscar('zarzamora')).toMatchObject({ items: [], total: 0, totalExacto: true });
    expect(await buscar('de la')).toMatchObject({ items: [], total: 0 });
  });

  it('refuses a search with nothing to look for, with a Spanish message', async () => {
    const admin = await stack.as('admin');
    const soloExcluidas = await admin.get('/api/documentos/buscar?q=-licencia');
    expect(soloExcluidas.statusCode).toBe(400);
    expect(soloExcluidas.json().msg).toMatch(/al menos una palabra/);
    expect((await admin.get('/api/documentos/buscar?q=a')).statusCode).toBe(400);
    expect((await admin.get('/api/documentos/buscar')).statusCode).toBe(400);
  });
});

describe('filters: unidad (with those below it), tipo documental, dates, extraction state', () => {
  let cementerio: number;
  let idsUnidad: { urbanismo: number; licencias: number; hacienda: number };
  const hoyEnMadrid = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const otroDia = (dias: number) =>
    new Date(Date.parse(`${hoyEnMadrid()}T12:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    const { app } = stack.testApp();
    idsUnidad = {
      urbanismo: await idUnidad(app.db, CODIGOS.urbanismo),
      licencias: await idUnidad(app.db, CODIGOS.licencias),
      hacienda: await idUnidad(app.db, CODIGOS.hacienda),
    };
    const enLicencias = await crearExpediente(stack, 'Ampliación del cementerio', idsUnidad.licencias);
    await subirArchivo(
      stack,
      enLicencias,
      'informe-cementerio.txt',
      Buffer.from('Informe del cementerio municipal.'),
      'Informe',
    );
    await subirArchivo(
      stack,
      expediente,
      'solicitud-cementerio.txt',
      Buffer.from('Solicitud de nicho en el cementerio.'),
    );
    cementerio = (
      await stack
        .app()
        .db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documento WHERE nombre LIKE '%cementerio%'`)
    )[0]!.n;
    await stack.app().extraccionTexto.procesarPendientes();
    await stack.app().extraccionTexto.detener();
  });

  it('by unidad: a unidad includes the expedientes of those below it', async () => {
    expect(cementerio).toBe(2);
    expect(nombres(await buscar('cementerio', `&id_unidad=${idsUnidad.urbanismo}`))).toEqual([
      'informe-cementerio.txt',
      'solicitud-cementerio.txt',
    ]);
    expect(nombres(await buscar('cementerio', `&id_unidad=${idsUnidad.licencias}`))).toEqual([
      'informe-cementerio.txt',
    ]);
    expect(nombres(await buscar('cementerio', `&id_unidad=${idsUnidad.hacienda}`))).toEqual([]);
  });

  it('by tipo documental, and the result says its tipo, date and extraction state', async () => {
    const [informe] = await stack
      .app()
      .db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Informe'`);
    const pagina = await buscar('cementerio', `&id_tipo_documental=${informe!.id}`);
    expect(nombres(pagina)).toEqual(['informe-cementerio.txt']);
    expect(pagina.items[0]).toMatchObject({ tipo_documental: 'Informe', estado_texto: 'indexado' });
    expect(new Date(pagina.items[0]!.fecha_incorporacion).getTime()).toBeGreaterThan(Date.now() - 3_600_000);
  });

  it('by the day each document was added (Europe/Madrid), both ends included', async () => {
    const hoy = hoyEnMadrid();
    expect(nombres(await buscar('cementerio', `&desde=${hoy}&hasta=${hoy}`))).toHaveLength(2);
    expect(nombres(await buscar('cementerio', `&desde=${otroDia(1)}`))).toEqual([]);
    expect(nombres(await buscar('cementerio', `&hasta=${otroDia(-1)}`))).toEqual([]);
  });

  it('by extraction state', async () => {
    expect(nombres(await buscar('cementerio', '&estado_texto=indexado'))).toHaveLength(2);
    expect(nombres(await buscar('cementerio', '&estado_texto=error'))).toEqual([]);
  });

  it('refuses filters that cannot be, in Spanish, and «desde» after «hasta»', async () => {
    const admin = await stack.as('admin');
    for (const malo of [
      '&desde=2025-02-30',
      '&estado_texto=roto',
      '&id_tipo_documental=0',
      `&desde=${otroDia(1)}&hasta=${otroDia(0)}`,
    ]) {
      const respuesta = await admin.get(`/api/documentos/buscar?q=cementerio${malo}`);
      expect(respuesta.statusCode, malo).toBe(400);
      expect(respuesta.json().msg, malo).toMatch(/[áéíóúñ]|fecha|estado|tipo/i);
    }
    const alReves = await admin.get(`/api/documentos/buscar?q=cementerio&desde=${otroDia(1)}&hasta=${otroDia(0)}`);
    expect(alReves.json().msg).toMatch(/«desde» es posterior a «hasta»/);
  });
});

describe('fragments of long documents', () => {
  // Far past the window a fragment is first cut from: the matches must still be marked.
  const relleno = 'Párrafo de relleno sin novedad alguna para el archivo. '.repeat(120);
  let largo: number;
  let muyLargo: number;
  beforeAll(async () => {
    const destino = await crearExpediente(stack, 'Expediente de textos largos');
    const texto = `${relleno}Comparece doña Itziar Zubizarreta. Se ordena el acopio. ${relleno}Se autoriza el acopio de áridos.`;
    largo = await subirArchivo(stack, destino, 'largo.txt', Buffer.from(texto, 'utf8'));
    // Over 150.000 characters: «Otxandiano» near the end, «Goikoetxea» near the start and again beside it.
    const mucho = relleno.repeat(25);
    const textoMuyLargo = `Informe de Goikoetxea. ${mucho}Firmado por Goikoetxea y Otxandiano, en Bilbao. ${relleno}`;
    muyLargo = await subirArchivo(stack, destino, 'muy-largo.txt', Buffer.from(textoMuyLargo, 'utf8'));
    await stack.app().extraccionTexto.procesarPendientes();
    await stack.app().extraccionTexto.detener();
  });

  it('marks a word that first appears thousands of characters in', async () => {
    const [item] = (await buscar('zubizarreta')).items;
    expect(item!.id_documento).toBe(largo);
    expect(resaltados(item!)).toEqual(['Zubizarreta']);
    // Cut from the middle: «…» at both ends.
    expect(item!.fragmento.at(0)).toEqual({ texto: '… ', resaltado: false });
    expect(item!.fragmento.at(-1)).toEqual({ texto: ' …', resaltado: false });
  });

  it('shows a short text whole, without «…»', async () => {
    const [item] = (await buscar('titularidad')).items;
    expect(item!.nombre).toBe('solicitud.txt');
    const texto = item!.fragmento.map((trozo) => trozo.texto).join('');
    expect(`${texto}.`).toBe(TEXTOS.solicitud);
  });

  it('marks a word 150.000 characters in, in the piece of text that holds it', async () => {
    const [item] = (await buscar('otxandiano')).items;
    expect(item!.id_documento).toBe(muyLargo);
    expect(resaltados(item!)).toEqual(['Otxandiano']);
    expect(item!.fragmento.at(0)).toEqual({ texto: '… ', resaltado: false });
  });

  it('cuts the fragment where the whole search is, not where its first word first appears', async () => {
    const [item] = (await buscar('goikoetxea otxandiano')).items;
    expect(item!.id_documento).toBe(muyLargo);
    expect(resaltados(item!)).toEqual(['Goikoetxea', 'Otxandiano']);
  });

  it('still marks a word when the words searched are too far apart to share a fragment', async () => {
    const [item] = (await buscar('zubizarreta áridos')).items;
    expect(item!.id_documento).toBe(largo);
    expect(resaltados(item!)).toEqual(['Zubizarreta']);
  });

  it('marks a phrase whose words appear apart before it', async () => {
    const [item] = (await buscar('"acopio de áridos"')).items;
    expect(item!.id_documento).toBe(largo);
    expect(resaltados(item!).join(' ')).toMatch(/acopio.*áridos/);
  });
});

/**
 * Visibility: whoever may not see an expediente gets nothing of its documents, not a count, not a
 * fragment, not a thumbnail: `consulta` with `expedientes.ver` removed, and `tesorera`, who holds
 * it but belongs to Tesorería, not to Urbanismo where these documents are.
 */
describe('visibility', () => {
  beforeAll(async () => {
    await stack.app().db.query(`DELETE FROM rol_permiso WHERE rol = 'consulta' AND permiso = 'expedientes.ver'`);
  });
  afterAll(async () => {
    await stack.app().db.query(`INSERT INTO rol_permiso (rol, permiso) VALUES ('consulta', 'expedientes.ver')`);
  });

  const callerSinVer = async (): Promise<Caller> => {
    const [usuario] = await stack.app().db.query<{ id_usuario: number }>('SELECT id_usuario FROM usuario LIMIT 1');
    return callerDePrueba({ id_usuario: usuario!.id_usuario, permisos: ['documentos.descargar'] });
  };
  const callerDeOtraUnidad = async (): Promise<Caller> => {
    const [usuario] = await stack
      .app()
      .db.query<{ id_usuario: number }>(`SELECT id_usuario FROM usuario WHERE username = 'tesorera'`);
    const alcance = await leerAlcance(stack.app().db, usuario!.id_usuario);
    return callerDePrueba({ id_usuario: usuario!.id_usuario, alcance });
  };
  const SIN_VISTA = [
    { nombre: 'consulta sin «expedientes.ver»', usuario: 'consulta' as const, caller: callerSinVer },
    { nombre: 'tesorera, de otra unidad', usuario: 'tesorera' as const, caller: callerDeOtraUnidad },
  ];

  it.each(SIN_VISTA)('$nombre: the search finds nothing, and says no number', async ({ caller }) => {
    const pagina = await buscarDocumentos(
      stack.app().db,
      await caller(),
      leerBusqueda('licencia'),
      {},
      { page: 1, pageSize: 20 },
    );
    expect(pagina).toEqual({ items: [], page: 1, pageSize: 20, total: 0, totalExacto: true });
  });

  it.each(SIN_VISTA)('$nombre: the route answers nothing about the documents', async ({ usuario }) => {
    const cliente = await stack.as(usuario);
    const respuesta = await cliente.get('/api/documentos/buscar?q=licencia');
    expect([403, 200]).toContain(respuesta.statusCode);
    expect(respuesta.body).not.toMatch(/licencia|resolucion|total":[1-9]/);
  });

  it.each(SIN_VISTA)(
    '$nombre: no thumbnail either (404, as for a document that does not exist)',
    async ({ usuario }) => {
      await stack.app().db.query(
        `INSERT INTO documento_miniatura (id_documento, imagen, ancho, alto) VALUES ($1, '\\xffd8ff', 1, 1)
       ON CONFLICT DO NOTHING`,
        [ids.resolucion],
      );
      const cliente = await stack.as(usuario);
      expect((await cliente.get(`/api/documentos/${ids.resolucion}/miniatura`)).statusCode).toBe(404);
      const gestor = await stack.as('gestor');
      expect((await gestor.get(`/api/documentos/${ids.resolucion}/miniatura`)).statusCode).toBe(200);
    },
  );

  it('a person of the unidad finds what whoever sees everything finds there, ranked alike', async () => {
    const gestor = await stack.as('gestor');
    for (const extra of ['', `&id_expediente=${expediente}`]) {
      const suya = (await gestor.get(`/api/documentos/buscar?q=licencia${extra}`)).json().data;
      expect(suya.total).toBeGreaterThan(0);
      expect(suya).toEqual(await buscar('licencia', extra));
    }
  });

  it('tesorera, given lectura on one expediente, finds its documents and nothing else, until revoked', async () => {
    const [tesorera] = await stack
      .app()
      .db.query<{ id_usuario: number }>(`SELECT id_usuario FROM usuario WHERE username = 'tesorera'`);
    const gestor = await stack.as('gestor');
    const concedido = await gestor.post(`/api/expedientes/${expediente}/accesos`, {
      id_usuario: tesorera!.id_usuario,
      nivel: 'lectura',
      motivo: 'Revisión de las tasas de la licencia',
    });
    expect(concedido.statusCode, concedido.body).toBe(201);
    const cliente = await stack.as('tesorera');
    const pagina = (await cliente.get('/api/documentos/buscar?q=licencia')).json().data as PaginaBusqueda;
    expect(nombres(pagina)).toEqual(['informe.txt', 'resolucion.txt']);
    expect(pagina.total).toBe(2);
    const idAcceso = concedido.json().data.id_acceso;
    expect((await gestor.delete(`/api/expedientes/${expediente}/accesos/${idAcceso}`)).statusCode).toBe(200);
    expect((await cliente.get('/api/documentos/buscar?q=licencia')).json().data.total).toBe(0);
  });
});

describe('without documentos.descargar (the permiso that opens a document)', () => {
  /** gestor (Urbanismo, who sees the expediente) with a role that may see expedientes but open no document. */
  async function lector() {
    const db = stack.app().db;
    await db.query(
      `INSERT INTO rol (nombre, descripcion) VALUES ('lector', 'Solo ve expedientes') ON CONFLICT DO NOTHING`,
    );
    await db.query(
      `INSERT INTO rol_permiso (rol, permiso) VALUES ('lector', 'expedientes.ver') ON CONFLICT DO NOTHING`,
    );
    const real = (await stack.idp().tokensFor('gestor')).access_token;
    const token = await resign(real, await stack.idp().signingKey(), (payload) => ({
      ...payload,
      realm_access: { roles: ['lector'] },
    }));
    return apiClient(stack.app(), token);
  }

  it('finds a document by its name, without a fragment of its text nor a thumbnail', async () => {
    await stack.app().db.query(
      `INSERT INTO documento_miniatura (id_documento, imagen, ancho, alto) VALUES ($1, '\\xffd8ff', 1, 1)
       ON CONFLICT DO NOTHING`,
      [ids.resolucion],
    );
    const cliente = await lector();
    const respuesta = await cliente.get('/api/documentos/buscar?q=resolucion');
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const pagina = respuesta.json().data as PaginaBusqueda;
    expect(pagina.items).toEqual([
      expect.objectContaining({ nombre: 'resolucion.txt', fragmento: [], miniatura: false }),
    ]);
    expect(respuesta.body).not.toContain('Alcaldía');
    expect((await cliente.get(`/api/documentos/${ids.resolucion}/miniatura`)).statusCode).toBe(403);
  });

  it('does not tell which documents hold a word of their text', async () => {
    const cliente = await lector();
    const pagina = (await cliente.get('/api/documentos/buscar?q=licencia')).json().data as PaginaBusqueda;
    expect(pagina).toMatchObject({ items: [], total: 0 });
    // The same person with the permiso finds them.
    expect((await (await stack.as('gestor')).get('/api/documentos/buscar?q=licencia')).json().data.total).toBe(3);
  });
});
