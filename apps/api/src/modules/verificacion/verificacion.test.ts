import { createHash } from 'node:crypto';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { normalizarCsv } from '@ecodigital/contracts/verificacion';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, DemoUsername } from '../../testing/api-client';
import { CODIGOS, idUnidad } from '../../testing/organizacion';
import { iniciarPersonas } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';
import { samplePdf } from '../documentos/inspection/testing/sample-files';
import { formulario } from '../documentos/testing/multipart';
import { MENSAJES_VERIFICACION } from './verificacion.mensajes';
import { VERIFICACIONES_POR_MINUTO } from './verificacion.routes';

const sha256 = (datos: Buffer | string) => createHash('sha256').update(datos).digest('hex');

/** A well-formed code nobody was given (the alphabet has no I, O, 0 or 1). */
const DESCONOCIDO = 'ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345';

/**
 * Verifiable copies by Código Seguro de Verificación: public, without a token; each look-up recorded;
 * limited per address. The signed índice is the real one, signed when the expediente is closed.
 */
describe('GET /api/verificacion/:csv (public, real PostgreSQL, real dev IdP)', () => {
  const stack = useTestStack();
  const as = {} as Record<DemoUsername, ApiClient>;
  const tokens = {} as Record<DemoUsername, string>;
  let expediente: Expediente;
  let csv: string;
  let idFirma: number;

  /** Each test calls from an address of its own: the limit per address counts them apart. */
  let direccion = '';
  let pruebas = 0;
  beforeEach(() => {
    direccion = `198.51.100.${++pruebas}`;
  });

  /** Without a token: what anybody holding the copy can do. */
  const publica = (url: string) => stack.app().inject({ method: 'GET', url, remoteAddress: direccion });

  const consultas = () =>
    stack
      .app()
      .db.query<{ ip: string; huella_prefijo: string; resultado: string; descarga: boolean; id_firma: number | null }>(
        'SELECT ip, huella_prefijo, resultado, descarga, id_firma FROM consulta_verificacion ORDER BY id_consulta',
      );

  beforeAll(async () => {
    const personas = await iniciarPersonas(stack);
    Object.assign(as, personas.as);
    Object.assign(tokens, personas.tokens);
    const db = stack.app().db;
    const [{ id: idTipo }] = (await db.query<{ id: number }>(
      `INSERT INTO tipo_expediente (nombre, orden) VALUES ('Licencia de prueba CSV', 998) RETURNING id`,
    )) as [{ id: number }];
    const creado = await as.gestor.post('/api/expedientes', {
      asunto: 'Licencia de actividad en la plaza Mayor',
      id_tipo: idTipo,
      id_unidad: await idUnidad(db, CODIGOS.urbanismo),
    });
    expect(creado.statusCode, creado.body).toBe(201);
    expediente = creado.json().data;
    const [tipo] = await db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Informe'`);
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(tipo!.id) },
      { campo: 'archivo', archivo: 'informe.pdf', contenido: samplePdf('informe') },
    ]);
    const subida = await stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${expediente.id_expediente}/documentos`,
      headers: { ...headers, authorization: `Bearer ${tokens.gestor}` },
      payload,
    });
    expect(subida.statusCode, subida.body).toBe(201);
    for (const estado of ['en_tramite', 'cerrado']) {
      const actual = (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}`)).json().data;
      const cambio = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, {
        estado,
        version: actual.version,
      });
      expect(cambio.statusCode, cambio.body).toBe(200);
    }
    const firmas = (await as.gestor.get(`/api/expedientes/${expediente.id_expediente}/firmas`)).json().data.firmas;
    expect(firmas).toHaveLength(1);
    csv = firmas[0].csv;
    idFirma = firmas[0].id_firma;
  });

  it('gives every signed índice a code of 28 characters, grouped in fours, shown with its signature', () => {
    expect(csv).toMatch(/^([A-HJ-NP-Z2-9]{4}-){6}[A-HJ-NP-Z2-9]{4}$/);
  });

  it('codes are random, unique and of the alphabet without ambiguous characters (the database draws them)', async () => {
    const [fila] = await stack.app().db.query<{ distintos: number; validos: number }>(
      `SELECT count(DISTINCT c)::int AS distintos, count(*) FILTER (WHERE c ~ '^[A-HJ-NP-Z2-9]{28}$')::int AS validos
       FROM (SELECT csv_nuevo() AS c FROM generate_series(1, 2000)) AS codigos`,
    );
    expect(fila).toEqual({ distintos: 2000, validos: 2000 });
    // Every character of the alphabet appears in every position: nothing fixed, nothing sequential.
    const muestras = await stack.app().db.query<{ c: string }>('SELECT csv_nuevo() AS c FROM generate_series(1, 2000)');
    for (let posicion = 0; posicion < 28; posicion++) {
      expect(new Set(muestras.map(({ c }) => c[posicion])).size, `posición ${posicion}`).toBe(32);
    }
  });

  it('answers what the code certifies, without a token, in any of the ways it may be typed', async () => {
    const pdf = Buffer.from(
      (await stack.app().db.query<{ pdf: Buffer }>('SELECT pdf FROM indice_firmado WHERE id_firma = $1', [idFirma]))[0]!
        .pdf,
    );
    for (const escrito of [csv, csv.replaceAll('-', ''), csv.toLowerCase().replaceAll('-', ' ')]) {
      const respuesta = await publica(`/api/verificacion/${encodeURIComponent(escrito)}`);
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      expect(respuesta.headers['cache-control']).toBe('no-store');
      expect(respuesta.json().data).toEqual({
        csv,
        clase: 'indice_firmado',
        descripcion: `Índice firmado del expediente ${expediente.numero}, al cerrarse el expediente`,
        expediente: { numero: expediente.numero },
        motivo: 'cierre',
        firmado_en: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        organo: { nombre: 'Urbanismo', codigo_dir3: 'LA0019005' },
        sello: expect.stringMatching(/solo desarrollo/),
        solo_desarrollo: true,
        copia: {
          nombre: expect.stringMatching(
            new RegExp(`^indice-firmado-${expediente.numero}-cierre-\\d{4}-\\d\\d-\\d\\d\\.pdf$`),
          ),
          tipo: 'application/pdf',
          tamano: pdf.length,
          sha256: sha256(pdf),
        },
      });
    }
  });

  it('downloads the certified copy as stored: the same bytes, the same SHA-256', async () => {
    const [{ pdf }] = (await stack
      .app()
      .db.query<{ pdf: Buffer }>('SELECT pdf FROM indice_firmado WHERE id_firma = $1', [idFirma])) as [{ pdf: Buffer }];
    const respuesta = await publica(`/api/verificacion/${csv}/descarga`);
    expect(respuesta.statusCode).toBe(200);
    expect(respuesta.headers['content-type']).toBe('application/pdf');
    expect(respuesta.headers['content-disposition']).toMatch(/^attachment; filename="indice-firmado-/);
    expect(respuesta.rawPayload.equals(Buffer.from(pdf))).toBe(true);
    const { copia } = (await publica(`/api/verificacion/${csv}`)).json().data;
    expect(sha256(respuesta.rawPayload)).toBe(copia.sha256);
  });

  it('a code nobody was given is a Spanish 404; a malformed one a Spanish 400; neither gives a file', async () => {
    for (const url of [`/api/verificacion/${DESCONOCIDO}`, `/api/verificacion/${DESCONOCIDO}/descarga`]) {
      const respuesta = await publica(url);
      expect(respuesta.statusCode).toBe(404);
      expect(respuesta.json()).toEqual({ success: false, msg: MENSAJES_VERIFICACION.noExiste, code: 'NOT_FOUND' });
    }
    // Too short, an O and a 1 (not in the alphabet), too long.
    for (const escrito of ['ABCD', csv.replace(/^./, 'O'), csv.replace(/.$/, '1'), `${csv}A`]) {
      for (const sufijo of ['', '/descarga']) {
        const respuesta = await publica(`/api/verificacion/${encodeURIComponent(escrito)}${sufijo}`);
        expect(respuesta.statusCode, escrito).toBe(400);
        expect(respuesta.json()).toEqual({
          success: false,
          msg: MENSAJES_VERIFICACION.malFormado,
          code: 'CSV_NO_VALIDO',
        });
      }
    }
  });

  it('looks a code up by its SHA-256, never by the code: the same query whether it exists or not', async () => {
    const query = vi.spyOn(stack.app().db, 'query');
    try {
      for (const escrito of [csv, DESCONOCIDO]) {
        query.mockClear();
        await publica(`/api/verificacion/${escrito}`);
        const busquedas = query.mock.calls.filter(([sql]) => /FROM codigo_verificacion/.test(String(sql)));
        expect(busquedas).toHaveLength(1);
        expect(String(busquedas[0]![0])).toMatch(/WHERE c\.huella = \$1/);
        expect(busquedas[0]![1]).toEqual([sha256(normalizarCsv(escrito)!)]);
      }
    } finally {
      query.mockRestore();
    }
  });

  it('records every look-up: the address, the beginning of the code’s SHA-256, found or not, and when', async () => {
    const antes = (await consultas()).length;
    await publica(`/api/verificacion/${csv}`);
    await publica(`/api/verificacion/${csv}/descarga`);
    await publica(`/api/verificacion/${DESCONOCIDO}`);
    await publica('/api/verificacion/no-es-un-codigo');
    const nuevas = (await consultas()).slice(antes);
    const huella = sha256(normalizarCsv(csv)!).slice(0, 16);
    expect(nuevas).toEqual([
      { ip: direccion, huella_prefijo: huella, resultado: 'encontrado', descarga: false, id_firma: idFirma },
      { ip: direccion, huella_prefijo: huella, resultado: 'encontrado', descarga: true, id_firma: idFirma },
      {
        ip: direccion,
        huella_prefijo: sha256(normalizarCsv(DESCONOCIDO)!).slice(0, 16),
        resultado: 'desconocido',
        descarga: false,
        id_firma: null,
      },
      {
        ip: direccion,
        huella_prefijo: expect.stringMatching(/^[0-9a-f]{16}$/),
        resultado: 'mal_formado',
        descarga: false,
        id_firma: null,
      },
    ]);
    // The code itself is written nowhere in the record.
    expect(JSON.stringify(nuevas)).not.toContain(normalizarCsv(csv));
  });

  it(`refuses more than ${VERIFICACIONES_POR_MINUTO} look-ups a minute from one address: 429 in Spanish`, async () => {
    const estados: number[] = [];
    let ultima;
    for (let i = 0; i <= VERIFICACIONES_POR_MINUTO; i++) {
      ultima = await publica(`/api/verificacion/${DESCONOCIDO}`);
      estados.push(ultima.statusCode);
    }
    expect(estados.at(-1)).toBe(429);
    expect(ultima!.json().msg).toMatch(/^Ha hecho demasiadas peticiones de este tipo \(máximo 20 por minuto\)/);
    expect(ultima!.headers['retry-after']).toBeDefined();
    // The download counts against the same budget; another address has its own.
    expect((await publica(`/api/verificacion/${csv}/descarga`)).statusCode).toBe(429);
    const otra = await stack
      .app()
      .inject({ method: 'GET', url: `/api/verificacion/${csv}`, remoteAddress: '192.0.2.7' });
    expect(otra.statusCode).toBe(200);
  });
});
