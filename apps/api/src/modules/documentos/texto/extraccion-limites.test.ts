import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../../../testing/test-stack';
import { extraccionDePrueba } from './testing/extraccion-de-prueba';
import { pdfConTexto, pdfDeMuchasPaginas, pdfEscaneado } from './testing/archivos-con-texto';
import { crearExpediente, filaTexto, subirArchivo } from './testing/subir';

const stack = useTestStack();
let idExpediente: number;

beforeAll(async () => {
  idExpediente = await crearExpediente(stack, 'Archivos hostiles');
});

describe('hostile files, each in its own process with limits, end in «error» and the API goes on', () => {
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
    const t = extraccionDePrueba(stack, { config: { memoriaMaxMb: 256, intentosMax: 1 } });
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
    const conPrisa = extraccionDePrueba(stack, { config: { tiempoMaxMs: 1_500, intentosMax: 1 } });
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
});
