import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../../../testing/test-stack';
import { extraccionDePrueba } from './testing/extraccion-de-prueba';
import { until } from '../../../shared/jobs/testing/job-test-kit';
import {
  pdfConTexto,
  pdfDeMuchasPaginas,
  pdfDePaginaEnorme,
  pdfDePaginasEnBlanco,
  pdfEscaneado,
} from './testing/archivos-con-texto';
import { crearExpediente, filaTexto, subirArchivo } from './testing/subir';

const stack = useTestStack();
let idExpediente: number;

beforeAll(async () => {
  idExpediente = await crearExpediente(stack, 'Archivos hostiles');
});

// Each test reads large or hostile files in child processes: minutes on a loaded machine, not seconds.
describe(
  'hostile files, each in its own process with limits, end in «error» and the API goes on',
  { timeout: 120_000 },
  () => {
    afterAll(async () => {
      await stack.app().db.query(`DELETE FROM trabajo WHERE cola = 'texto'`);
    });

    it('a PDF with 10.000 pages', async () => {
      const id = await subirArchivo(stack, idExpediente, 'enorme.pdf', pdfDeMuchasPaginas(10_000));
      const t = extraccionDePrueba(stack, { config: { paginasMax: 2000 } });
      await t.procesarPendientes();
      await t.detener();
      const motivo = 'El PDF tiene 10.000 páginas; solo se lee el texto de los PDF de hasta 2.000 páginas.';
      expect(await filaTexto(stack, id)).toMatchObject({
        estado: 'error',
        motivo,
        trabajo: { estado: 'fallido', intentos: 1, motivo },
      });
    });

    it('an image that needs more memory than allowed, and one that takes too long; then a normal file', async () => {
      // 10.000 × 10.000 white pixels: a few hundred KB as PNG, hundreds of MB once decoded.
      const enorme = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      const memoria = await subirArchivo(stack, idExpediente, 'plano.png', enorme);
      const t = extraccionDePrueba(stack, { config: { memoriaMaxMb: 256 } });
      await t.procesarPendientes();
      await t.detener();
      // Stopped by the extraction's own limit, or by the same limit on the tesseract program it runs.
      expect(await filaTexto(stack, memoria)).toMatchObject({
        estado: 'error',
        motivo: expect.stringMatching(
          /^(La extracción superó 256 MB de memoria y se detuvo|No se pudo leer una página por OCR con 256 MB de memoria)\.$/,
        ),
      });

      const lento = await subirArchivo(
        stack,
        idExpediente,
        'escaneo-lento.pdf',
        await pdfEscaneado(Array(6).fill('Página escaneada de la peña')),
      );
      const conPrisa = extraccionDePrueba(stack, { config: { tiempoMaxMs: 1_500 } });
      await conPrisa.procesarPendientes();
      await conPrisa.detener();
      expect(await filaTexto(stack, lento)).toMatchObject({
        estado: 'error',
        motivo: 'La extracción tardó más de 1,5 s y se detuvo.',
      });

      const normal = await subirArchivo(stack, idExpediente, 'normal.pdf', await pdfConTexto(['Todo sigue en orden']));
      const sano = extraccionDePrueba(stack);
      await sano.procesarPendientes();
      await sano.detener();
      expect(await filaTexto(stack, normal)).toMatchObject({ estado: 'indexado' });
      expect((await (await stack.as('consulta')).get(`/api/expedientes/${idExpediente}/documentos`)).statusCode).toBe(
        200,
      );
    });
  },
);

/** Every pending job of the queue becomes available now (skips the wait before a retry). */
const sinEspera = () =>
  stack.app().db.query(`UPDATE trabajo SET disponible_desde = now() WHERE cola = 'texto' AND estado = 'pendiente'`);

