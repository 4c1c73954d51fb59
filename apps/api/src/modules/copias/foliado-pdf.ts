import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import {
  A4,
  fechaCorta,
  GRIS,
  incrustarFuentes,
  partirLineas,
  puntoVisible,
  representable,
  tamanoVisible,
  type Fuentes,
} from './pagina';

/**
 * The foliated PDF of an expediente (decision 0402), built one part at a time: the índice and every
 * document PDF copied page by page, a JPEG or PNG placed on a page of its own, and a page naming any
 * other document (its tipo, format and SHA-256). `terminar` numbers every page «Folio n de N ·
 * Expediente <número>». A source is dropped once its pages are copied; the result lives in memory
 * (pdf-lib writes a document whole), which is why the service bounds what goes in.
 */

const MARGEN = 42;
const TAMANO_FOLIO = 8;

/** What a page that stands for a document says of it. */
export interface DocumentoNombrado {
  orden: number;
  nombre: string;
  tipo_documental: string;
  formato: string;
  tamano: number;
  huella: string;
  fecha_incorporacion: Date;
}

export class Foliado {
  private constructor(
    private readonly pdf: PDFDocument,
    private readonly fuentes: Fuentes,
    private readonly numero: string,
  ) {}

  static async crear(numero: string, titulo: string): Promise<Foliado> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(titulo);
    pdf.setLanguage('es-ES');
    pdf.setCreator('EcoDigital');
    return new Foliado(pdf, await incrustarFuentes(pdf), numero);
  }

  get paginas(): number {
    return this.pdf.getPageCount();
  }

  /**
   * Every page of a PDF, in order. `false`, with nothing added, when it cannot be read (encrypted,
   * damaged, no pages): the caller then names the document on a page instead.
   */
  async anadirPdf(bytes: Uint8Array): Promise<boolean> {
    try {
      const origen = await PDFDocument.load(bytes, { updateMetadata: false });
      if (origen.getPageCount() === 0) return false;
      const copiadas = await this.pdf.copyPages(origen, origen.getPageIndices());
      for (const pagina of copiadas) this.pdf.addPage(pagina);
      return true;
    } catch {
      return false;
    }
  }

  /** A JPEG or PNG on an A4 page under a line naming the document; `false` when it cannot be read. */
  async anadirImagen(bytes: Uint8Array, formato: 'JPEG' | 'PNG', documento: DocumentoNombrado): Promise<boolean> {
    let imagen;
    try {
      imagen = formato === 'JPEG' ? await this.pdf.embedJpg(bytes) : await this.pdf.embedPng(bytes);
    } catch {
      return false;
    }
    const [ancho, alto] = A4;
    const pagina = this.pdf.addPage(A4);
    const cabecera = this.texto(`Documento nº ${documento.orden}: ${documento.nombre}`);
    pagina.drawText(cabecera, {
      x: MARGEN,
      y: alto - MARGEN,
      size: 9,
      font: this.fuentes.negrita,
      maxWidth: ancho - 2 * MARGEN,
    });
    const hueco = { ancho: ancho - 2 * MARGEN, alto: alto - 2 * MARGEN - 40 };
    const escala = Math.min(1, hueco.ancho / imagen.width, hueco.alto / imagen.height);
    const w = imagen.width * escala;
    const h = imagen.height * escala;
    pagina.drawImage(imagen, { x: (ancho - w) / 2, y: alto - MARGEN - 16 - h, width: w, height: h });
    return true;
  }

  /** A page that stands for a document whose content is not shown: what it is, its SHA-256 and why. */
  anadirAviso(documento: DocumentoNombrado, motivo: string): void {
    const { normal, negrita, mono } = this.fuentes;
    const [ancho, alto] = A4;
    const pagina = this.pdf.addPage(A4);
    const anchoTexto = ancho - 2 * MARGEN;
    let y = alto - MARGEN - 14;
    for (const linea of partirLineas(
      this.texto(`Documento nº ${documento.orden}: ${documento.nombre}`),
      negrita,
      13,
      anchoTexto,
    )) {
      pagina.drawText(linea, { x: MARGEN, y, size: 13, font: negrita });
      y -= 17;
    }
    y -= 8;
    const filas: [string, string][] = [
      ['Tipo documental', documento.tipo_documental],
      ['Formato', documento.formato],
      ['Tamaño', `${documento.tamano.toLocaleString('es-ES')} bytes`],
      ['Fecha de incorporación', fechaCorta(documento.fecha_incorporacion)],
    ];
    for (const [etiqueta, valor] of filas) {
      pagina.drawText(`${etiqueta}:`, { x: MARGEN, y, size: 10, font: negrita });
      pagina.drawText(this.texto(valor), { x: MARGEN + 130, y, size: 10, font: normal });
      y -= 15;
    }
    y -= 4;
    pagina.drawText('Huella SHA-256:', { x: MARGEN, y, size: 10, font: negrita });
    y -= 14;
    pagina.drawText(documento.huella, { x: MARGEN, y, size: 8.5, font: mono });
    y -= 26;
    for (const linea of partirLineas(this.texto(motivo), normal, 10, anchoTexto)) {
      pagina.drawText(linea, { x: MARGEN, y, size: 10, font: normal, color: GRIS });
      y -= 14;
    }
  }

  /** Every page numbered «Folio n de N · Expediente <número>» at its visible bottom; the PDF's bytes. */
  async terminar(): Promise<Uint8Array> {
    const paginas = this.pdf.getPages();
    paginas.forEach((pagina, i) =>
      this.foliar(pagina, `Folio ${i + 1} de ${paginas.length} · Expediente ${this.numero}`),
    );
    return this.pdf.save();
  }

  private foliar(pagina: PDFPage, folio: string): void {
    const texto = this.texto(folio);
    const ancho = this.fuentes.normal.widthOfTextAtSize(texto, TAMANO_FOLIO);
    const { ancho: anchoPagina } = tamanoVisible(pagina);
    const vx = Math.max(4, anchoPagina - ancho - 24);
    // A white ground: the folio stays legible over a scanned page.
    const fondo = puntoVisible(pagina, vx - 3, 8);
    pagina.drawRectangle({ ...fondo, width: ancho + 6, height: TAMANO_FOLIO + 6, color: rgb(1, 1, 1) });
    pagina.drawText(texto, { ...puntoVisible(pagina, vx, 11), size: TAMANO_FOLIO, font: this.fuentes.normal });
  }

  private texto(texto: string): string {
    return representable(this.fuentes.normal, texto);
  }
}
