import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { normalizarCsv } from '@ecodigital/contracts/verificacion';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStorage } from '../../storage/document-storage';
import type { LocalStorageConfig } from '../../storage/storage-config';
import { callerQueVeTodo } from '../../testing/callers';
import type { ApiClient, DemoUsername } from '../../testing/api-client';
import { iniciarPersonas } from '../../testing/personas';
import { useTestStack } from '../../testing/test-stack';
import { sampleDocx, samplePdf, samplePng } from '../documentos/inspection/testing/sample-files';
import { crearExpediente, subirArchivo } from '../documentos/texto/testing/subir';
import { herramienta } from '../eni/testing/tools';
import { MENSAJES_VERIFICACION } from '../verificacion/verificacion.mensajes';
import { MENSAJES_COPIAS } from './copias.mensajes';
import { foliarExpediente } from './foliado.service';
import { pdfCifrado } from './testing/pdfs';

const sha256 = (datos: Buffer) => createHash('sha256').update(datos).digest('hex');

/**
 * The whole expediente as one foliated PDF, and copias auténticas with their Código Seguro de
 * Verificación: real PostgreSQL, the real dev IdP, the development seal; read back with poppler
 * (`pdftotext`, `pdfsig`).
 */
describe('foliated expediente and copia auténtica (real PostgreSQL, real dev IdP, pdftotext, pdfsig)', () => {
  const stack = useTestStack({ env: { URL_PUBLICA: 'https://sede.ejemplo.es/', FOLIADO_DOCUMENTO_MAX_MB: '1' } });
  const as = {} as Record<DemoUsername, ApiClient>;
  let dir: string;
  let idExpediente: number;
  let numero: string;
  const ids = {} as Record<'pdf' | 'png' | 'docx' | 'cifrado' | 'anulado', number>;
  const huellas = {} as Record<keyof typeof ids, string>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'copias-'));
    Object.assign(as, (await iniciarPersonas(stack)).as);
    idExpediente = await crearExpediente(stack, 'Licencia de obra mayor en la calle Real');
    numero = (await as.gestor.get(`/api/expedientes/${idExpediente}`)).json().data.numero;
    ids.pdf = await subirArchivo(stack, idExpediente, 'resolucion.pdf', samplePdf('Resolucion de concesion'));
    ids.png = await subirArchivo(stack, idExpediente, 'plano.png', samplePng({ width: 60, height: 30 }));
    ids.docx = await subirArchivo(stack, idExpediente, 'memoria.docx', sampleDocx(), 'Informe');
    ids.cifrado = await subirArchivo(stack, idExpediente, 'cifrado.pdf', pdfCifrado());
    ids.anulado = await subirArchivo(stack, idExpediente, 'borrador.pdf', samplePdf('Borrador'));
    const anulacion = await as.gestor.post(`/api/documentos/${ids.anulado}/anular`, {
      motivo: 'Sustituido por la resolución',
    });
    expect(anulacion.statusCode, anulacion.body).toBe(200);
    const documentos = (await as.gestor.get(`/api/expedientes/${idExpediente}/documentos`)).json().data as {
      id_documento: number;
      huella: string;
    }[];
    for (const [clave, id] of Object.entries(ids)) {
      huellas[clave as keyof typeof ids] = documentos.find((documento) => documento.id_documento === id)!.huella;
    }
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function guardar(nombre: string, bytes: Buffer): Promise<string> {
    const archivo = path.join(dir, nombre);
    await writeFile(archivo, bytes);
    return archivo;
  }

  /** The text of each page, as poppler reads it. */
  async function paginasDeTexto(bytes: Buffer, nombre: string): Promise<string[]> {
    const { ok, salida } = await herramienta('pdftotext', ['-enc', 'UTF-8', await guardar(nombre, bytes), '-']);
    expect(ok, salida).toBe(true);
    return salida.split('\f').slice(0, -1);
  }

  const eventos = async (evento: string) =>
    stack
      .app()
      .db.query<{ descripcion: string }>('SELECT descripcion FROM historial WHERE id_expediente = $1 AND evento = $2', [
        idExpediente,
        evento,
      ]);

  describe('GET /api/expedientes/:id/foliado', () => {
    it('gives the índice and every document in índice order, each page «Folio n de N · Expediente <número>»', async () => {
      const respuesta = await as.consulta.get(`/api/expedientes/${idExpediente}/foliado`);
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      expect(respuesta.headers['content-type']).toBe('application/pdf');
      expect(respuesta.headers['content-disposition']).toContain(`expediente-${numero}-foliado.pdf`);
      const pdf = respuesta.rawPayload;
      const total = (await PDFDocument.load(pdf)).getPageCount();
      const paginas = await paginasDeTexto(pdf, 'foliado.pdf');
      expect(paginas).toHaveLength(total);
      paginas.forEach((texto, i) =>
        expect(texto, `página ${i + 1}`).toContain(`Folio ${i + 1} de ${total} · Expediente ${numero}`),
      );

      // The índice first, then one page per document: the PDF, the image, and three that stand for one.
      const [resolucion, plano, memoria, cifrado, borrador] = paginas.slice(-5);
      expect(paginas[0]).toContain(`Índice electrónico del expediente ${numero}`);
      expect(paginas.slice(0, -5).join('')).not.toContain('Resolucion de concesion');
      expect(resolucion).toContain('Resolucion de concesion');
      expect(plano).toContain('Documento nº 2: plano.png');
      expect(memoria).toContain('Documento nº 3: memoria.docx');
      expect(memoria).toContain(huellas.docx);
      expect(memoria).toContain('Informe');
      expect(memoria).toContain('formato DOCX');
      expect(cifrado).toContain('Documento nº 4: cifrado.pdf');
      expect(cifrado).toContain(huellas.cifrado);
      expect(cifrado).toContain('cifrado o no se puede leer');
      expect(borrador).toContain('Documento nº 5: borrador.pdf');
      expect(borrador).toContain(huellas.anulado);
      expect(borrador).toContain('Documento anulado');
      expect(borrador).not.toContain('Borrador');

      expect(await eventos('expediente_foliado')).toEqual([
        { descripcion: `Descargó el expediente foliado en PDF (${total} folios).` },
      ]);
    });

    it('answers 404 for an expediente outside the caller’s visibility, as for one that does not exist', async () => {
      const ajena = await as.tesorera.get(`/api/expedientes/${idExpediente}/foliado`);
      expect(ajena.statusCode).toBe(404);
      const inexistente = await as.tesorera.get('/api/expedientes/999999/foliado');
      expect(inexistente.statusCode).toBe(404);
      expect(ajena.json().msg).toBe(inexistente.json().msg);
    });

    it('names on a page, with its hash, a document above FOLIADO_DOCUMENTO_MAX_MB, and gives the rest', async () => {
      const grande = await crearExpediente(stack, 'Expediente con planos pesados');
      await subirArchivo(stack, grande, 'planos.pdf', samplePdf('Planos', { paddingKb: 1100 }));
      await subirArchivo(stack, grande, 'informe.pdf', samplePdf('Informe favorable'));
      const respuesta = await as.gestor.get(`/api/expedientes/${grande}/foliado`);
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      const [planos, informe] = (await paginasDeTexto(respuesta.rawPayload, 'foliado-grande.pdf')).slice(-2);
      expect(planos).toContain('Documento nº 1: planos.pdf');
      expect(planos).toContain(MENSAJES_COPIAS.foliadoDocumentoDemasiadoGrande(2, 1).slice(0, 60));
      expect(planos).not.toContain('Planos');
      expect(informe).toContain('Informe favorable');
    });

    describe('streamed (the service, on a storage that records what is read)', () => {
      let idStream: number;
      let numeroStream: string;
      const claves = {} as Record<'primero' | 'segundo' | 'tercero', string>;

      beforeAll(async () => {
        idStream = await crearExpediente(stack, 'Expediente para la copia foliada por partes');
        numeroStream = (await as.gestor.get(`/api/expedientes/${idStream}`)).json().data.numero;
        for (const nombre of ['primero', 'segundo', 'tercero'] as const) {
          const id = await subirArchivo(stack, idStream, `${nombre}.pdf`, samplePdf(`Documento ${nombre}`));
          const [fila] = await stack
            .app()
            .db.query<{ clave: string }>('SELECT clave_almacen::text AS clave FROM documento WHERE id_documento = $1', [
              id,
            ]);
          claves[nombre] = fila!.clave;
        }
      });

      /**
       * The app's storage, with `read` answering `alterar(clave, vez)` when it gives bytes (the
       * `vez`-th read of that key, from 1) and calling `antes(clave, vez)` first.
       */
      function almacen(opciones: {
        antes?: (clave: string, vez: number) => void;
        alterar?: (clave: string, vez: number) => Buffer | undefined;
      }): DocumentStorage {
        const base = stack.app().storage;
        const lecturas = new Map<string, number>();
        return Object.assign(Object.create(base) as DocumentStorage, {
          read: async (clave: string) => {
            const vez = (lecturas.get(clave) ?? 0) + 1;
            lecturas.set(clave, vez);
            opciones.antes?.(clave, vez);
            const otros = opciones.alterar?.(clave, vez);
            return otros ? Readable.from([otros]) : base.read(clave);
          },
        });
      }

      const foliar = async (storage: DocumentStorage) => {
        const [usuario] = await stack
          .app()
          .db.query<{ id_usuario: number }>('SELECT id_usuario FROM usuario ORDER BY id_usuario LIMIT 1');
        return foliarExpediente(
          { db: stack.app().db, storage, maxBytesDocumento: 1024 * 1024 },
          callerQueVeTodo(usuario!.id_usuario),
          idStream,
        );
      };

      it('has written the first documents before it reads the last one the second time', async () => {
        // The stream, once the first pass has given it: the second reads happen while it flows.
        const salida: { pdf?: Readable } = {};
        const recibidos: Buffer[] = [];
        let escritosAlLeerElUltimo: number | undefined;
        const storage = almacen({
          antes: (clave, vez) => {
            // What the stream had been given by then: what the reader took and what waits for it.
            if (clave === claves.tercero && vez === 2) {
              escritosAlLeerElUltimo = Buffer.concat(recibidos).length + salida.pdf!.readableLength;
            }
          },
        });
        const foliado = await foliar(storage);
        const pdf = (salida.pdf = foliado.pdf);
        // 'data' as each chunk is given, not an async iterator's later turn: what was given is counted.
        pdf.on('data', (trozo: Buffer) => recibidos.push(trozo));
        await finished(pdf);
        const todo = Buffer.concat(recibidos);
        expect(escritosAlLeerElUltimo).toBeDefined();
        const antes = todo.subarray(0, escritosAlLeerElUltimo).toString('latin1');
        // Page contents are copied as they were: the first two documents' are there, the third's not yet.
        expect(antes).toContain('(Documento primero) Tj');
        expect(antes).toContain('(Documento segundo) Tj');
        expect(antes).not.toContain('(Documento tercero) Tj');

        const info = await herramienta('pdfinfo', [await guardar('foliado-stream-info.pdf', todo)]);
        expect(info.ok, info.salida).toBe(true);
        expect(info.salida).not.toMatch(/error/i);
        expect(info.salida).toMatch(new RegExp(`^Pages:\\s+${foliado.folios}$`, 'm'));
        const paginas = await paginasDeTexto(todo, 'foliado-stream.pdf');
        expect(paginas).toHaveLength(foliado.folios);
        paginas.forEach((texto, i) =>
          expect(texto).toContain(`Folio ${i + 1} de ${foliado.folios} · Expediente ${numeroStream}`),
        );
        expect(paginas.slice(-3).map((texto) => texto.split('\n')[0])).toEqual([
          'Documento primero',
          'Documento segundo',
          'Documento tercero',
        ]);
      });

      it('cuts the stream short when a document changed after its folios were counted', async () => {
        const storage = almacen({
          alterar: (clave, vez) =>
            clave === claves.segundo && vez === 2 ? samplePdf('Documento cambiado') : undefined,
        });
        const foliado = await foliar(storage);
        const recibidos: Buffer[] = [];
        const leer = async () => {
          for await (const trozo of foliado.pdf) recibidos.push(trozo as Buffer);
        };
        await expect(leer()).rejects.toThrow(/nº 2 .*cambió o desapareció/);
        const recibido = Buffer.concat(recibidos).toString('latin1');
        expect(recibido).toContain('(Documento primero) Tj');
        expect(recibido).not.toContain('Documento cambiado');
        expect(recibido).not.toContain('%%EOF');
      });
    });
  });

  describe('POST /api/documentos/:id/copia-autentica', () => {
    it('stamps every page with the CSV, the address and the date, signs it (pdfsig) and the public endpoint resolves it', async () => {
      const creada = await as.gestor.post(`/api/documentos/${ids.pdf}/copia-autentica`);
      expect(creada.statusCode, creada.body).toBe(201);
      const copia = creada.json().data;
      expect(copia.csv).toMatch(/^([A-HJ-NP-Z2-9]{4}-){6}[A-HJ-NP-Z2-9]{4}$/);
      expect(copia.url_verificacion).toBe(`https://sede.ejemplo.es/verificacion/${copia.csv}`);
      expect(copia).toMatchObject({ id_documento: ids.pdf, nombre: 'resolucion (copia auténtica).pdf', paginas: 1 });

      const verificacion = await stack.app().inject({ method: 'GET', url: `/api/verificacion/${copia.csv}` });
      expect(verificacion.statusCode, verificacion.body).toBe(200);
      expect(verificacion.json().data).toMatchObject({
        csv: copia.csv,
        clase: 'copia_autentica',
        descripcion: `Copia auténtica del documento nº 1 «resolucion.pdf» del expediente ${numero}`,
        expediente: { numero },
        motivo: null,
        firmado_en: copia.creada_en,
        solo_desarrollo: true,
        copia: { tipo: 'application/pdf', tamano: copia.tamano, sha256: copia.sha256 },
      });

      const descarga = await stack.app().inject({ method: 'GET', url: `/api/verificacion/${copia.csv}/descarga` });
      expect(descarga.statusCode, descarga.body).toBe(200);
      expect(descarga.headers['content-disposition']).toContain(`copia-autentica-${numero}-resolucion-`);
      const pdf = descarga.rawPayload;
      expect(sha256(pdf)).toBe(copia.sha256);

      const pdfsig = await herramienta('pdfsig', [await guardar('copia.pdf', pdf)]);
      expect(pdfsig.salida).toMatch(/Signature Validation: Signature is Valid/);
      expect(pdfsig.salida).toMatch(/ETSI\.CAdES\.detached/);
      expect(pdfsig.salida).toMatch(/Total document signed/);

      const fecha = new Intl.DateTimeFormat('es-ES', {
        timeZone: 'Europe/Madrid',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date(copia.creada_en));
      const paginas = await paginasDeTexto(pdf, 'copia-texto.pdf');
      expect(paginas).toHaveLength(1);
      for (const texto of paginas) {
        expect(texto).toContain('Resolucion de concesion');
        expect(texto).toContain(`Código seguro de verificación (CSV): ${copia.csv}`);
        expect(texto.replace(/\s+/g, '')).toContain(copia.url_verificacion);
        expect(texto).toContain(`Fecha: ${fecha}`);
      }

      const [registro] = await stack
        .app()
        .db.query<{ id_copia: number | null }>(
          'SELECT id_copia FROM consulta_verificacion WHERE descarga ORDER BY id_consulta DESC LIMIT 1',
        );
      expect(registro!.id_copia).toBe(copia.id_copia);
      expect((await eventos('copia_autentica')).map((evento) => evento.descripcion)).toContain(
        `Hizo una copia auténtica del documento nº 1 «resolucion.pdf» (CSV ${copia.csv}).`,
      );
    });

    it('never hands out a copy whose stored file was altered or removed: 503 in Spanish, not the bytes', async () => {
      const copia = (await as.gestor.post(`/api/documentos/${ids.pdf}/copia-autentica`)).json().data;
      const [fila] = await stack
        .app()
        .db.query<{ clave: string }>('SELECT clave_almacen::text AS clave FROM copia_autentica WHERE id_copia = $1', [
          copia.id_copia,
        ]);
      const dir = (stack.testApp().config.storage as LocalStorageConfig).dir;
      const ruta = path.join(dir, fila!.clave.slice(0, 2), fila!.clave.slice(2, 4), fila!.clave);
      const descargar = () => stack.app().inject({ method: 'GET', url: `/api/verificacion/${copia.csv}/descarga` });
      expect((await descargar()).statusCode).toBe(200);

      const bytes = await readFile(ruta);
      bytes[200] = bytes[200]! ^ 0x01;
      await writeFile(ruta, bytes);
      const alterada = await descargar();
      expect(alterada.statusCode).toBe(503);
      expect(alterada.json().msg).toBe(MENSAJES_VERIFICACION.copiaNoDisponible);

      await unlink(ruta);
      const ausente = await descargar();
      expect(ausente.statusCode).toBe(503);
      expect(ausente.json().msg).toBe(MENSAJES_VERIFICACION.copiaNoDisponible);
    });

    it('gives each copy its own unguessable code, also for an image', async () => {
      const una = (await as.gestor.post(`/api/documentos/${ids.png}/copia-autentica`)).json().data;
      const otra = (await as.gestor.post(`/api/documentos/${ids.png}/copia-autentica`)).json().data;
      expect(normalizarCsv(una.csv)).not.toBeNull();
      expect(una.csv).not.toBe(otra.csv);
      expect(una.paginas).toBe(1);
    });

    it('refuses (409, in Spanish) another format, an unreadable PDF and an anulado; 404 outside the caller’s visibility', async () => {
      const docx = await as.gestor.post(`/api/documentos/${ids.docx}/copia-autentica`);
      expect(docx.statusCode).toBe(409);
      expect(docx.json().msg).toBe(MENSAJES_COPIAS.formatoSinCopia);
      const cifrado = await as.gestor.post(`/api/documentos/${ids.cifrado}/copia-autentica`);
      expect(cifrado.statusCode).toBe(409);
      expect(cifrado.json().msg).toBe(MENSAJES_COPIAS.originalIlegible);
      const anulado = await as.gestor.post(`/api/documentos/${ids.anulado}/copia-autentica`);
      expect(anulado.statusCode).toBe(409);
      expect(anulado.json().msg).toBe(MENSAJES_COPIAS.anulado);
      const ajena = await as.tesorera.post(`/api/documentos/${ids.pdf}/copia-autentica`);
      expect(ajena.statusCode).toBe(404);
    });
  });

  it('once the expediente is closed, the foliated PDF opens with the signed índice as stored', async () => {
    for (const estado of ['en_tramite', 'cerrado']) {
      const actual = (await as.gestor.get(`/api/expedientes/${idExpediente}`)).json().data;
      const cambio = await as.gestor.post(`/api/expedientes/${idExpediente}/estado`, {
        estado,
        version: actual.version,
      });
      expect(cambio.statusCode, cambio.body).toBe(200);
    }
    const [firma] = await stack
      .app()
      .db.query<{ pdf: Buffer }>('SELECT pdf FROM indice_firmado WHERE id_expediente = $1', [idExpediente]);
    const firmado = await paginasDeTexto(Buffer.from(firma!.pdf), 'indice-firmado.pdf');
    const foliado = await paginasDeTexto(
      (await as.gestor.get(`/api/expedientes/${idExpediente}/foliado`)).rawPayload,
      'foliado-cerrado.pdf',
    );
    // The same «Fecha de generación»: the stored signature's índice, not one drawn now.
    const generacion = /Fecha de generación: [^\n]+/;
    expect(foliado[0]!.match(generacion)?.[0]).toBe(firmado[0]!.match(generacion)?.[0]);
  });
});