describe(
  'limits hold for the whole extraction, and a document that broke one is not tried again',
  { timeout: 120_000 },
  () => {
    it('a 611-byte PDF with a 5 × 5 m «scanned» page fails for good at the first attempt, without drawing it', async () => {
      const id = await subirArchivo(stack, idExpediente, 'plano-enorme.pdf', pdfDePaginaEnorme('escaneada'));
      const t = extraccionDePrueba(stack);
      expect(await t.procesarPendientes()).toBe(1);
      const motivo =
        'La página 1 del PDF mide 508 × 508 cm: es demasiado grande para leerla por OCR (a 100 ppp pasaría de 40 megapíxeles).';
      expect(await filaTexto(stack, id)).toMatchObject({
        estado: 'error',
        motivo,
        trabajo: { estado: 'fallido', intentos: 1, motivo },
      });
      await sinEspera();
      expect(await t.procesarPendientes()).toBe(0);
      await t.detener();
    });

    it('the same page with nothing but a line is not read by OCR: «sin texto» at the first attempt', async () => {
      const id = await subirArchivo(stack, idExpediente, 'lamina.pdf', pdfDePaginaEnorme('vectorial'));
      const t = extraccionDePrueba(stack);
      expect(await t.procesarPendientes()).toBe(1);
      await t.detener();
      expect(await filaTexto(stack, id)).toMatchObject({ estado: 'sin_texto', trabajo: null });
    });

    it('2.000 blank vector pages are not read by OCR: «sin texto» at the first attempt', async () => {
      const id = await subirArchivo(stack, idExpediente, 'en-blanco.pdf', pdfDePaginasEnBlanco(2000, 'vectoriales'));
      const t = extraccionDePrueba(stack);
      expect(await t.procesarPendientes()).toBe(1);
      await t.detener();
      expect(await filaTexto(stack, id)).toMatchObject({ estado: 'sin_texto', trabajo: null });
      const [fila] = await stack
        .app()
        .db.query<{ paginas: number; paginas_ocr: number }>(
          'SELECT paginas, paginas_ocr FROM documento_texto WHERE id_documento = $1',
          [id],
        );
      expect(fila).toEqual({ paginas: 2000, paginas_ocr: 0 });
    });

    it('the memory limit holds for what the extraction starts: a page drawn past it fails for good, at once', async () => {
      // The same bytes as above: another expediente (one expediente holds a file once).
      const otro = await crearExpediente(stack, 'Planos');
      const id = await subirArchivo(stack, otro, 'plano-a-dibujar.pdf', pdfDePaginaEnorme('escaneada'));
      // Allowed to draw it at a gigapixel: pdftoppm would need a gigabyte, the group has 256 MB.
      const t = extraccionDePrueba(stack, { config: { megapixelesMax: 1000, memoriaMaxMb: 256 } });
      expect(await t.procesarPendientes()).toBe(1);
      await t.detener();
      const fila = await filaTexto(stack, id);
      expect(fila).toMatchObject({ estado: 'error', trabajo: { estado: 'fallido', intentos: 1 } });
      expect(fila.motivo).toMatch(/256 MB de memoria/);
    });

    it('one hostile document holds one worker, not the queue: a .txt uploaded after it is indexed while it runs', async () => {
      const db = stack.app().db;
      // 2.000 scans of blank sheets: each is drawn and read by OCR, for many minutes.
      const hostil = await subirArchivo(stack, idExpediente, 'escaneos.pdf', pdfDePaginasEnBlanco(2000, 'escaneadas'));
      const t = extraccionDePrueba(stack, { config: { trabajos: 2, tiempoMaxMs: 600_000 } });
      t.jobs.start();
      await until(
        async () => (await filaTexto(stack, hostil)).trabajo?.estado === 'en_curso',
        'the hostile document to be taken',
      );
      const texto = await subirArchivo(stack, idExpediente, 'despues.txt', Buffer.from('Acta de la sesión ordinaria'));
      t.jobs.wake('texto');
      await until(async () => (await filaTexto(stack, texto)).estado === 'indexado', 'the .txt to be indexed', 60_000);
      expect(await filaTexto(stack, hostil)).toMatchObject({
        estado: 'pendiente',
        trabajo: { estado: 'en_curso', intentos: 1 },
      });
      // The instance stops: the hostile document goes back to the queue without spending its attempt.
      await t.detener();
      expect(await filaTexto(stack, hostil)).toMatchObject({ trabajo: { estado: 'pendiente', intentos: 0 } });

      // Past its time limit it fails for good, after that one attempt.
      const conLimite = extraccionDePrueba(stack, { config: { tiempoMaxMs: 3_000 } });
      expect(await conLimite.procesarPendientes()).toBe(1);
      // Its CPU time is held to the same 3 s: on a busy machine the clock may run out first, or the CPU.
      const fila = await filaTexto(stack, hostil);
      expect(fila).toMatchObject({ estado: 'error', trabajo: { estado: 'fallido', intentos: 1, motivo: fila.motivo } });
      expect(fila.motivo).toMatch(/^La extracción (tardó más de 3 s|superó 3 s de CPU) y se detuvo\.$/);
      await db.query(`UPDATE trabajo SET disponible_desde = now() WHERE cola = 'texto'`);
      expect(await conLimite.procesarPendientes()).toBe(0);
      await conLimite.detener();
    });
  },
);
