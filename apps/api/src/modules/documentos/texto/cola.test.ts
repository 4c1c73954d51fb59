import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtraccionConfig } from '../../../config';
import { createPgDatabase } from '../../../db/pg-database';
import type { DocumentStorage } from '../../../storage/document-storage';
import { useTestStack } from '../../../testing/test-stack';
import { TrabajadorTexto } from './trabajador';
import { imagenConTexto, pdfConTexto, pdfDeMuchasPaginas, pdfEscaneado } from './testing/archivos-con-texto';
import { crearExpediente, filaTexto, subirArchivo } from './testing/subir';

const stack = useTestStack();
let idExpediente: number;
let config: ExtraccionConfig;
const silencio = { ...console, child: () => silencio, warn() {}, info() {}, error() {}, debug() {} } as never;

beforeAll(async () => {
  idExpediente = await crearExpediente(stack, 'Licencias de apertura');
  config = { ...stack.testApp().config.extraccion, trabajos: 1 };
});

/** A worker on the test app's database and storage, with these limits. */
function trabajador(cambios: Partial<ExtraccionConfig> = {}, storage?: DocumentStorage): TrabajadorTexto {
  const app = stack.app();
  return new TrabajadorTexto({
    db: app.db,
    storage: storage ?? app.storage,
    config: { ...config, ...cambios },
    log: silencio,
  });
}

/** Every pending document becomes available now (skips the wait before a retry). */
const sinEspera = () =>
  stack.app().db.query(`UPDATE documento_texto SET disponible_desde = now() WHERE estado = 'pendiente'`);

describe('the queue of text extraction', () => {
  it('an upload only queues its document: pendiente until a worker reads it, then indexado with a thumbnail', async () => {
    const id = await subirArchivo(
      stack,
      idExpediente,
      'resolucion.pdf',
      await pdfConTexto(['Resolución favorable de la licencia']),
    );
    const gestor = await stack.as('gestor');
    const antes = (await gestor.get(`/api/expedientes/${idExpediente}/documentos`)).json().data;
    expect(antes.find((d: { id_documento: number }) => d.id_documento === id)).toMatchObject({
      texto: { estado: 'pendiente', motivo: null },
      miniatura: false,
    });
    expect((await gestor.get(`/api/documentos/${id}/miniatura`)).statusCode).toBe(404);

    const t = trabajador();
    try {
      expect(await t.procesarPendientes()).toBe(1);
    } finally {
      await t.detener();
    }
    const despues = (await gestor.get(`/api/expedientes/${idExpediente}/documentos`)).json().data;
    expect(despues.find((d: { id_documento: number }) => d.id_documento === id)).toMatchObject({
      texto: { estado: 'indexado', motivo: null, paginas: 1, paginas_ocr: 0 },
      miniatura: true,
    });
    expect((await filaTexto(stack, id)).texto).toContain('Resolución favorable de la licencia');
    const miniatura = await gestor.get(`/api/documentos/${id}/miniatura`);
    expect(miniatura.statusCode).toBe(200);
    expect(miniatura.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(miniatura.rawPayload).metadata()).toMatchObject({ format: 'jpeg' });
  });

  it('without the Spanish model an image ends «sin texto (OCR no disponible)», once, with its thumbnail', async () => {
    const id = await subirArchivo(stack, idExpediente, 'escaneo.png', await imagenConTexto('Acta de la peña'));
    const t = trabajador({ tessdataDir: '/nonexistent/tessdata' });
    try {
      expect(await t.procesarPendientes()).toBe(1);
      expect(await t.procesarPendientes()).toBe(0);
    } finally {
      await t.detener();
    }
    expect(await filaTexto(stack, id)).toMatchObject({ estado: 'sin_texto', motivo: 'OCR no disponible', intentos: 1 });
    const gestor = await stack.as('gestor');
    const listado = (await gestor.get(`/api/expedientes/${idExpediente}/documentos`)).json().data;
    expect(listado.find((d: { id_documento: number }) => d.id_documento === id)).toMatchObject({
      texto: { estado: 'sin_texto', motivo: 'OCR no disponible' },
      miniatura: true,
    });
  });

  it('retries a failure that may pass, after a wait, and succeeds', async () => {
    const id = await subirArchivo(
      stack,
      idExpediente,
      'informe.pdf',
      await pdfConTexto(['Informe técnico de la obra']),
    );
    const caido: DocumentStorage = { ...stack.app().storage, read: () => Promise.reject(new Error('S3 no responde')) };
    const fallando = trabajador({}, caido);
    await fallando.procesarPendientes();
    await fallando.detener();
    expect(await filaTexto(stack, id)).toMatchObject({
      estado: 'pendiente',
      motivo: 'No se pudo leer el archivo del almacenamiento.',
      intentos: 1,
    });
    const [espera] = await stack
      .app()
      .db.query<{ segundos: number }>(
        'SELECT extract(epoch FROM disponible_desde - now())::float AS segundos FROM documento_texto WHERE id_documento = $1',
        [id],
      );
    expect(espera!.segundos).toBeGreaterThan(20);
    // Not before its time…
    const sano = trabajador();
    expect(await sano.procesarPendientes()).toBe(0);
    // …then it works.
    await sinEspera();
    expect(await sano.procesarPendientes()).toBe(1);
    await sano.detener();
    expect(await filaTexto(stack, id)).toMatchObject({ estado: 'indexado', motivo: null, intentos: 2 });
  });

  it('gives up after the last attempt: «error» with the reason', async () => {
    const id = await subirArchivo(stack, idExpediente, 'acta.pdf', await pdfConTexto(['Acta de replanteo']));
    const caido: DocumentStorage = { ...stack.app().storage, read: () => Promise.reject(new Error('disco lleno')) };
    const fallando = trabajador({ intentosMax: 2 }, caido);
    await fallando.procesarPendientes();
    await sinEspera();
    await fallando.procesarPendientes();
    await sinEspera();
    expect(await fallando.procesarPendientes()).toBe(0);
    await fallando.detener();
    expect(await filaTexto(stack, id)).toMatchObject({
      estado: 'error',
      motivo: 'No se pudo leer el archivo del almacenamiento. Se agotaron los 2 intentos.',
      intentos: 2,
    });
  });

  it('a document held by a process that died is taken again once its lease expires, within the attempts', async () => {
    const db = stack.app().db;
    const id = await subirArchivo(stack, idExpediente, 'decreto.pdf', await pdfConTexto(['Decreto de alcaldía']));
    await db.query(
      `UPDATE documento_texto SET tomado_por = 'otra-instancia', tomado_hasta = now() + interval '1 hour', intentos = 1
       WHERE id_documento = $1`,
      [id],
    );
    const t = trabajador();
    expect(await t.procesarPendientes()).toBe(0);
    await db.query(`UPDATE documento_texto SET tomado_hasta = now() - interval '1 second' WHERE id_documento = $1`, [
      id,
    ]);
    expect(await t.procesarPendientes()).toBe(1);
    expect(await filaTexto(stack, id)).toMatchObject({ estado: 'indexado', intentos: 2 });

    // One that killed its process at every attempt (each lease expired) is not tried forever.
    const otro = await subirArchivo(stack, idExpediente, 'venenoso.pdf', await pdfConTexto(['Documento venenoso']));
    await db.query(
      `UPDATE documento_texto SET tomado_por = 'muerta', tomado_hasta = now() - interval '1 second', intentos = $2
       WHERE id_documento = $1`,
      [otro, config.intentosMax],
    );
    expect(await t.procesarPendientes()).toBe(1);
    await t.detener();
    expect(await filaTexto(stack, otro)).toMatchObject({
      estado: 'error',
      motivo: `Se agotaron los ${config.intentosMax} intentos.`,
    });
  });

  it('two workers with their own connections never take the same document', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        await subirArchivo(
          stack,
          idExpediente,
          `notificacion-${i}.pdf`,
          await pdfConTexto([`Notificación número ${i}`]),
        ),
      );
    }
    const { app, database } = stack.testApp();
    const otraConexion = createPgDatabase(database!.url);
    const a = trabajador();
    const b = new TrabajadorTexto({ db: otraConexion, storage: app.storage, config, log: silencio });
    try {
      const [hechosA, hechosB] = await Promise.all([a.procesarPendientes(), b.procesarPendientes()]);
      expect(hechosA + hechosB).toBe(6);
    } finally {
      await a.detener();
      await b.detener();
      await otraConexion.close();
    }
    for (const id of ids) expect(await filaTexto(stack, id)).toMatchObject({ estado: 'indexado', intentos: 1 });
  });
});

