import { Readable } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../../db/pg-database';
import type { DocumentStorage } from '../../../storage/document-storage';
import { memoryLog } from '../../../testing/memory-log';
import { useTestStack } from '../../../testing/test-stack';
import { gate } from '../../../shared/jobs/testing/job-test-kit';
import { guardarResultado } from './cola';
import { extraccionDePrueba } from './testing/extraccion-de-prueba';
import { imagenConTexto, pdfConTexto } from './testing/archivos-con-texto';
import { crearExpediente, filaTexto, subirArchivo } from './testing/subir';

const stack = useTestStack();
let idExpediente: number;

beforeAll(async () => {
  idExpediente = await crearExpediente(stack, 'Licencias de apertura');
});

/** Every pending job of the queue becomes available now (skips the wait before a retry). */
const sinEspera = () =>
  stack.app().db.query(`UPDATE trabajo SET disponible_desde = now() WHERE cola = 'texto' AND estado = 'pendiente'`);

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
    expect((await filaTexto(stack, id)).trabajo).toMatchObject({ estado: 'pendiente', intentos: 0 });

    const t = extraccionDePrueba(stack);
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
    const fila = await filaTexto(stack, id);
    expect(fila.texto).toContain('Resolución favorable de la licencia');
    expect(fila.trabajo).toBeNull();
    const miniatura = await gestor.get(`/api/documentos/${id}/miniatura`);
    expect(miniatura.statusCode).toBe(200);
    expect(miniatura.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(miniatura.rawPayload).metadata()).toMatchObject({ format: 'jpeg' });
  });

  it('without the Spanish model an image ends «sin texto (OCR no disponible)», once, with its thumbnail', async () => {
    const id = await subirArchivo(stack, idExpediente, 'escaneo.png', await imagenConTexto('Acta de la peña'));
    const t = extraccionDePrueba(stack, { config: { tessdataDir: '/nonexistent/tessdata' } });
    try {
      expect(await t.procesarPendientes()).toBe(1);
      expect(await t.procesarPendientes()).toBe(0);
    } finally {
      await t.detener();
    }
    expect(await filaTexto(stack, id)).toMatchObject({
      estado: 'sin_texto',
      motivo: 'OCR no disponible',
      trabajo: null,
    });
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
    const fallando = extraccionDePrueba(stack, { storage: caido });
    await fallando.procesarPendientes();
    await fallando.detener();
    const fila = await filaTexto(stack, id);
    expect(fila).toMatchObject({
      estado: 'pendiente',
      trabajo: { estado: 'pendiente', intentos: 1, motivo: 'No se pudo leer el archivo del almacenamiento.' },
    });
    expect(fila.trabajo!.espera_s).toBeGreaterThan(20);
    // Not before its time…
    const sano = extraccionDePrueba(stack);
    expect(await sano.procesarPendientes()).toBe(0);
    // …then it works.
    await sinEspera();
    expect(await sano.procesarPendientes()).toBe(1);
    await sano.detener();
    expect(await filaTexto(stack, id)).toMatchObject({ estado: 'indexado', motivo: null, trabajo: null });
  });

  it('gives up after the last attempt: «error» with the reason', async () => {
    const id = await subirArchivo(stack, idExpediente, 'acta.pdf', await pdfConTexto(['Acta de replanteo']));
    const caido: DocumentStorage = { ...stack.app().storage, read: () => Promise.reject(new Error('disco lleno')) };
    const fallando = extraccionDePrueba(stack, { storage: caido, config: { intentosMax: 2 } });
    await fallando.procesarPendientes();
    await sinEspera();
    await fallando.procesarPendientes();
    await sinEspera();
    expect(await fallando.procesarPendientes()).toBe(0);
    await fallando.detener();
    const motivo = 'No se pudo leer el archivo del almacenamiento. Se agotaron los 2 intentos.';
    expect(await filaTexto(stack, id)).toMatchObject({
      estado: 'error',
      motivo,
      trabajo: { estado: 'fallido', intentos: 2, motivo },
    });
  });

  it('a download that does not end counts within the time limit: the attempt ends, to be tried again', async () => {
    const id = await subirArchivo(stack, idExpediente, 'lento.pdf', await pdfConTexto(['Archivo que no llega']));
    const atascado: DocumentStorage = {
      ...stack.app().storage,
      // Answers, then never sends a byte (a stalled connection to the bucket).
      read: async () => new Readable({ read() {} }),
    };
    const t = extraccionDePrueba(stack, { storage: atascado, config: { tiempoMaxMs: 1_000 } });
    await t.procesarPendientes();
    await t.detener();
    expect(await filaTexto(stack, id)).toMatchObject({
      estado: 'pendiente',
      trabajo: {
        estado: 'pendiente',
        intentos: 1,
        motivo: 'No se pudo leer el archivo del almacenamiento. No terminó de leerse a tiempo.',
      },
    });
    await sinEspera();
    const sano = extraccionDePrueba(stack);
    expect(await sano.procesarPendientes()).toBe(1);
    await sano.detener();
  });

  it('a result of a take whose lease was lost is not stored, and its log never says «texto extraído»', async () => {
    const db = stack.app().db;
    const id = await subirArchivo(stack, idExpediente, 'disputado.pdf', await pdfConTexto(['Texto del documento']));
    const leyendo = gate();
    const seguir = gate();
    // The first instance's download stalls until the test lets it go on.
    const lento: DocumentStorage = {
      ...stack.app().storage,
      read: async (clave) => {
        leyendo.open();
        await seguir.promise;
        return stack.app().storage.read(clave);
      },
    };
    const registro = memoryLog();
    const primera = extraccionDePrueba(stack, { storage: lento, log: registro.log });
    const enCurso = primera.procesarPendientes();
    await leyendo.promise;
    // Its lease runs out (a frozen instance); another instance takes the document over and stores its text.
    await db.query(
      `UPDATE trabajo SET tomado_hasta = now() - interval '1 second' WHERE cola = 'texto' AND clave = $1`,
      [String(id)],
    );
    await db.query(`UPDATE documento_texto SET texto = 'de la segunda' WHERE id_documento = $1`, [id]);
    const segundaLee = gate();
    const segundaSigue = gate();
    // The second take holds the job (reading) while the first one finishes.
    const segunda = extraccionDePrueba(stack, {
      storage: {
        ...stack.app().storage,
        read: async (clave) => {
          segundaLee.open();
          await segundaSigue.promise;
          return stack.app().storage.read(clave);
        },
      },
    });
    const otra = segunda.procesarPendientes();
    await segundaLee.promise;
    seguir.open();
    await enCurso;
    expect((await filaTexto(stack, id)).texto).toBe('de la segunda');
    expect(registro.lines.map((linea) => linea.msg)).not.toContain('texto extraído');
    expect(registro.lines.map((linea) => linea.msg)).toContain(
      'trabajos: otro trabajador tiene el trabajo; no se guarda el resultado de este intento',
    );
    segundaSigue.open();
    expect(await otra).toBe(1);
    await primera.detener();
    await segunda.detener();
    expect(await filaTexto(stack, id)).toMatchObject({ estado: 'indexado', texto: 'Texto del documento' });
  });

  it('text and thumbnail are stored in one transaction: a thumbnail refused leaves the text unstored too', async () => {
    const db = stack.app().db;
    const id = await subirArchivo(stack, idExpediente, 'atomico.txt', Buffer.from('Texto que no debe quedar solo'));
    await expect(
      db.transaction((tx) =>
        guardarResultado(tx, id, {
          texto: 'Texto que no debe quedar solo',
          paginas: 1,
          paginasOcr: 0,
          miniatura: { imagen: new Uint8Array([1]), ancho: 0, alto: 0 },
        }),
      ),
    ).rejects.toThrow();
    expect(await filaTexto(stack, id)).toMatchObject({ estado: 'pendiente', texto: null });
    const [miniatura] = await db.query('SELECT 1 FROM documento_miniatura WHERE id_documento = $1', [id]);
    expect(miniatura).toBeUndefined();
    const t = extraccionDePrueba(stack);
    expect(await t.procesarPendientes()).toBe(1);
    await t.detener();
  });

  /** What an approved acta de eliminación does to a document (the retention tests drive the real one). */
  async function destruir(id: number, { bytes }: { bytes: boolean }) {
    const db = stack.app().db;
    const [usuario] = await db.query<{ id_usuario: number }>(
      'SELECT id_usuario FROM usuario ORDER BY id_usuario LIMIT 1',
    );
    const [acta] = await db.query<{ id: number }>(
      `INSERT INTO acta_eliminacion (motivo, creada_por) VALUES ('Plazo de conservación cumplido', $1) RETURNING id`,
      [usuario!.id_usuario],
    );
    await db.query('UPDATE documento SET destruido_en = now(), id_acta_eliminacion = $2 WHERE id_documento = $1', [
      id,
      acta!.id,
    ]);
    await db.query('DELETE FROM documento_texto WHERE id_documento = $1', [id]);
    await db.query('DELETE FROM documento_miniatura WHERE id_documento = $1', [id]);
    if (bytes) {
      const [{ clave } = { clave: '' }] = await db.query<{ clave: string }>(
        'SELECT clave_almacen::text AS clave FROM documento WHERE id_documento = $1',
        [id],
      );
      await stack.app().storage.remove(clave);
    }
  }
  const restos = async (id: number) => {
    const db = stack.app().db;
    const [cuenta] = await db.query<{ texto: number; miniatura: number; trabajo: number }>(
      `SELECT (SELECT count(*)::integer FROM documento_texto WHERE id_documento = $1) AS texto,
              (SELECT count(*)::integer FROM documento_miniatura WHERE id_documento = $1) AS miniatura,
              (SELECT count(*)::integer FROM trabajo WHERE cola = 'texto' AND clave = $1::text) AS trabajo`,
      [id],
    );
    return cuenta;
  };

  it('a document an acta destroyed before its turn is not read: its job ends without a failure', async () => {
    const id = await subirArchivo(stack, idExpediente, 'caducado.pdf', await pdfConTexto(['Licencia caducada']));
    await destruir(id, { bytes: true });
    const registro = memoryLog();
    const t = extraccionDePrueba(stack, { log: registro.log });
    try {
      expect(await t.procesarPendientes()).toBe(1);
    } finally {
      await t.detener();
    }
    expect(await restos(id)).toEqual({ texto: 0, miniatura: 0, trabajo: 0 });
    expect(registro.lines.map((linea) => linea.msg)).not.toContain('extracción de texto: no se pudo leer el archivo');
  });

  it('a document an acta destroys while its bytes are read keeps neither its text nor its thumbnail', async () => {
    const id = await subirArchivo(stack, idExpediente, 'leido.pdf', await pdfConTexto(['Informe que se elimina']));
    const leyendo = gate();
    const seguir = gate();
    const lento: DocumentStorage = {
      ...stack.app().storage,
      read: async (clave) => {
        const bytes = await stack.app().storage.read(clave);
        leyendo.open();
        await seguir.promise;
        return bytes;
      },
    };
    const t = extraccionDePrueba(stack, { storage: lento });
    const enCurso = t.procesarPendientes();
    await leyendo.promise;
    await destruir(id, { bytes: false });
    seguir.open();
    try {
      expect(await enCurso).toBe(1);
    } finally {
      await t.detener();
    }
    expect(await restos(id)).toEqual({ texto: 0, miniatura: 0, trabajo: 0 });
  });

  it('a document held by a process that died is taken again once its lease expires, within the attempts', async () => {
    const db = stack.app().db;
    const id = await subirArchivo(stack, idExpediente, 'decreto.pdf', await pdfConTexto(['Decreto de alcaldía']));
    await db.query(
      `UPDATE trabajo SET estado = 'en_curso', testigo = nextval('trabajo_testigo_seq'), tomado_por = 'otra-instancia',
         tomado_hasta = now() + interval '1 hour', intentos = 1
       WHERE cola = 'texto' AND clave = $1`,
      [String(id)],
    );
    const t = extraccionDePrueba(stack);
    expect(await t.procesarPendientes()).toBe(0);
    await db.query(`UPDATE trabajo SET tomado_hasta = now() - interval '1 second' WHERE clave = $1`, [String(id)]);
    expect(await t.procesarPendientes()).toBe(1);
    expect(await filaTexto(stack, id)).toMatchObject({ estado: 'indexado', trabajo: null });

    // One that killed its process at every attempt (each lease expired) is not tried forever.
    const otro = await subirArchivo(stack, idExpediente, 'venenoso.pdf', await pdfConTexto(['Documento venenoso']));
    const intentosMax = stack.testApp().config.extraccion.intentosMax;
    await db.query(
      `UPDATE trabajo SET estado = 'en_curso', testigo = nextval('trabajo_testigo_seq'), tomado_por = 'muerta',
         tomado_hasta = now() - interval '1 second', intentos = $2
       WHERE cola = 'texto' AND clave = $1`,
      [String(otro), intentosMax],
    );
    expect(await t.procesarPendientes()).toBe(1);
    await t.detener();
    expect(await filaTexto(stack, otro)).toMatchObject({
      estado: 'error',
      motivo: `Se interrumpió sin terminar en cada intento. Se agotaron los ${intentosMax} intentos.`,
    });
  });

  it('two instances with their own connections never take the same document', async () => {
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
    const otraConexion = createPgDatabase(stack.testApp().database!.url);
    const a = extraccionDePrueba(stack);
    const b = extraccionDePrueba(stack, { db: otraConexion });
    try {
      const [hechosA, hechosB] = await Promise.all([a.procesarPendientes(), b.procesarPendientes()]);
      expect(hechosA + hechosB).toBe(6);
    } finally {
      await a.detener();
      await b.detener();
      await otraConexion.close();
    }
    for (const id of ids) expect(await filaTexto(stack, id)).toMatchObject({ estado: 'indexado', trabajo: null });
  });
});
