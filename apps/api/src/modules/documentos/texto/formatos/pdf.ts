import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { PDFPageProxy } from 'unpdf/pdfjs';
import { conLimites } from '../limites-proceso';
import { unirTrozos } from './trozos-de-texto';
import { ErrorDeExtraccion, type OpcionesExtraccion, type ResultadoExtraccion } from '../resultado';
import { ocrDisponible, reconocerTexto } from '../ocr';
import { SIN_OCR } from './imagen';
import { miniaturaDe } from './miniatura';
import { cifra } from '../../../../shared/numeros';

/** A page with fewer letters than this in its text layer, and an image on it, is taken for a scan and read by OCR. */
const LETRAS_MIN_POR_PAGINA = 16;
/** Resolution of the pages drawn for OCR: Tesseract reads body text best around 200–300 ppp. */
const PPP_OCR = 200;
/** Below this body text is too small to read: a page that would need less to fit is too large for OCR. */
const PPP_MIN = 100;
/** pdftoppm exits with this when the tool it was asked to run is missing, started through prlimit. */
const NO_SE_PUDO_EJECUTAR = 127;

type Medida = { ancho: number; alto: number } | { lado: number };

/**
 * `pdftoppm` (poppler-utils) draws one page to PNG on its standard output, at exactly the size
 * asked for (never what the file claims its page measures), under the kernel limits `herramientas`.
 */
