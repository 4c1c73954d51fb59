import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Documento, IndiceElectronico, ResultadoSubida } from '@ecodigital/contracts/documentos';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type DemoUsername } from '../../testing/api-client';
import { useTestStack } from '../../testing/test-stack';
import { hashEntrada } from './hash-chain';
import {
  sampleDocx,
  sampleElfExecutable,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleOds,
  sampleOdt,
  sampleTiff,
  sampleWindowsExecutable,
  sampleXlsx,
} from './inspection/testing/sample-files';
import type { LocalStorageConfig } from '../../storage/storage-config';
import { formulario, type ParteFormulario } from './testing/multipart';
import { idUnidad } from '../../testing/organizacion';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('documentos API (real PostgreSQL, real dev IdP, real local storage)', () => {
  const stack = useTestStack({ env: { MAX_UPLOAD_MB: '1' } });
  let storageDir: string;
  const tokens = {} as Record<DemoUsername, string>;
  const as = {} as Record<DemoUsername, ApiClient>;
  const tipos = {} as Record<string, number>;

  beforeAll(async () => {
    storageDir = (stack.testApp().config.storage as LocalStorageConfig).dir;
    for (const username of ['admin', 'gestor', 'consulta'] as const) {
      tokens[username] = (await stack.idp().tokensFor(username)).access_token;
      as[username] = apiClient(stack.app(), tokens[username]);
    }
    for (const tipo of await stack
      .app()
      .db.query<{ id: number; nombre: string }>('SELECT id, nombre FROM tipo_documental')) {
      tipos[tipo.nombre] = tipo.id;
    }
  });

  async function crearExpediente(): Promise<Expediente> {
    const [tipo] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_expediente ORDER BY id LIMIT 1');
    const unidad = { id: await idUnidad(stack.app().db) };
    const response = await as.gestor.post('/api/expedientes', {
      asunto: 'Expediente con documentos',
      id_tipo: tipo!.id,
      id_unidad: unidad!.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }

  function subir(id: number, partes: ParteFormulario[], username: DemoUsername = 'gestor') {
    const { payload, headers } = formulario(partes);
    return stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${id}/documentos`,
      headers: { ...headers, authorization: `Bearer ${tokens[username]}` },
      payload,
    });
  }

  const archivo = (nombre: string, contenido: Buffer): ParteFormulario => ({
    campo: 'archivo',
    archivo: nombre,
    contenido,
  });
  const tipo = (nombre = 'Informe'): ParteFormulario => ({ campo: 'id_tipo_documental', valor: String(tipos[nombre]) });

  async function subirUno(id: number, nombre: string, contenido: Buffer, tipoNombre = 'Informe'): Promise<Documento> {
    const response = await subir(id, [tipo(tipoNombre), archivo(nombre, contenido)]);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data[0].documento;
  }

  /** Every file under the storage directory, temp dir included. */
  async function archivosAlmacenados(): Promise<string[]> {
    const entries = await readdir(storageDir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  }
  const rutaDe = async (idDocumento: number) => {
    const [row] = await stack
      .app()
      .db.query<{ clave: string }>('SELECT clave_almacen::text AS clave FROM documento WHERE id_documento = $1', [
        idDocumento,
      ]);
    return path.join(storageDir, row!.clave.slice(0, 2), row!.clave.slice(2, 4), row!.clave);
  };
  const filas = (id: number) =>
    stack
      .app()
      .db.query<Record<string, unknown>>('SELECT * FROM documento WHERE id_expediente = $1 ORDER BY orden', [id]);
  const historial = (id: number) =>
    stack
      .app()
      .db.query<{ evento: string; descripcion: string; motivo: string | null }>(
        'SELECT evento, descripcion, motivo FROM historial WHERE id_expediente = $1 ORDER BY id',
        [id],
      );

  /** The counted reads of the expediente's documents (one row per person, document, kind and day). */
  const lecturas = (id: number) =>
    stack
      .app()
      .db.query<{ evento: string; id_documento: number; veces: number }>(
        'SELECT evento, id_documento, veces FROM lectura WHERE id_expediente = $1 AND id_documento IS NOT NULL ORDER BY id',
        [id],
      );
  const vecesLeido = async (id: number) => (await lecturas(id)).reduce((total, lectura) => total + lectura.veces, 0);

  async function cerrar(expediente: Expediente): Promise<void> {
    let version = expediente.version;
    for (const estado of ['en_tramite', 'cerrado']) {
      const response = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/estado`, { estado, version });
      expect(response.statusCode, response.body).toBe(200);
      version = response.json().data.version;
    }
  }

  describe('upload', () => {
    it.each([
      ['Resolución nº 5.pdf', 'PDF', 'application/pdf', samplePdf],
      ['plano.png', 'PNG', 'image/png', samplePng],
      ['foto.jpg', 'JPEG', 'image/jpeg', sampleJpeg],
      ['escaneo.tiff', 'TIFF', 'image/tiff', () => sampleTiff('MM')],
      ['informe.docx', 'DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sampleDocx],
      ['cuentas.xlsx', 'XLSX', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sampleXlsx],
      ['acta.odt', 'ODT', 'application/vnd.oasis.opendocument.text', sampleOdt],
      ['tabla.ods', 'ODS', 'application/vnd.oasis.opendocument.spreadsheet', sampleOds],
      ['notas.txt', 'TXT', 'text/plain', () => Buffer.from('Peñalosa: informe técnico\n')],
      ['datos.csv', 'CSV', 'text/csv', () => Buffer.from('nombre;importe\nÁlvaro;1.234,50\n')],
    ])('accepts %s as %s, stores its bytes and writes the historial', async (nombre, formato, mime, generar) => {
      const expediente = await crearExpediente();
      const contenido = generar();
      const response = await subir(expediente.id_expediente, [tipo('Anexo'), archivo(nombre, contenido)]);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.msg).toBe(`Documento «${nombre}» incorporado como nº 1.`);
      const [resultado] = body.data as ResultadoSubida[];
      expect(resultado).toMatchObject({ nombre, resultado: 'subido' });
      expect(resultado!.aviso).toBeUndefined();
      expect(resultado!.documento).toMatchObject({
        id_expediente: expediente.id_expediente,
        orden: 1,
        nombre,
        tipo_documental: { id: tipos.Anexo, nombre: 'Anexo' },
        tamano: contenido.length,
        formato,
        mime,
        huella: sha256(contenido),
        funcion_resumen: 'SHA-256',
        hash_anterior: null,
        anulado: false,
        subido_por: { username: 'gestor' },
      });
      expect(await readFile(await rutaDe(resultado!.documento!.id_documento))).toEqual(contenido);
      expect((await historial(expediente.id_expediente)).at(-1)).toMatchObject({
        evento: 'documento_subido',
        descripcion: `Incorporó el documento nº 1 «${nombre}».`,
      });
    });

    it('takes several files in one request, each with the tipo documental sent before it', async () => {
      const expediente = await crearExpediente();
      const response = await subir(expediente.id_expediente, [
        tipo('Solicitud'),
        archivo('solicitud.pdf', samplePdf('Solicitud')),
        archivo('anexo-vacio.txt', Buffer.alloc(0)),
        tipo('Resolución'),
        archivo('resolucion.pdf', samplePdf('Resolución')),
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.msg).toBe('Se incorporaron 2 de 3 documentos.');
      expect(
        body.data.map((r: ResultadoSubida) => [
          r.nombre,
          r.resultado,
          r.documento?.orden,
          r.documento?.tipo_documental.nombre,
          r.motivo,
        ]),
      ).toEqual([
        ['solicitud.pdf', 'subido', 1, 'Solicitud', undefined],
        ['anexo-vacio.txt', 'rechazado', undefined, undefined, 'El archivo «anexo-vacio.txt» está vacío.'],
        ['resolucion.pdf', 'subido', 2, 'Resolución', undefined],
      ]);
      const [primera, segunda] = await filas(expediente.id_expediente);
      expect(segunda!.hash_anterior).toBe(primera!.hash_entrada);
    });

    it('refuses a file over MAX_UPLOAD_MB (413) and keeps nothing: no stored file, no temp file, no row', async () => {
      const expediente = await crearExpediente();
      const antes = await archivosAlmacenados();
      const response = await subir(expediente.id_expediente, [
        tipo(),
        archivo('grande.pdf', Buffer.concat([samplePdf(), randomBytes(MiB)])),
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'FILE_TOO_LARGE',
        msg: 'El archivo «grande.pdf» supera el tamaño máximo de 1 MB.',
      });
      expect(await archivosAlmacenados()).toEqual(antes);
      expect(await filas(expediente.id_expediente)).toEqual([]);
      expect((await historial(expediente.id_expediente)).map((e) => e.evento)).toEqual(['creacion']);
    });

    it('accepts a file of exactly MAX_UPLOAD_MB', async () => {
      const expediente = await crearExpediente();
      const pdf = samplePdf();
      const contenido = Buffer.concat([pdf, Buffer.alloc(MiB - pdf.length, 0x20)]);
      const documento = await subirUno(expediente.id_expediente, 'justo.pdf', contenido);
      expect(documento.tamano).toBe(MiB);
    });

    it.each([
      [
        'factura.pdf',
        sampleWindowsExecutable(),
        'El contenido es un programa o un script ejecutable, no un documento.',
      ],
      ['informe.pdf', sampleElfExecutable(), 'El contenido es un programa o un script ejecutable, no un documento.'],
      [
        'pagina.pdf',
        Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
        'El contenido es una página HTML, que no se admite.',
      ],
      [
        'dibujo.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
        'El contenido es una imagen SVG, que no se admite.',
      ],
    ])('refuses %s by its bytes (415), naming the file', async (nombre, contenido, motivo) => {
      const expediente = await crearExpediente();
      const antes = await archivosAlmacenados();
      const response = await subir(expediente.id_expediente, [
        tipo(),
        { campo: 'archivo', archivo: nombre, contenido, tipo: 'application/pdf' },
      ]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'UNSUPPORTED_TYPE',
        msg: `El archivo «${nombre}» no es de un tipo admitido: ${motivo}`,
      });
      expect(await archivosAlmacenados()).toEqual(antes);
      expect(await filas(expediente.id_expediente)).toEqual([]);
    });

    it('refuses an empty file (400)', async () => {
      const expediente = await crearExpediente();
      const response = await subir(expediente.id_expediente, [tipo(), archivo('vacio.pdf', Buffer.alloc(0))]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'EMPTY_FILE', msg: 'El archivo «vacio.pdf» está vacío.' });
      expect(await filas(expediente.id_expediente)).toEqual([]);
    });

    it('refuses a missing or unknown tipo documental (400) and a request without files', async () => {
      const expediente = await crearExpediente();
      const sinTipo = await subir(expediente.id_expediente, [archivo('a.pdf', samplePdf('a'))]);
      expect(sinTipo.statusCode).toBe(400);
      expect(sinTipo.json().msg).toBe('Indique el tipo documental (campo «id_tipo_documental») antes de los archivos.');
      const desconocido = await subir(expediente.id_expediente, [
        { campo: 'id_tipo_documental', valor: '99999' },
        archivo('a.pdf', samplePdf('a')),
      ]);
      expect(desconocido.statusCode).toBe(400);
      expect(desconocido.json().msg).toBe('El tipo documental indicado no existe.');
      const sinArchivos = await subir(expediente.id_expediente, [tipo()]);
      expect(sinArchivos.statusCode).toBe(400);
      expect(sinArchivos.json().msg).toBe('No se recibió ningún archivo (campo «archivo»).');
      const json = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/documentos`, { archivo: 'x' });
      expect(json.statusCode).toBe(415);
      expect(await filas(expediente.id_expediente)).toEqual([]);
    });

    it('refuses uploads into a closed expediente (409) and for consulta (403); 404 for an unknown one', async () => {
      const expediente = await crearExpediente();
      const consulta = await subir(expediente.id_expediente, [tipo(), archivo('a.pdf', samplePdf())], 'consulta');
      expect(consulta.statusCode).toBe(403);
      expect(consulta.json().msg).toBe('No tiene permiso para realizar esta acción.');
      await cerrar(expediente);
      const cerrado = await subir(expediente.id_expediente, [tipo(), archivo('a.pdf', samplePdf())]);
      expect(cerrado.statusCode).toBe(409);
      expect(cerrado.json()).toMatchObject({ code: 'EXPEDIENTE_CERRADO', msg: 'El expediente está cerrado.' });
      expect(await filas(expediente.id_expediente)).toEqual([]);
      expect((await subir(99999999, [tipo(), archivo('a.pdf', samplePdf())])).statusCode).toBe(404);
      expect((await subir(Number.NaN, [tipo(), archivo('a.pdf', samplePdf())])).statusCode).toBe(404);
    });

    it('refuses the same file twice in one expediente (409, naming the existing one) and warns across expedientes', async () => {
      const expediente = await crearExpediente();
      const contenido = samplePdf(`Informe ${randomBytes(4).toString('hex')}`);
      await subirUno(expediente.id_expediente, 'Primero.pdf', samplePdf('otro'));
      await subirUno(expediente.id_expediente, 'Informe.pdf', contenido);
      const repetido = await subir(expediente.id_expediente, [tipo(), archivo('copia.pdf', contenido)]);
      expect(repetido.statusCode).toBe(409);
      expect(repetido.json()).toMatchObject({
        code: 'DUPLICATE',
        msg: 'El archivo «copia.pdf» ya está en este expediente como documento nº 2 «Informe.pdf».',
      });
      expect(await filas(expediente.id_expediente)).toHaveLength(2);

      const otro = await crearExpediente();
      const enOtro = await subir(otro.id_expediente, [tipo(), archivo('copia.pdf', contenido)]);
      expect(enOtro.statusCode, enOtro.body).toBe(201);
      expect(enOtro.json().data[0].aviso).toBe(
        `El archivo «copia.pdf» ya está también en el expediente ${expediente.numero}.`,
      );
      expect(enOtro.json().msg).toContain(expediente.numero);
    });

    it('keeps a hostile filename for display only: path parts, NUL and RLO removed, NFC, ñ/á intact', async () => {
      const expediente = await crearExpediente();
      const hostil = '../../etc/\u202EResolucio\u0301n\u0000 nº 5 Peñalosa á.pdf';
      const documento = await subirUno(expediente.id_expediente, hostil, samplePdf('hostil'));
      expect(documento.nombre).toBe('Resolución nº 5 Peñalosa á.pdf');
      const descarga = await as.consulta.get(`/api/documentos/${documento.id_documento}/descargar`);
      expect(descarga.statusCode).toBe(200);
      expect(descarga.headers['content-disposition']).toBe(
        `attachment; filename="Resolucion no 5 Penalosa a.pdf"; filename*=UTF-8''${encodeURIComponent('Resolución nº 5 Peñalosa á.pdf')}`,
      );
      const stored = await archivosAlmacenados();
      expect(stored.every((file) => !file.includes('Resol') && !file.includes('etc'))).toBe(true);
    });

    it('gives 20 parallel uploads distinct consecutive orden, correct hashes and a valid chain', async () => {
      const expediente = await crearExpediente();
      const contenidos = Array.from({ length: 20 }, (_, i) =>
        samplePdf(`Documento paralelo ${i} ${randomBytes(8).toString('hex')}`),
      );
      const respuestas = await Promise.all(
        contenidos.map((contenido, i) => subir(expediente.id_expediente, [tipo(), archivo(`p${i}.pdf`, contenido)])),
      );
      expect(respuestas.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const documentos = respuestas.map((r) => r.json().data[0].documento as Documento);
      expect(documentos.map((d) => d.orden).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      for (const [i, documento] of documentos.entries()) {
        expect(documento.huella).toBe(sha256(contenidos[i]!));
        expect(sha256(await readFile(await rutaDe(documento.id_documento)))).toBe(documento.huella);
      }
      const verificacion = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/verificar`);
      expect(verificacion.json()).toMatchObject({
        success: true,
        msg: 'Integridad verificada: 20 documentos correctos.',
        data: { correcto: true, documentos_verificados: 20, incidencias: [] },
      });
    });

    it('never lets a row or a chained field be changed or deleted, even by the schema’s owner (trigger)', async () => {
      const expediente = await crearExpediente();
      const documento = await subirUno(expediente.id_expediente, 'fijo.pdf', samplePdf('fijo'));
      const owner = stack.testApp().owner();
      await expect(
        owner.query(`UPDATE documento SET nombre = 'otro.pdf' WHERE id_documento = $1`, [documento.id_documento]),
      ).rejects.toThrow(/no se pueden modificar/);
      await expect(
        owner.query('DELETE FROM documento WHERE id_documento = $1', [documento.id_documento]),
      ).rejects.toThrow(/no se borran/);
      await expect(
        owner.query(`UPDATE tipo_documental SET nombre = 'Informe técnico' WHERE nombre = 'Informe'`),
      ).rejects.toThrow(/tipo documental/);
    });
  });

  describe('listing and índice', () => {
    it('lists by orden and answers the índice (JSON, JSON file, PDF) with the chain sealed by huella_indice', async () => {
      const expediente = await crearExpediente();
      const a = await subirUno(expediente.id_expediente, 'Solicitud inicial.pdf', samplePdf('uno'), 'Solicitud');
      const b = await subirUno(expediente.id_expediente, 'Plano.png', samplePng(), 'Anexo');
      await as.gestor.post(`/api/documentos/${b.id_documento}/anular`, { motivo: 'Plano equivocado' });

      const lista = await as.consulta.get(`/api/expedientes/${expediente.id_expediente}/documentos`);
      expect(lista.statusCode).toBe(200);
      expect(lista.json().data.map((d: Documento) => [d.orden, d.nombre, d.anulado])).toEqual([
        [1, 'Solicitud inicial.pdf', false],
        [2, 'Plano.png', true],
      ]);
      expect(lista.body).not.toContain('clave_almacen');

      const indice = (await as.consulta.get(`/api/expedientes/${expediente.id_expediente}/indice`)).json()
        .data as IndiceElectronico;
      expect(indice).toMatchObject({
        expediente: { id_expediente: expediente.id_expediente, numero: expediente.numero, asunto: expediente.asunto },
        funcion_resumen: 'SHA-256',
        huella_indice: b.hash_entrada,
      });
      expect(indice.entradas[1]!.hash_anterior).toBe(a.hash_entrada);
      // Anyone can recompute the chain from the JSON índice alone.
      for (const entrada of indice.entradas) {
        expect(
          hashEntrada({
            ...entrada,
            tipo_documental: entrada.tipo_documental.nombre,
            fecha_incorporacion: new Date(entrada.fecha_incorporacion),
          }),
        ).toBe(entrada.hash_entrada);
      }

      const json = await as.consulta.get(`/api/expedientes/${expediente.id_expediente}/indice.json`);
      expect(json.statusCode).toBe(200);
      expect(json.headers['content-disposition']).toContain(`filename="indice-${expediente.numero}.json"`);
      expect(JSON.parse(json.body).entradas).toEqual(indice.entradas);

      const pdf = await as.consulta.get(`/api/expedientes/${expediente.id_expediente}/indice.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(`filename="indice-${expediente.numero}.pdf"`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { PDFDocument } = await import('pdf-lib');
      const parsed = await PDFDocument.load(pdf.rawPayload);
      expect(parsed.getTitle()).toBe(`Índice electrónico del expediente ${expediente.numero}`);
      expect(parsed.getPageCount()).toBe(1);
    });

    it('paginates the PDF of a long índice', async () => {
      const { indicePdf } = await import('./indice-pdf');
      const { PDFDocument } = await import('pdf-lib');
      const entrada = (orden: number): Documento => ({
        id_documento: orden,
        id_expediente: 1,
        orden,
        nombre: `Documento con un nombre bastante largo número ${orden} — señalización ¿válida? ¡sí! 文.pdf`,
        tipo_documental: { id: 1, nombre: 'Notificación' },
        fecha_incorporacion: new Date().toISOString(),
        tamano: 12.3 * MiB,
        formato: 'PDF',
        mime: 'application/pdf',
        huella: 'f'.repeat(64),
        funcion_resumen: 'SHA-256',
        hash_anterior: null,
        hash_entrada: 'e'.repeat(64),
        subido_por: { id_usuario: 1, nombre_completo: 'Gestor', username: 'gestor' },
        anulado: orden % 7 === 0,
        motivo_anulacion: null,
        fecha_anulacion: null,
        anulado_por: null,
      });
      const bytes = await indicePdf({
        expediente: {
          id_expediente: 1,
          numero: 'EXP-2025-000001',
          asunto: 'Asunto con acentos: camión, pingüino, año',
        },
        generado_en: new Date().toISOString(),
        funcion_resumen: 'SHA-256',
        entradas: Array.from({ length: 150 }, (_, i) => entrada(i + 1)),
        huella_indice: 'e'.repeat(64),
      });
      expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(3);
    });

    it('answers the catalogue of tipos documentales', async () => {
      const response = await as.consulta.get('/api/catalogos/tipos-documentales');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((t: { nombre: string }) => t.nombre)).toEqual([
        'Solicitud',
        'Informe',
        'Resolución',
        'Notificación',
        'Anexo',
        'Otro',
      ]);
    });
  });

  describe('download and preview', () => {
    it('downloads with RFC 6266 name, nosniff, ETag, the detected type; one read counted', async () => {
      const expediente = await crearExpediente();
      const contenido = Buffer.from('nombre;importe\nÁlvaro;1.234,50\n');
      const documento = await subirUno(expediente.id_expediente, 'Resolución nº 5.csv', contenido);
      const response = await as.consulta.get(`/api/documentos/${documento.id_documento}/descargar`);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(contenido);
      expect(response.headers).toMatchObject({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="Resolucion no 5.csv"; filename*=UTF-8''Resoluci%C3%B3n%20n%C2%BA%205.csv`,
        'x-content-type-options': 'nosniff',
        'accept-ranges': 'bytes',
        etag: `"${documento.huella}"`,
        'content-length': String(contenido.length),
      });
      expect(await lecturas(expediente.id_expediente)).toEqual([
        { evento: 'documento_descargado', id_documento: documento.id_documento, veces: 1 },
      ]);
    });

    it('downloads a PDF named poly.html as poly.html.pdf, and says so when it is incorporated', async () => {
      const expediente = await crearExpediente();
      const subida = await subir(expediente.id_expediente, [
        { campo: 'id_tipo_documental', valor: String(tipos.Informe) },
        { campo: 'archivo', archivo: 'poly.html', contenido: samplePdf('políglota'), tipo: 'text/html' },
      ]);
      expect(subida.statusCode).toBe(201);
      const resultado = subida.json().data[0] as ResultadoSubida;
      expect(resultado.nombre).toBe('poly.html');
      expect(resultado.aviso).toBe('Su contenido es PDF: se descargará como «poly.html.pdf».');
      const id = resultado.documento!.id_documento;
      for (const ruta of ['descargar', 'vista']) {
        const response = await as.consulta.get(`/api/documentos/${id}/${ruta}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['content-disposition']).toMatch(
          /filename="poly\.html\.pdf"; filename\*=UTF-8''poly\.html\.pdf$/,
        );
      }
    });

    it('says so in Spanish (500) when the stored file is missing, and records no download', async () => {
      const expediente = await crearExpediente();
      const documento = await subirUno(expediente.id_expediente, 'perdido.pdf', samplePdf('perdido'));
      await unlink(await rutaDe(documento.id_documento));
      const eventos = (await historial(expediente.id_expediente)).length;
      const leido = await vecesLeido(expediente.id_expediente);

      const response = await as.consulta.get(`/api/documentos/${documento.id_documento}/descargar`);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        success: false,
        msg: 'El archivo de este documento no está en el almacenamiento. Avise al administrador.',
        code: 'ARCHIVO_AUSENTE',
      });
      expect(await historial(expediente.id_expediente)).toHaveLength(eventos);
      expect(await vecesLeido(expediente.id_expediente)).toBe(leido);
    });

    it('serves byte ranges (206) with the same bytes, refuses unsatisfiable ones (416), logs only the first chunk', async () => {
      const expediente = await crearExpediente();
      const contenido = Buffer.concat([samplePdf('rangos'), randomBytes(50_000)]);
      const documento = await subirUno(expediente.id_expediente, 'rangos.pdf', contenido);
      const url = `/api/documentos/${documento.id_documento}/descargar`;
      const pedir = (range: string, extra: Record<string, string> = {}) =>
        stack
          .app()
          .inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.consulta}`, range, ...extra } });

      const eventosAntes = await vecesLeido(expediente.id_expediente);
      const primero = await pedir('bytes=0-999');
      expect(primero.statusCode).toBe(206);
      expect(primero.headers['content-range']).toBe(`bytes 0-999/${contenido.length}`);
      expect(primero.rawPayload).toEqual(contenido.subarray(0, 1000));
      const resto = await pedir('bytes=1000-');
      expect(resto.statusCode).toBe(206);
      expect(Buffer.concat([primero.rawPayload, resto.rawPayload])).toEqual(contenido);
      const sufijo = await pedir('bytes=-10');
      expect(sufijo.rawPayload).toEqual(contenido.subarray(-10));
      expect(await vecesLeido(expediente.id_expediente)).toBe(eventosAntes + 1);

      const fuera = await pedir(`bytes=${contenido.length}-`);
      expect(fuera.statusCode).toBe(416);
      expect(fuera.headers['content-range']).toBe(`bytes */${contenido.length}`);
      expect(fuera.json().msg).toBe('El rango de bytes pedido no es válido para este documento.');

      const otraVersion = await pedir('bytes=0-9', { 'if-range': '"otra"' });
      expect(otraVersion.statusCode).toBe(200);
      expect(otraVersion.rawPayload).toEqual(contenido);
    });

    it('answers 304 without a body to an If-None-Match naming the SHA-256, and records no download', async () => {
      const expediente = await crearExpediente();
      const contenido = samplePdf('en caché');
      const documento = await subirUno(expediente.id_expediente, 'en caché.pdf', contenido);
      const pedir = (ruta: 'descargar' | 'vista', ifNoneMatch: string) =>
        stack.app().inject({
          method: 'GET',
          url: `/api/documentos/${documento.id_documento}/${ruta}`,
          headers: { authorization: `Bearer ${tokens.consulta}`, 'if-none-match': ifNoneMatch },
        });
      const eventosAntes = await vecesLeido(expediente.id_expediente);

      for (const ruta of ['descargar', 'vista'] as const) {
        const cacheada = await pedir(ruta, `"otra", "${documento.huella}"`);
        expect(cacheada.statusCode).toBe(304);
        expect(cacheada.rawPayload.length).toBe(0);
        expect(cacheada.headers).toMatchObject({ etag: `"${documento.huella}"`, 'cache-control': 'private, no-cache' });
      }
      expect(await vecesLeido(expediente.id_expediente)).toBe(eventosAntes);

      const otra = await pedir('descargar', `"${sha256(Buffer.from('otra versión'))}"`);
      expect(otra.statusCode).toBe(200);
      expect(otra.rawPayload).toEqual(contenido);
      expect(await vecesLeido(expediente.id_expediente)).toBe(eventosAntes + 1);
    });

    it('previews PDF and images inline with a restrictive CSP, refuses other formats (415)', async () => {
      const expediente = await crearExpediente();
      const pdf = await subirUno(expediente.id_expediente, 'ver.pdf', samplePdf('ver'));
      const png = await subirUno(expediente.id_expediente, 'ver.png', samplePng());
      const docx = await subirUno(expediente.id_expediente, 'ver.docx', sampleDocx());

      const vistaPdf = await as.consulta.get(`/api/documentos/${pdf.id_documento}/vista`);
      expect(vistaPdf.statusCode).toBe(200);
      expect(vistaPdf.headers['content-type']).toBe('application/pdf');
      expect(vistaPdf.headers['content-disposition']).toMatch(/^inline; filename="ver.pdf"/);
      expect(vistaPdf.headers['content-security-policy']).toContain("default-src 'none'");
      expect(vistaPdf.headers['content-security-policy']).toMatch(/; sandbox$/);
      expect(vistaPdf.headers['x-content-type-options']).toBe('nosniff');

      const vistaPng = await as.consulta.get(`/api/documentos/${png.id_documento}/vista`);
      expect(vistaPng.statusCode).toBe(200);
      expect(vistaPng.headers['content-security-policy']).toMatch(/; sandbox$/);

      const vistaDocx = await as.consulta.get(`/api/documentos/${docx.id_documento}/vista`);
      expect(vistaDocx.statusCode).toBe(415);
      expect(vistaDocx.json().msg).toBe('Este formato no se puede previsualizar; descárguelo.');
      expect(
        (await lecturas(expediente.id_expediente))
          .filter((e) => e.evento === 'documento_previsualizado')
          .map((e) => e.id_documento),
      ).toEqual([pdf.id_documento, png.id_documento]);
    });

    it('serves a thumbnail revalidated like a document (ETag, private no-cache, 304), checking access first', async () => {
      const expediente = await crearExpediente();
      const documento = await subirUno(expediente.id_expediente, 'con miniatura.pdf', samplePdf('miniatura'));
      const imagen = sampleJpeg();
      await stack
        .app()
        .db.query('INSERT INTO documento_miniatura (id_documento, imagen, ancho, alto) VALUES ($1, $2, 1, 1)', [
          documento.id_documento,
          imagen,
        ]);
      const url = `/api/documentos/${documento.id_documento}/miniatura`;
      const pedir = (token: string, ifNoneMatch?: string) =>
        stack.app().inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}`, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
        });

      const primera = await pedir(tokens.consulta);
      expect(primera.statusCode).toBe(200);
      expect(primera.rawPayload).toEqual(imagen);
      expect(primera.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'cache-control': 'private, no-cache',
        etag: `"${sha256(imagen)}"`,
        'x-content-type-options': 'nosniff',
      });
      const revalidada = await pedir(tokens.consulta, primera.headers.etag as string);
      expect(revalidada.statusCode).toBe(304);
      expect(revalidada.rawPayload.length).toBe(0);
      expect(revalidada.headers['cache-control']).toBe('private, no-cache');

      // Whoever may not see the expediente learns nothing, even holding the ETag.
      const tesorera = (await stack.idp().tokensFor('tesorera')).access_token;
      const ajena = await pedir(tesorera, primera.headers.etag as string);
      expect(ajena.statusCode).toBe(404);
    });

    it('answers 404 for unknown documents and 401 without a token', async () => {
      expect((await as.consulta.get('/api/documentos/99999999/descargar')).statusCode).toBe(404);
      expect((await as.consulta.get('/api/documentos/abc/vista')).statusCode).toBe(404);
      expect((await stack.app().inject({ method: 'GET', url: '/api/documentos/1/descargar' })).statusCode).toBe(401);
    });
  });

  describe('anular', () => {
    it('marks a document void with its reason, once; keeps it in the índice; consulta may not; closed refuses', async () => {
      const expediente = await crearExpediente();
      const documento = await subirUno(expediente.id_expediente, 'error.pdf', samplePdf('error'));
      const url = `/api/documentos/${documento.id_documento}/anular`;

      expect((await as.consulta.post(url, { motivo: 'No debería poder' })).statusCode).toBe(403);
      const corto = await as.gestor.post(url, { motivo: '   ab   ' });
      expect(corto.statusCode).toBe(400);
      expect(corto.json().msg).toBe('El campo «motivo» debe tener al menos 5 caracteres.');

      const anulado = await as.gestor.post(url, { motivo: '  Subido por error  ' });
      expect(anulado.statusCode, anulado.body).toBe(200);
      expect(anulado.json()).toMatchObject({
        msg: 'Documento nº 1 «error.pdf» anulado.',
        data: {
          anulado: true,
          motivo_anulacion: 'Subido por error',
          anulado_por: { username: 'gestor' },
          hash_entrada: documento.hash_entrada,
        },
      });
      expect((await historial(expediente.id_expediente)).at(-1)).toEqual({
        evento: 'documento_anulado',
        descripcion: 'Anuló el documento nº 1 «error.pdf» (Subido por error).',
        motivo: 'Subido por error',
      });
      const otraVez = await as.gestor.post(url, { motivo: 'Otra vez más' });
      expect(otraVez.statusCode).toBe(409);
      expect(otraVez.json().msg).toBe('El documento ya está anulado.');

      // The same file may come in again once the old copy is void; the chain stays valid.
      const nuevo = await subirUno(expediente.id_expediente, 'correcto.pdf', samplePdf('error'));
      expect(nuevo.orden).toBe(2);
      expect(
        (await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/verificar`)).json().data.correcto,
      ).toBe(true);

      await cerrar(expediente);
      const cerrado = await as.gestor.post(`/api/documentos/${nuevo.id_documento}/anular`, {
        motivo: 'Tarde para esto',
      });
      expect(cerrado.statusCode).toBe(409);
      expect(cerrado.json().msg).toBe('El expediente está cerrado.');
    });
  });

  describe('verificar', () => {
    it('needs its own permission: consulta gets 403, and no verification starts', async () => {
      const expediente = await crearExpediente();
      await subirUno(expediente.id_expediente, 'solo.pdf', samplePdf('solo'));
      const response = await as.consulta.post(`/api/expedientes/${expediente.id_expediente}/verificar`);
      expect(response.statusCode).toBe(403);
      expect(await stack.app().db.query(`SELECT 1 FROM trabajo WHERE cola = 'verificacion'`)).toEqual([]);
    });

    it('runs one verification per expediente at a time: another answers 409 until it ends', async () => {
      const expediente = await crearExpediente();
      await subirUno(expediente.id_expediente, 'turno.pdf', samplePdf('turno'));
      const db = stack.app().db;
      const url = `/api/expedientes/${expediente.id_expediente}/verificar`;
      // Another instance is verifying it right now.
      await db.query(
        `INSERT INTO trabajo (cola, clave, estado, intentos, testigo, tomado_por, tomado_hasta)
         VALUES ('verificacion', $1, 'en_curso', 1, nextval('trabajo_testigo_seq'), 'otra', now() + interval '1 minute')`,
        [String(expediente.id_expediente)],
      );
      const ocupado = await as.admin.post(url);
      expect(ocupado.statusCode).toBe(409);
      expect(ocupado.json()).toMatchObject({ code: 'VERIFICACION_EN_CURSO' });
      expect(ocupado.json().msg).toContain('Ya se está verificando la integridad de este expediente.');

      // That instance stopped mid-way: once its lease expires, its turn is taken over.
      await db.query(`UPDATE trabajo SET tomado_hasta = now() - interval '1 second' WHERE cola = 'verificacion'`);
      expect((await as.gestor.post(url)).json().data).toMatchObject({ correcto: true });
      expect(await db.query(`SELECT 1 FROM trabajo WHERE cola = 'verificacion'`)).toEqual([]);

      // Two at once from here: exactly one runs.
      const respuestas = await Promise.all([as.gestor.post(url), as.admin.post(url), as.gestor.post(url)]);
      expect(respuestas.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      expect(respuestas.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      expect(await db.query(`SELECT 1 FROM trabajo WHERE cola = 'verificacion'`)).toEqual([]);
    });

    it('answers 503 in Spanish while an administrator has paused the verifications', async () => {
      const expediente = await crearExpediente();
      const db = stack.app().db;
      await db.query(`UPDATE cola SET pausada = true WHERE nombre = 'verificacion'`);
      try {
        const respuesta = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/verificar`);
        expect(respuesta.statusCode).toBe(503);
        expect(respuesta.json().msg).toBe(
          'Las verificaciones de integridad están en pausa: un administrador las detuvo. Inténtelo más tarde.',
        );
      } finally {
        await db.query(`UPDATE cola SET pausada = false WHERE nombre = 'verificacion'`);
      }
    });

    it('reports a stored file altered on disk and one missing', async () => {
      const expediente = await crearExpediente();
      const a = await subirUno(expediente.id_expediente, 'a.pdf', samplePdf('a'));
      const b = await subirUno(expediente.id_expediente, 'b.pdf', samplePdf('b'));
      await subirUno(expediente.id_expediente, 'c.pdf', samplePdf('c'));
      const ruta = await rutaDe(a.id_documento);
      const bytes = await readFile(ruta);
      bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
      await writeFile(ruta, bytes);
      await unlink(await rutaDe(b.id_documento));

      const response = await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/verificar`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.msg).toBe('Se encontraron 2 incidencias.');
      expect(body.data).toMatchObject({ correcto: false, documentos_verificados: 3 });
      expect(body.data.incidencias.map((i: { orden: number; tipo: string }) => [i.orden, i.tipo])).toEqual([
        [1, 'archivo_alterado'],
        [2, 'archivo_ausente'],
      ]);
    });

    it('detects a tampered row: the entry no longer matches its hash, and a re-hashed entry breaks the chain', async () => {
      const expediente = await crearExpediente();
      await subirUno(expediente.id_expediente, 'uno.pdf', samplePdf('uno'));
      const dos = await subirUno(expediente.id_expediente, 'dos.pdf', samplePdf('dos'));
      await subirUno(expediente.id_expediente, 'tres.pdf', samplePdf('tres'));
      // Only the schema's owner could do this; the API's role may not (db/api-privileges).
      const db = stack.testApp().owner();
      await db.exec('ALTER TABLE documento DISABLE TRIGGER documento_inmutable');
      try {
        await db.query(`UPDATE documento SET nombre = 'cambiado.pdf' WHERE id_documento = $1`, [dos.id_documento]);
        const alterada = (await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/verificar`)).json().data;
        expect(alterada.incidencias.map((i: { orden: number; tipo: string }) => [i.orden, i.tipo])).toEqual([
          [2, 'entrada_alterada'],
        ]);

        // A forger who also recomputes the entry's hash breaks the link to the next entry.
        const reencadenada = hashEntrada({
          ...dos,
          nombre: 'cambiado.pdf',
          tipo_documental: dos.tipo_documental.nombre,
          fecha_incorporacion: new Date(dos.fecha_incorporacion),
        });
        await db.query('UPDATE documento SET hash_entrada = $2 WHERE id_documento = $1', [
          dos.id_documento,
          reencadenada,
        ]);
        const rota = (await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/verificar`)).json().data;
        expect(rota.incidencias.map((i: { orden: number; tipo: string }) => [i.orden, i.tipo])).toEqual([
          [3, 'cadena_rota'],
        ]);

        // A removed entry leaves a gap and a dangling link.
        await db.query('DELETE FROM documento WHERE id_documento = $1', [dos.id_documento]);
        const hueco = (await as.gestor.post(`/api/expedientes/${expediente.id_expediente}/verificar`)).json().data;
        expect(hueco.incidencias.map((i: { orden: number; tipo: string }) => [i.orden, i.tipo])).toEqual([
          [3, 'cadena_rota'],
          [3, 'cadena_rota'],
        ]);
      } finally {
        await db.exec('ALTER TABLE documento ENABLE TRIGGER documento_inmutable');
      }
    });
  });
});
