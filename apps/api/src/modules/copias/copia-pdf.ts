import QRCode from 'qrcode';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import {
  A4,
  ampliarAbajo,
  GRIS,
  incrustarFuentes,
  partirLineas,
  puntoVisible,
  representable,
  tamanoVisible,
  type Fuentes,
} from './pagina';
import { fechaEspana } from '../../shared/dates';

/**
 * The copia auténtica of a stored PDF or image (decision 0403): every page of the original, unchanged,
 * with a band added below it (the page grows; nothing of the original is covered) that carries the
 * Código Seguro de Verificación, a QR code of the verification address, that address as text and the
 * date. Signing it is the caller's (PAdES, with the seal).
 */

/** Height of the band added below every page, in points. */
const ALTO_ESTAMPA = 78;
const LADO_QR = 62;
const MARGEN = 8;

export interface DatosEstampa {
  /** The code, grouped in fours. */
  csv: string;
  /** The verification address printed and encoded in the QR. */
  url: string;
  fecha: Date;
  numeroExpediente: string;
  documento: { orden: number; nombre: string };
}

export class OriginalIlegible extends Error {}

/** The original's pages (a PDF) or one A4 page with the image; `OriginalIlegible` when it cannot be read. */
async function paginasDelOriginal(bytes: Uint8Array, formato: 'PDF' | 'JPEG' | 'PNG'): Promise<PDFDocument> {
  try {
    if (formato === 'PDF') {
      const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
      if (pdf.getPageCount() === 0) throw new OriginalIlegible('sin páginas');
      // A fresh document with the pages only: the original's form fields, signatures and scripts stay out.
      const copia = await PDFDocument.create();
      for (const pagina of await copia.copyPages(pdf, pdf.getPageIndices())) copia.addPage(pagina);
      return copia;
    }
    const copia = await PDFDocument.create();
    const imagen = formato === 'JPEG' ? await copia.embedJpg(bytes) : await copia.embedPng(bytes);
    const [ancho, alto] = A4;
    const pagina = copia.addPage(A4);
    const escala = Math.min(1, (ancho - 72) / imagen.width, (alto - 72) / imagen.height);
    const w = imagen.width * escala;
    const h = imagen.height * escala;
    pagina.drawImage(imagen, { x: (ancho - w) / 2, y: alto - 36 - h, width: w, height: h });
    return copia;
  } catch (error) {
    if (error instanceof OriginalIlegible) throw error;
    throw new OriginalIlegible(error instanceof Error ? error.message : String(error));
  }
}

/** The QR code as one SVG path of unit squares (dark modules), with its side in modules. */
function caminoQr(texto: string): { camino: string; lado: number } {
  const { modules } = QRCode.create(texto, { errorCorrectionLevel: 'M' });
  const partes: string[] = [];
  for (let fila = 0; fila < modules.size; fila++) {
    for (let columna = 0; columna < modules.size; columna++) {
      if (modules.get(fila, columna)) partes.push(`M${columna} ${fila}h1v1h-1z`);
    }
  }
  return { camino: partes.join(''), lado: modules.size };
}

/** The original with the stamp on every page; answers the unsigned PDF and its page count. */
export async function copiaEstampada(
  bytes: Uint8Array,
  formato: 'PDF' | 'JPEG' | 'PNG',
  datos: DatosEstampa,
): Promise<{ pdf: Uint8Array; paginas: number }> {
  const pdf = await paginasDelOriginal(bytes, formato);
  pdf.setTitle(`Copia auténtica: ${datos.documento.nombre}`);
  pdf.setLanguage('es-ES');
  pdf.setCreator('EcoDigital');
  pdf.setCreationDate(datos.fecha);
  const fuentes = await incrustarFuentes(pdf);
  const qr = caminoQr(datos.url);
  for (const pagina of pdf.getPages()) estampar(pagina, fuentes, qr, datos);
  return { pdf: await pdf.save({ useObjectStreams: false }), paginas: pdf.getPageCount() };
}

function estampar(pagina: PDFPage, fuentes: Fuentes, qr: { camino: string; lado: number }, datos: DatosEstampa): void {
  ampliarAbajo(pagina, ALTO_ESTAMPA);
  const { ancho } = tamanoVisible(pagina);
  const fondo = puntoVisible(pagina, 0, 0);
  pagina.drawRectangle({ ...fondo, width: ancho, height: ALTO_ESTAMPA, color: rgb(1, 1, 1) });
  pagina.drawLine({
    start: puntoVisible(pagina, MARGEN, ALTO_ESTAMPA - 2),
    end: puntoVisible(pagina, ancho - MARGEN, ALTO_ESTAMPA - 2),
    thickness: 0.5,
    color: GRIS,
  });
  // The SVG path is drawn from its top-left corner, y downwards.
  const escala = LADO_QR / qr.lado;
  pagina.drawSvgPath(qr.camino, {
    ...puntoVisible(pagina, MARGEN, MARGEN + LADO_QR),
    scale: escala,
    color: rgb(0, 0, 0),
  });

  const x = MARGEN * 2 + LADO_QR;
  const anchoTexto = Math.max(60, ancho - x - MARGEN);
  const texto = (valor: string) => representable(fuentes.normal, valor);
  const tamano = Math.min(7.5, Math.max(4, anchoTexto / 62));
  const lineas: { texto: string; fuente: typeof fuentes.normal }[] = [
    { texto: `Copia auténtica de documento electrónico · Fecha: ${fechaEspana(datos.fecha)}`, fuente: fuentes.negrita },
    { texto: `Código seguro de verificación (CSV): ${datos.csv}`, fuente: fuentes.negrita },
    { texto: `Compruebe su autenticidad en ${datos.url}`, fuente: fuentes.normal },
    {
      texto: texto(
        `Expediente ${datos.numeroExpediente} · Documento nº ${datos.documento.orden}: ${datos.documento.nombre}`,
      ),
      fuente: fuentes.normal,
    },
  ];
  let vy = ALTO_ESTAMPA - 8 - tamano;
  for (const linea of lineas) {
    for (const parte of partirLineas(texto(linea.texto), linea.fuente, tamano, anchoTexto).slice(0, 2)) {
      if (vy < 3) return;
      pagina.drawText(parte, { ...puntoVisible(pagina, x, vy), size: tamano, font: linea.fuente });
      vy -= tamano + 2.5;
    }
  }
}