async function renderizarPagina(
  ruta: string,
  pagina: number,
  medida: Medida,
  opciones: Pick<OpcionesExtraccion, 'herramientas'> & { gris?: boolean },
): Promise<Buffer> {
  const tamano =
    'lado' in medida
      ? ['-scale-to', String(medida.lado)]
      : ['-scale-to-x', String(medida.ancho), '-scale-to-y', String(medida.alto)];
  const { comando, argumentos } = await conLimites(
    'pdftoppm',
    ['-f', String(pagina), '-l', String(pagina), ...tamano, ...(opciones.gris ? ['-gray'] : []), '-png', ruta],
    opciones.herramientas,
  );
  const { memoriaMb, cpuS } = opciones.herramientas;
  const sinMemoria = () =>
    new ErrorDeExtraccion(
      `No se pudo dibujar la página ${pagina} del PDF con ${cifra(memoriaMb)} MB de memoria.`,
      true,
    );
  const png = await new Promise<Buffer>((resolve, reject) => {
    execFile(comando, argumentos, { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => {
      if (error) {
        const falta = error.code === 'ENOENT' || error.code === NO_SE_PUDO_EJECUTAR;
        reject(
          falta
            ? new ErrorDeExtraccion(
                'Falta pdftoppm (paquete de Debian poppler-utils) para leer las páginas escaneadas.',
                false,
              )
            : error.signal === 'SIGXCPU'
              ? new ErrorDeExtraccion(
                  `Dibujar la página ${pagina} del PDF superó ${cifra(cpuS)} s de CPU y se detuvo.`,
                  true,
                )
              : new ErrorDeExtraccion(`No se pudo dibujar la página ${pagina} del PDF.`, true),
        );
      } else if (stdout.length === 0) reject(sinMemoria());
      else resolve(stdout);
    });
  });
  // Out of its address space, pdftoppm says so on stderr and draws a page of one pixel instead.
  if ('ancho' in medida) {
    const { width = 0, height = 0 } = await sharp(png).metadata();
    if (Math.abs(width - medida.ancho) > 1 || Math.abs(height - medida.alto) > 1) throw sinMemoria();
  }
  return png;
}

/** Drawing operations that paint an image: a page without any has nothing for OCR to read. */
async function operacionesDeImagen(): Promise<Set<number>> {
  const { getResolvedPDFJS } = await import('unpdf');
  const { OPS } = await getResolvedPDFJS();
  return new Set([
    OPS.paintImageXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObject,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
  ]);
}

/** What the page measures in points once drawn (rotation and `UserUnit` included). */
function medidaEnPuntos(pagina: PDFPageProxy): { ancho: number; alto: number } {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = pagina.view;
  const unidad = (pagina as { userUnit?: number }).userUnit ?? 1;
  const ancho = Math.abs(x1 - x0) * unidad;
  const alto = Math.abs(y1 - y0) * unidad;
  return pagina.rotate % 180 === 0 ? { ancho, alto } : { ancho: alto, alto: ancho };
}

/**
 * The pixels to draw a page in for OCR: at 200 ppp, or at the resolution that keeps it within
 * `megapixelesMax`. A page that would need less than 100 ppp to fit is refused for good: drawing
 * it would take gigabytes (a 611-byte PDF may declare a page of 5 × 5 metres), reading it at that
 * resolution would find nothing.
 */
export function medidaParaOcr(
  puntos: { ancho: number; alto: number },
  numero: number,
  megapixelesMax: number,
): { ancho: number; alto: number } {
  const pulgadas = { ancho: puntos.ancho / 72, alto: puntos.alto / 72 };
  const ppp = Math.min(PPP_OCR, Math.sqrt((megapixelesMax * 1e6) / (pulgadas.ancho * pulgadas.alto)));
  if (!(ppp >= PPP_MIN)) {
    const cm = (pt: number) => cifra(Math.round((pt / 72) * 2.54));
    throw new ErrorDeExtraccion(
      `La página ${numero} del PDF mide ${cm(puntos.ancho)} × ${cm(puntos.alto)} cm: es demasiado grande para leerla por OCR (a ${PPP_MIN} ppp pasaría de ${cifra(megapixelesMax)} megapíxeles).`,
      true,
    );
  }
  return {
    ancho: Math.max(1, Math.round(pulgadas.ancho * ppp)),
    alto: Math.max(1, Math.round(pulgadas.alto * ppp)),
  };
}

/**
 * PDF: the text layer of each page (unpdf, PDF.js); the pages without one (scans) by OCR in
 * Spanish; a thumbnail of the first page. A PDF with more than `paginasMax` pages is refused
 * before any page is read.
 */
export async function extraerPdf(ruta: string, opciones: OpcionesExtraccion): Promise<ResultadoExtraccion> {
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(await readFile(ruta)), {
      isEvalSupported: false,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (error) {
    throw new ErrorDeExtraccion(motivoDeApertura(error), true);
  }
  try {
    const paginas = pdf.numPages;
    if (paginas > opciones.paginasMax) {
      throw new ErrorDeExtraccion(
        `El PDF tiene ${cifra(paginas)} páginas; solo se lee el texto de los PDF de hasta ${cifra(opciones.paginasMax)} páginas.`,
        true,
      );
    }
    const textos: string[] = [];
    /** Pages without a text layer but with an image (scans), and the pixels to draw each in. */
    const escaneadas: { numero: number; medida: { ancho: number; alto: number } }[] = [];
    const imagenes = await operacionesDeImagen();
    for (let numero = 1; numero <= paginas; numero++) {
      const pagina = await pdf.getPage(numero);
      const texto = unirTrozos((await pagina.getTextContent()).items);
      textos.push(texto);
      if ((texto.match(/\p{L}/gu)?.length ?? 0) < LETRAS_MIN_POR_PAGINA && (await tieneImagen(pagina, imagenes))) {
        escaneadas.push({ numero, medida: medidaParaOcr(medidaEnPuntos(pagina), numero, opciones.megapixelesMax) });
      }
      pagina.cleanup();
    }

    const miniatura = await renderizarPagina(ruta, 1, { lado: 640 }, opciones)
      .then((png) => miniaturaDe(sharp(png)))
      .catch(() => undefined);
    let paginasOcr = 0;
    let sinTexto: string | undefined;
    if (escaneadas.length > 0) {
      if (await ocrDisponible(opciones.tessdataDir)) {
        for (const { numero, medida } of escaneadas) {
          const imagen = await renderizarPagina(ruta, numero, medida, { ...opciones, gris: true });
          textos[numero - 1] =
            `${textos[numero - 1]}\n${await reconocerTexto(imagen, opciones.tessdataDir, opciones.herramientas)}`;
          paginasOcr++;
        }
      } else {
        sinTexto = SIN_OCR;
      }
    }
    const texto = textos.join('\n\n');
    return { texto, paginas, paginasOcr, miniatura, ...(sinTexto ? { sinTexto } : {}) };
  } finally {
    await pdf.destroy();
  }
}

/** Whether the page paints an image (a page it cannot list is taken for one without). */
async function tieneImagen(pagina: PDFPageProxy, imagenes: Set<number>): Promise<boolean> {
  const operaciones = await pagina.getOperatorList().catch(() => undefined);
  return operaciones?.fnArray.some((operacion) => imagenes.has(operacion)) ?? false;
}

/** Why PDF.js could not open the file, as people read it: never PDF.js's own English message. */
function motivoDeApertura(error: unknown): string {
  switch ((error as { name?: string }).name ?? '') {
    case 'PasswordException':
      return 'El PDF está protegido con contraseña: guárdelo sin contraseña para que se pueda leer su texto.';
    case 'InvalidPDFException':
      return 'El PDF está dañado: no se puede leer su estructura.';
    default:
      return 'El PDF está dañado o no se puede leer.';
  }
}
