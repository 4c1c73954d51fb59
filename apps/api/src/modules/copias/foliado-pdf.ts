import { PDFDocument, PDFName, PDFPage, PDFRef, rgb } from 'pdf-lib';
import { EscritorPdf } from './escritor-pdf';
import {
  A4,
  GRIS,
  incrustarFuentes,
  partirLineas,
  puntoVisible,
  representable,
  tamanoVisible,
  type Fuentes,
} from './pagina';
import { fechaEspana } from '../../shared/dates';
import { cifra } from '../../shared/numeros';

/**
 * The foliated PDF of an expediente (decisions 0402, 0409), written as it is built: the índice and
 * every document PDF copied page by page, a JPEG or PNG placed on a page of its own, and a page naming
 * any other document (its tipo, format and SHA-256). Every page is numbered «Folio n de N · Expediente
 * <número>» as it goes in, so N, the number of folios, is known beforehand (the caller counts them
 * first, `leerPdf` as here). After each part, `volcar` gives its bytes and drops its objects; only the
 * page tree, the catalog and the fonts (subset: their glyphs are known at the end) wait for `terminar`.
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

/**
 * A source PDF as the foliated one takes it: readable, with pages, and each page's box and rotation
 * readable (the folio is placed by them). `undefined` otherwise (encrypted, damaged, no pages): the
 * document is then named on a page. The same bytes give the same answer, which is what lets the
 * folios be counted before a page is written.
 */
export async function leerPdf(bytes: Uint8Array): Promise<PDFDocument | undefined> {
  try {
    const origen = await PDFDocument.load(bytes, { updateMetadata: false });
    const paginas = origen.getPages();
    if (paginas.length === 0) return undefined;
    for (const pagina of paginas) tamanoVisible(pagina);
    return origen;
  } catch {
    return undefined;
  }
}

export class Foliado {
  private escritas = 0;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly fuentes: Fuentes,
    private readonly numero: string,
    /** N: how many folios the PDF has, counted before it is written. */
    private readonly folios: number,
    /** The page tree: every page names it as its parent. */
    private readonly arbol: PDFRef,
    private readonly escritor: EscritorPdf,
  ) {}

  static async crear(numero: string, titulo: string, folios: number): Promise<Foliado> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(titulo);
    pdf.setLanguage('es-ES');
    pdf.setCreator('EcoDigital');
    const fuentes = await incrustarFuentes(pdf);
    // Written last: the page tree gains a page with every part, the catalog and the Info name it.
    const { Root, Info } = pdf.context.trailerInfo;
    const arbol = pdf.catalog.get(PDFName.of('Pages'));
    if (!(arbol instanceof PDFRef)) throw new Error('pdf-lib no dio el árbol de páginas como referencia');
    const retenidos = [Root, Info, arbol].filter((ref) => ref instanceof PDFRef);
    return new Foliado(pdf, fuentes, numero, folios, arbol, new EscritorPdf(pdf.context, retenidos));
  }

  /** Pages added so far. */
  get paginas(): number {
    return this.escritas;
  }

  /** Every page of a PDF read by `leerPdf`, in order, each with its folio. */
  async anadirPdf(origen: PDFDocument): Promise<void> {
    const copiadas = await this.pdf.copyPages(origen, origen.getPageIndices());
    for (const pagina of copiadas) this.anadirPagina(pagina);
  }

  /** A JPEG or PNG on an A4 page under a line naming the document; `false` when it cannot be read. */
  async anadirImagen(bytes: Uint8Array, formato: 'JPEG' | 'PNG', documento: DocumentoNombrado): Promise<boolean> {
    let imagen;
    try {
      imagen = formato === 'JPEG' ? await this.pdf.embedJpg(bytes) : await this.pdf.embedPng(bytes);
      // Its objects now, so that they go out with this page (and the decoded image is let go).
      await imagen.embed();
    } catch {
      return false;
    }
    const [ancho, alto] = A4;
    const pagina = this.nuevaPagina();
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
    this.anadirPagina(pagina);
    return true;
  }

  /** A page that stands for a document whose content is not shown: what it is, its SHA-256 and why. */
  anadirAviso(documento: DocumentoNombrado, motivo: string): void {
    const { normal, negrita, mono } = this.fuentes;
    const [ancho, alto] = A4;
    const pagina = this.nuevaPagina();
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
      ['Tamaño', `${cifra(documento.tamano)} bytes`],
      ['Fecha de incorporación', fechaEspana(documento.fecha_incorporacion)],
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
    this.anadirPagina(pagina);
  }

  /** The bytes of what was added since the last call (the PDF's header first); its objects are let go. */
  volcar(): Iterable<Buffer> {
    return this.escritor.volcar();
  }

  /**
   * The rest: the fonts (subset to the glyphs used), the page tree, the catalog, the cross-reference
   * table and the trailer. Refused, before any of it, when the pages are not the N folios announced.
   */
  async terminar(): Promise<Iterable<Buffer>> {
    if (this.escritas !== this.folios) {
      throw new Error(`El PDF foliado tiene ${this.escritas} páginas y se numeraron ${this.folios} folios`);
    }
    for (const fuente of Object.values(this.fuentes)) await fuente.embed();
    return this.escritor.cerrar();
  }

  /** An A4 page, not yet in the PDF: `anadirPagina` puts it there once drawn. */
  private nuevaPagina(): PDFPage {
    const pagina = PDFPage.create(this.pdf);
    pagina.setSize(...A4);
    return pagina;
  }

  /**
   * The page goes to the end of the page tree with its folio. Not through `PDFDocument.addPage`, which
   * walks the tree (whose pages are already written and gone from memory) and keeps every page.
   */
  private anadirPagina(pagina: PDFPage): void {
    if (this.escritas === this.folios) {
      throw new Error(`El PDF foliado pasa de los ${this.folios} folios que se contaron`);
    }
    this.escritas++;
    this.foliar(pagina, `Folio ${this.escritas} de ${this.folios} · Expediente ${this.numero}`);
    pagina.node.setParent(this.arbol);
    this.pdf.catalog.Pages().pushLeafNode(pagina.ref);
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