describe('hostile files, each in its own process with limits, end in «error» and the API goes on', () => {
  afterAll(async () => {
    await stack.app().db.query(`UPDATE documento_texto SET estado = 'error' WHERE estado = 'pendiente'`);
  });

  it('a PDF with 10.000 pages', async () => {
    const id = await subirArchivo(stack, idExpediente, 'enorme.pdf', pdfDeMuchasPaginas(10_000));
    const t = trabajador({ paginasMax: 2000 });
    await t.procesarPendientes();
    await t.detener();
    expect(await filaTexto(stack, id)).toMatchObject({
      estado: 'error',
      motivo: 'El PDF tiene 10.000 páginas; solo se lee el texto de los PDF de hasta 2.000 páginas.',
      intentos: 1,
    });
  });

  it('an image that needs more memory than allowed, and one that takes too long; then a normal file', async () => {
    // 10.000 × 10.000 white pixels: a few hundred KB as PNG, hundreds of MB once decoded.
    const enorme = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const memoria = await subirArchivo(stack, idExpediente, 'plano.png', enorme);
    const t = trabajador({ memoriaMaxMb: 256, intentosMax: 1 });
    await t.procesarPendientes();
    await t.detener();
    expect(await filaTexto(stack, memoria)).toMatchObject({
      estado: 'error',
      motivo: 'La extracción superó 256 MB de memoria y se detuvo. Se agotó el único intento.',
    });

    const lento = await subirArchivo(
      stack,
      idExpediente,
      'escaneo-lento.pdf',
      await pdfEscaneado(Array(6).fill('Página escaneada de la peña')),
    );
    const conPrisa = trabajador({ tiempoMaxMs: 1_500, intentosMax: 1 });
    await conPrisa.procesarPendientes();
    await conPrisa.detener();
    expect(await filaTexto(stack, lento)).toMatchObject({
      estado: 'error',
      motivo: 'La extracción tardó más de 1,5 s y se detuvo. Se agotó el único intento.',
    });

    const normal = await subirArchivo(stack, idExpediente, 'normal.pdf', await pdfConTexto(['Todo sigue en orden']));
    const sano = trabajador();
    await sano.procesarPendientes();
    await sano.detener();
    expect(await filaTexto(stack, normal)).toMatchObject({ estado: 'indexado' });
    expect((await (await stack.as('consulta')).get(`/api/expedientes/${idExpediente}/documentos`)).statusCode).toBe(
      200,
    );
  });
});
