import type { IndiceElectronico } from '@ecodigital/contracts/documentos';
import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  beginText,
  endText,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type Color,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { tamanoLegible } from './documentos.mensajes';

/**
 * The índice electrónico as an A4 landscape PDF in Spanish: heading, one row per document (the
 * full SHA-256 in a monospaced font), anulados with their name struck through and, below it, when
 * and why they were annulled (not struck: it must stay legible), the huella del índice at the end,
 * and the table header repeated on every page. The text is set in DejaVu Sans (condensed; mono for
 * the huellas), embedded and subset: every Latin letter — ñ, ș ț, ł, č, ő — prints as written, which
 * the PDF standard fonts (WinAnsi only) could not; a character outside the font is shown as "?".
 */

const require = createRequire(import.meta.url);

/** The four faces the índice uses, read once from the `dejavu-fonts-ttf` package. */
const FUENTES = {
  normal: 'DejaVuSansCondensed.ttf',
  negrita: 'DejaVuSansCondensed-Bold.ttf',
  cursiva: 'DejaVuSansCondensed-Oblique.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;
type Caras = Record<keyof typeof FUENTES, Uint8Array>;
let fuentes: Promise<Caras> | undefined;

function leerFuentes(): Promise<Caras> {
  const leer = (archivo: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${archivo}`));
  fuentes ??= (async () => ({
    normal: await leer(FUENTES.normal),
    negrita: await leer(FUENTES.negrita),
    cursiva: await leer(FUENTES.cursiva),
    mono: await leer(FUENTES.mono),
  }))();
  fuentes.catch(() => (fuentes = undefined));
  return fuentes;
}

const A4_APAISADO: [number, number] = [841.89, 595.28];
const MARGEN = 36;
const TAMANO_TEXTO = 8;
const TAMANO_HUELLA = 6.4;
const INTERLINEA = 10;
const GRIS = rgb(0.35, 0.35, 0.35);
const ROJO_OSCURO = rgb(0.6, 0.1, 0.1);

interface Columna {
  titulo: string;
  ancho: number;
}

const COLUMNAS: Columna[] = [
  { titulo: 'Nº', ancho: 28 },
  { titulo: 'Nombre', ancho: 222 },
  { titulo: 'Tipo', ancho: 72 },
  { titulo: 'Fecha', ancho: 68 },
  { titulo: 'Tamaño', ancho: 52 },
  { titulo: 'Formato', ancho: 42 },
  { titulo: 'Huella SHA-256', ancho: 285 },
];

export function fecha(iso: string): string {
  return fechaHora(iso).slice(0, 10);
}

/** Built once: building an Intl formatter costs far more than formatting (one per row of 10.000). */
const FORMATO_FECHA_HORA = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function fechaHora(iso: string): string {
  const partes = Object.fromEntries(
    FORMATO_FECHA_HORA.formatToParts(new Date(iso)).map((parte) => [parte.type, parte.value]),
  );
  return `${partes.day}/${partes.month}/${partes.year} ${partes.hour}:${partes.minute}`;
}

export async function indicePdf(indice: IndiceElectronico): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Índice electrónico del expediente ${indice.expediente.numero}`);
  pdf.setLanguage('es-ES');
  pdf.setCreator('EcoDigital');
  pdf.setCreationDate(new Date(indice.generado_en));
  pdf.registerFontkit(fontkit);
  const caras = await leerFuentes();
  const incrustar = async (bytes: Uint8Array) => glifosPorPalabras(await pdf.embedFont(bytes, { subset: true }));
  const normal = await incrustar(caras.normal);
  const negrita = await incrustar(caras.negrita);
  const cursiva = await incrustar(caras.cursiva);
  const mono = await incrustar(caras.mono);
  const texto = representable(normal);

  const [ancho, alto] = A4_APAISADO;
  let pagina!: PDFPage;
  let textos!: TextosDePagina;
  const textosDePaginas: TextosDePagina[] = [];
  let y = 0;

  const nuevaPagina = () => {
    pagina = pdf.addPage(A4_APAISADO);
    textos = new TextosDePagina(pagina);
    textosDePaginas.push(textos);
    y = alto - MARGEN;
    if (pdf.getPageCount() === 1) {
      textos.escribir(texto(`Índice electrónico del expediente ${indice.expediente.numero}`), {
        x: MARGEN,
        y: y - 14,
        size: 15,
        font: negrita,
      });
      y -= 32;
      for (const linea of partirLineas(texto(`Asunto: ${indice.expediente.asunto}`), normal, 10, ancho - 2 * MARGEN)) {
        textos.escribir(linea, { x: MARGEN, y, size: 10, font: normal });
        y -= 13;
      }
      textos.escribir(
        `Fecha de generación: ${fechaHora(indice.generado_en)}   ·   Función resumen: ${indice.funcion_resumen}   ·   ${recuento(indice)}`,
        { x: MARGEN, y, size: 9, font: normal, color: GRIS },
      );
      y -= 20;
    }
    let x = MARGEN;
    for (const columna of COLUMNAS) {
      textos.escribir(columna.titulo, { x, y, size: TAMANO_TEXTO, font: negrita });
      x += columna.ancho;
    }
    y -= 4;
    pagina.drawLine({ start: { x: MARGEN, y }, end: { x: ancho - MARGEN, y }, thickness: 0.8 });
    y -= INTERLINEA;
  };

  nuevaPagina();
  if (indice.entradas.length === 0) {
    textos.escribir('El expediente no tiene documentos.', { x: MARGEN, y, size: TAMANO_TEXTO, font: normal });
    y -= INTERLINEA;
  }

  for (const entrada of indice.entradas) {
    const anchoNombre = COLUMNAS[1]!.ancho - 6;
    const lineasNombre = partirLineas(texto(entrada.nombre), normal, TAMANO_TEXTO, anchoNombre);
    const lineasAnulacion = entrada.anulado
      ? partirLineas(texto(notaAnulacion(entrada)), cursiva, TAMANO_TEXTO, anchoNombre)
      : [];
    const altoFila = (lineasNombre.length + lineasAnulacion.length) * INTERLINEA + 3;
    if (y - altoFila < MARGEN + 14) nuevaPagina();

    const color = entrada.anulado ? GRIS : rgb(0, 0, 0);
    const celdas = [
      String(entrada.orden),
      null,
      texto(entrada.tipo_documental.nombre),
      fechaHora(entrada.fecha_incorporacion),
      tamanoLegible(entrada.tamano),
      entrada.formato,
    ];
    let x = MARGEN;
    celdas.forEach((celda, indiceColumna) => {
      if (celda !== null) textos.escribir(celda, { x, y, size: TAMANO_TEXTO, font: normal, color });
      x += COLUMNAS[indiceColumna]!.ancho;
    });
    textos.escribir(entrada.huella, { x, y: y + 0.5, size: TAMANO_HUELLA, font: mono, color });
    lineasNombre.forEach((linea, i) => {
      const lineaY = y - i * INTERLINEA;
      textos.escribir(linea, { x: MARGEN + COLUMNAS[0]!.ancho, y: lineaY, size: TAMANO_TEXTO, font: normal, color });
      if (entrada.anulado) {
        const largo = normal.widthOfTextAtSize(linea, TAMANO_TEXTO);
        const medio = lineaY + TAMANO_TEXTO * 0.3;
        pagina.drawLine({
          start: { x: MARGEN + COLUMNAS[0]!.ancho, y: medio },
          end: { x: MARGEN + COLUMNAS[0]!.ancho + largo, y: medio },
          thickness: 0.6,
          color,
        });
      }
    });
    lineasAnulacion.forEach((linea, i) => {
      const lineaY = y - (lineasNombre.length + i) * INTERLINEA;
      textos.escribir(linea, {
        x: MARGEN + COLUMNAS[0]!.ancho,
        y: lineaY,
        size: TAMANO_TEXTO,
        font: cursiva,
        color: ROJO_OSCURO,
      });
    });
    y -= altoFila;
    pagina.drawLine({
      start: { x: MARGEN, y: y + INTERLINEA - 2 },
      end: { x: ancho - MARGEN, y: y + INTERLINEA - 2 },
      thickness: 0.2,
      color: rgb(0.8, 0.8, 0.8),
    });
  }

  if (y - 40 < MARGEN) nuevaPagina();
  y -= 12;
  textos.escribir('Huella del índice (SHA-256 de la última entrada de la cadena):', {
    x: MARGEN,
    y,
    size: 9,
    font: negrita,
  });
  y -= 12;
  textos.escribir(indice.huella_indice ?? '— (sin documentos)', { x: MARGEN, y, size: 8, font: mono });
  for (const dePagina of textosDePaginas) dePagina.volcar();

  const paginas = pdf.getPages();
  paginas.forEach((p, i) => {
    p.drawText(`${indice.expediente.numero} · Página ${i + 1} de ${paginas.length}`, {
      x: MARGEN,
      y: MARGEN - 16,
      size: 7,
      font: normal,
      color: GRIS,
    });
  });
  return pdf.save();
}

interface Texto {
  x: number;
  y: number;
  size: number;
  font: PDFFont;
  color?: Color;
}

const NEGRO = rgb(0, 0, 0);

/**
 * The texts of one page (one line each), written when the page is complete in a single text object,
 * font by font. `drawText` costs too much for the índice of an expediente of 10.000 documents: pdf-lib
 * adds a new entry to the page's font dictionary (searching it for a free name) every time it is given a
 * font — with a row's cells in turn (normal, mono, normal…) each page's dictionary grew with every text,
 * quadratic — and wraps each text in eight operators. Here: one font entry per face and page, and per
 * text its colour, position and glyphs.
 */
class TextosDePagina {
  private readonly porFuente = new Map<PDFFont, [string, Texto][]>();

  constructor(private readonly pagina: PDFPage) {}

  escribir(texto: string, opciones: Texto): void {
    let lista = this.porFuente.get(opciones.font);
    if (!lista) this.porFuente.set(opciones.font, (lista = []));
    lista.push([texto.replace(/\s/g, ' '), opciones]);
  }

  volcar(): void {
    const operadores: PDFOperator[] = [pushGraphicsState(), beginText()];
    for (const [font, lista] of this.porFuente) {
      const clave = this.pagina.node.newFontDictionary(font.name, font.ref);
      let tamano: number | undefined;
      for (const [texto, { x, y, size, color }] of lista) {
        if (size !== tamano) operadores.push(setFontAndSize(clave, (tamano = size)));
        operadores.push(
          setFillingColor(color ?? NEGRO),
          setTextMatrix(1, 0, 0, 1, x, y),
          showText(font.encodeText(texto)),
        );
      }
    }
    operadores.push(endText(), popGraphicsState());
    this.pagina.pushOperators(...operadores);
    this.porFuente.clear();
  }
}

type Glifo = { id: number };
const CIFRAS = /^[0-9A-Fa-f.,:/-]+$/;
interface FuenteFontkit {
  layout(texto: string, rasgos?: unknown): { glyphs: Glifo[] };
}

/**
 * pdf-lib shapes (fontkit's `layout`: GSUB and GPOS over the whole string) every text it draws or
 * measures, which costs as much for the ten-thousandth «Resolución» as for the first. It reads only the
 * glyphs of the result (never their positions: it applies no kerning), and the substitutions of the
 * DejaVu faces (ligatures) never reach across a space; so the glyphs of a text are those of its words and
 * spaces, each shaped once per PDF (indice-pdf.test.ts compares both on the four faces).
 */
export function glifosPorPalabras(font: PDFFont): PDFFont {
  const kit = (font as unknown as { embedder: { font: FuenteFontkit } }).embedder.font;
  const original = kit.layout.bind(kit);
  const palabras = new Map<string, Glifo[]>();
  const forma = (texto: string, rasgos: unknown): Glifo[] => {
    let glifos = palabras.get(texto);
    if (!glifos) palabras.set(texto, (glifos = original(texto, rasgos).glyphs));
    return glifos;
  };
  kit.layout = (texto, rasgos) => {
    const glyphs: Glifo[] = [];
    for (const palabra of texto.split(/(\s)/)) {
      if (!palabra) continue;
      // Numbers, dates, hours and huellas (each one different: orden, SHA-256) go character by
      // character: no substitution of these faces touches digits, hex letters or their separators.
      const trozos = CIFRAS.test(palabra) ? Array.from(palabra) : [palabra];
      for (const trozo of trozos) for (const glifo of forma(trozo, rasgos)) glyphs.push(glifo);
    }
    return { glyphs };
  };
  return font;
}

function recuento(indice: IndiceElectronico): string {
  const anulados = indice.entradas.filter((entrada) => entrada.anulado).length;
  const documentos = `Documentos: ${indice.entradas.length}`;
  if (anulados === 0) return documentos;
  return `${documentos} (${anulados} ${anulados === 1 ? 'anulado' : 'anulados'})`;
}

export function notaAnulacion(
  entrada: Pick<IndiceElectronico['entradas'][number], 'fecha_anulacion' | 'motivo_anulacion'>,
): string {
  const cuando = entrada.fecha_anulacion ? ` el ${fecha(entrada.fecha_anulacion)}` : '';
  return entrada.motivo_anulacion ? `Anulado${cuando}: ${entrada.motivo_anulacion}` : `Anulado${cuando}`;
}

/** Replaces what the font has no glyph for with "?". */
function representable(font: PDFFont): (texto: string) => string {
  const admitidos = new Set(font.getCharacterSet());
  return (texto) =>
    Array.from(texto)
      .map((caracter) => (admitidos.has(caracter.codePointAt(0)!) ? caracter : '?'))
      .join('');
}

/** Greedy word wrap; a word longer than the column is cut. */
function partirLineas(texto: string, font: PDFFont, tamano: number, anchoMax: number): string[] {
  const lineas: string[] = [];
  let actual = '';
  for (const palabra of texto.split(/\s+/).filter(Boolean)) {
    const candidata = actual ? `${actual} ${palabra}` : palabra;
    if (font.widthOfTextAtSize(candidata, tamano) <= anchoMax) {
      actual = candidata;
      continue;
    }
    if (actual) lineas.push(actual);
    actual = '';
    let resto = palabra;
    while (font.widthOfTextAtSize(resto, tamano) > anchoMax) {
      let corte = resto.length;
      while (corte > 1 && font.widthOfTextAtSize(resto.slice(0, corte), tamano) > anchoMax) corte--;
      lineas.push(resto.slice(0, corte));
      resto = resto.slice(corte);
    }
    actual = resto;
  }
  if (actual) lineas.push(actual);
  return lineas.length ? lineas : [''];
}
