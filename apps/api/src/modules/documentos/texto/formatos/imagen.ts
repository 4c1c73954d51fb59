import sharp from 'sharp';
import { ErrorDeExtraccion, type OpcionesExtraccion, type ResultadoExtraccion } from '../resultado';
import { ocrDisponible, reconocerTexto } from '../ocr';
import { miniaturaDe } from './miniatura';
import { cifra } from '../../../../shared/numeros';

/** An A3 page scanned at 600 ppp is ~70 million pixels; a header claiming far more is a decompression bomb. */
const PIXELES_MAX = 120_000_000;

export const SIN_OCR = 'OCR no disponible';

/** PNG, JPEG and TIFF (every page of a multi-page TIFF): OCR in Spanish, and a thumbnail of the first page. */
export async function extraerImagen(ruta: string, opciones: OpcionesExtraccion): Promise<ResultadoExtraccion> {
  const abrir = (pagina: number) => sharp(ruta, { page: pagina, limitInputPixels: PIXELES_MAX, failOn: 'error' });
  let paginas: number;
  let miniatura;
  try {
    const metadatos = await abrir(0).metadata();
    paginas = metadatos.pages ?? 1;
    if (paginas > opciones.paginasMax) {
      throw new ErrorDeExtraccion(
        `La imagen tiene ${cifra(paginas)} páginas; solo se lee el texto de las imágenes de hasta ${cifra(opciones.paginasMax)} páginas.`,
        true,
      );
    }
    miniatura = await miniaturaDe(abrir(0));
  } catch (error) {
    if (error instanceof ErrorDeExtraccion) throw error;
    throw imagenDanada(error);
  }
  if (!(await ocrDisponible(opciones.tessdataDir))) {
    return { texto: '', paginas, paginasOcr: 0, sinTexto: SIN_OCR, miniatura };
  }
  const textos: string[] = [];
  for (let pagina = 0; pagina < paginas; pagina++) {
    const png = await abrir(pagina)
      .rotate()
      .greyscale()
      .png({ compressionLevel: 1 })
      .toBuffer()
      .catch((error: unknown) => {
        throw imagenDanada(error);
      });
    textos.push(await reconocerTexto(png, opciones.tessdataDir, opciones.herramientas));
  }
  return { texto: textos.join('\n\n'), paginas, paginasOcr: paginas, miniatura };
}

function imagenDanada(error: unknown): ErrorDeExtraccion {
  const detalle = (error as Error).message ?? '';
  if (/pixel limit/i.test(detalle)) {
    return new ErrorDeExtraccion('La imagen declara un tamaño desmesurado; no se lee.', true);
  }
  return new ErrorDeExtraccion('La imagen está dañada o no se puede leer.', true);
}
