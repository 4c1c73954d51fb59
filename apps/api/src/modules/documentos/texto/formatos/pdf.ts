import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ErrorDeExtraccion, numeroLegible, type OpcionesExtraccion, type ResultadoExtraccion } from '../resultado';
import { ocrDisponible, reconocerTexto } from '../ocr';
import { SIN_OCR } from './imagen';
import { miniaturaDe } from './miniatura';

/** A page with fewer letters than this in its text layer is taken for a scan and read by OCR. */
const LETRAS_MIN_POR_PAGINA = 16;
/** Resolution of the pages rendered for OCR: Tesseract reads body text best around 200–300 ppp. */
const PPP_OCR = 200;

/** `pdftoppm` (poppler-utils) renders one page to PNG on its standard output. */
function renderizarPagina(ruta: string, pagina: number, argumentos: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      'pdftoppm',
      ['-f', String(pagina), '-l', String(pagina), ...argumentos, '-png', ruta],
      { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout) => {
        if (error) {
          const falta = (error as NodeJS.ErrnoException).code === 'ENOENT';
          reject(
            new ErrorDeExtraccion(
              falta
                ? 'Falta pdftoppm (paquete de Debian poppler-utils) para leer las páginas escaneadas.'
                : `No se pudo dibujar la página ${pagina} del PDF.`,
              !falta,
            ),
          );
        } else resolve(stdout);
      },
    );
  });
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
    throw new ErrorDeExtraccion(`El PDF está dañado o cifrado (${(error as Error).message.split('\n')[0]}).`, true);
  }
  try {
    const paginas = pdf.numPages;
    if (paginas > opciones.paginasMax) {
      throw new ErrorDeExtraccion(
        `El PDF tiene ${numeroLegible(paginas)} páginas; solo se lee el texto de los PDF de hasta ${numeroLegible(opciones.paginasMax)} páginas.`,
        true,
      );
    }
    const textos: string[] = [];
    const escaneadas: number[] = [];
    for (let numero = 1; numero <= paginas; numero++) {
      const pagina = await pdf.getPage(numero);
      const contenido = await pagina.getTextContent();
      let texto = '';
      for (const item of contenido.items) {
        if (!('str' in item)) continue;
        texto += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pagina.cleanup();
      textos.push(texto);
      if ((texto.match(/\p{L}/gu)?.length ?? 0) < LETRAS_MIN_POR_PAGINA) escaneadas.push(numero);
    }

    const miniatura = await miniaturaDe(sharp(await renderizarPagina(ruta, 1, ['-scale-to', '640']))).catch(
      () => undefined,
    );
    let paginasOcr = 0;
    let sinTexto: string | undefined;
    if (escaneadas.length > 0) {
      if (await ocrDisponible(opciones.tessdataDir)) {
        for (const numero of escaneadas) {
          const imagen = await renderizarPagina(ruta, numero, ['-r', String(PPP_OCR), '-gray']);
          textos[numero - 1] = `${textos[numero - 1]}\n${await reconocerTexto(imagen, opciones.tessdataDir)}`;
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
