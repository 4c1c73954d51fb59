import type { IndiceElectronico } from '@ecodigital/contracts/documentos';
import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { tamanoLegible } from '../../shared/numeros';
import { fechaEspana, fechaHoraEspana } from '../../shared/dates';

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
const GRIS_CLARO = rgb(0.8, 0.8, 0.8);
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

export async function indicePdf(indice: IndiceElectronico): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Índice electrónico del expediente ${indice.expediente.numero}`);
  pdf.setLanguage('es-ES');
  pdf.setCreator('EcoDigital');
  pdf.setCreationDate(new Date(indice.generado_en));
  pdf.registerFontkit(fontkit);
  const caras = await leerFuentes();
  const incrustar = async (bytes: Uint8Array) =>
    new Fuente(glifosPorPalabras(await pdf.embedFont(bytes, { subset: true })));
  const normal = await incrustar(caras.normal);
  const negrita = await incrustar(caras.negrita);
  const cursiva = await incrustar(caras.cursiva);
  const mono = await incrustar(caras.mono);
  const texto = representable(normal.pdf);

  const [ancho, alto] = A4_APAISADO;
  let pagina!: PDFPage;
  let textos!: ContenidoDePagina;
  const textosDePaginas: ContenidoDePagina[] = [];
  let y = 0;

  const nuevaPagina = () => {
    pagina = pdf.addPage(A4_APAISADO);
    textos = new ContenidoDePagina(pagina);
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
        `Fecha de generación: ${fechaHoraEspana(indice.generado_en)}   ·   Función resumen: ${indice.funcion_resumen}   ·   ${recuento(indice)}`,
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
    textos.linea({ x: MARGEN, y }, { x: ancho - MARGEN, y }, 0.8);
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
      fechaHoraEspana(entrada.fecha_incorporacion),
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
        const largo = normal.ancho(linea, TAMANO_TEXTO);
        const medio = lineaY + TAMANO_TEXTO * 0.3;
        textos.linea(
          { x: MARGEN + COLUMNAS[0]!.ancho, y: medio },
          { x: MARGEN + COLUMNAS[0]!.ancho + largo, y: medio },
          0.6,
          color,
        );
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
    textos.linea({ x: MARGEN, y: y + INTERLINEA - 2 }, { x: ancho - MARGEN, y: y + INTERLINEA - 2 }, 0.2, GRIS_CLARO);
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
  textosDePaginas.forEach((dePagina, i) => {
    dePagina.escribir(`${indice.expediente.numero} · Página ${i + 1} de ${textosDePaginas.length}`, {
      x: MARGEN,
      y: MARGEN - 16,
      size: 7,
      font: normal,
      color: GRIS,
    });
    dePagina.volcar();
  });
  return pdf.save();
}

interface Texto {
  x: number;
  y: number;
  size: number;
  font: Fuente;
  color?: RGB;
}

interface Punto {
  x: number;
  y: number;
}

const NEGRO = rgb(0, 0, 0);

/** A number in a content stream: three decimals are a thousandth of a point. */
const n = (valor: number) => String(Math.round(valor * 1000) / 1000);
const colorRgb = ({ red, green, blue }: RGB) => `${n(red)} ${n(green)} ${n(blue)}`;

/**
 * The bytes of glyph codes inside a PDF literal string (one byte a character, latin1): the delimiters
 * and the backslash escaped, and the ends of line (a reader would turn a CR into a LF).
 */
const ESCAPES_LITERAL: Record<number, string> = { 0x28: '\\(', 0x29: '\\)', 0x5c: '\\\\', 0x0d: '\\r', 0x0a: '\\n' };
const literal = (bytes: Uint8Array) => {
  let texto = '';
  for (const byte of bytes) texto += ESCAPES_LITERAL[byte] ?? String.fromCharCode(byte);
  return texto;
};

/**
 * A face of the índice with what it costs to ask pdf-lib for: the glyph codes and the width of each
 * word and space, once per PDF. pdf-lib shapes the whole text for each (and `glifosPorPalabras` makes
 * the glyphs of a text those of its pieces, so a text's codes are its pieces' codes in order: the same
 * codes); the width is the sum of its pieces' widths. The codes go in literal strings, two bytes a
 * glyph, not in hex (four): half the content stream to deflate.
 */
class Fuente {
  private readonly codigos = new Map<string, string>();
  private readonly anchos = new Map<string, number>();

  constructor(readonly pdf: PDFFont) {}

  codificar(texto: string): string {
    let codigos = '';
    for (const trozo of trozosDe(texto)) {
      let codigo = this.codigos.get(trozo);
      if (codigo === undefined) this.codigos.set(trozo, (codigo = literal(this.pdf.encodeText(trozo).asBytes())));
      codigos += codigo;
    }
    return codigos;
  }

  ancho(texto: string, tamano: number): number {
    let ancho = 0;
    for (const trozo of trozosDe(texto)) {
      let medida = this.anchos.get(trozo);
      if (medida === undefined) this.anchos.set(trozo, (medida = this.pdf.widthOfTextAtSize(trozo, 1000)));
      ancho += medida;
    }
    return (ancho * tamano) / 1000;
  }
}

/**
 * What one page draws (its lines, then its texts), written when the page is complete as one content
 * stream we build and deflate ourselves. pdf-lib's `drawText` costs too much for the índice of an
 * expediente of 10.000 documents: it adds a font entry to the page every time it is given a font (each
 * page's dictionary grew with every text, quadratic), wraps each text in eight operators, formats every
 * number and deflates the streams in JavaScript (pako: half the PDF's time). Here: one font entry per
 * face and page, per text its colour when it changes, position and glyphs, deflated by Node's zlib.
 */
class ContenidoDePagina {
  private readonly porFuente = new Map<Fuente, [string, Texto][]>();
  private readonly lineas: string[] = [];

  constructor(private readonly pagina: PDFPage) {}

  escribir(texto: string, opciones: Texto): void {
    let lista = this.porFuente.get(opciones.font);
    if (!lista) this.porFuente.set(opciones.font, (lista = []));
    lista.push([texto.replace(/\s/g, ' '), opciones]);
  }

  linea(desde: Punto, hasta: Punto, grosor: number, color: RGB = NEGRO): void {
    this.lineas.push(
      `${colorRgb(color)} RG ${n(grosor)} w ${n(desde.x)} ${n(desde.y)} m ${n(hasta.x)} ${n(hasta.y)} l S`,
    );
  }

  volcar(): void {
    const operadores = ['q', ...this.lineas, 'Q', 'q', 'BT'];
    for (const [fuente, lista] of this.porFuente) {
      const clave = this.pagina.node.newFontDictionary(fuente.pdf.name, fuente.pdf.ref).toString();
      let tamano: number | undefined;
      let color: string | undefined;
      for (const [texto, { x, y, size, color: colorTexto }] of lista) {
        if (size !== tamano) operadores.push(`${clave} ${n((tamano = size))} Tf`);
        const rgbTexto = colorRgb(colorTexto ?? NEGRO);
        if (rgbTexto !== color) operadores.push(`${(color = rgbTexto)} rg`);
        operadores.push(`1 0 0 1 ${n(x)} ${n(y)} Tm (${fuente.codificar(texto)}) Tj`);
      }
    }
    operadores.push('ET', 'Q');
    const contexto = this.pagina.doc.context;
    const flujo = contexto.stream(deflateSync(Buffer.from(operadores.join('\n'), 'latin1')), { Filter: 'FlateDecode' });
    this.pagina.node.addContentStream(contexto.register(flujo));
    this.porFuente.clear();
    this.lineas.length = 0;
  }
}

type Glifo = { id: number };
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
    for (const trozo of trozosDe(texto)) for (const glifo of forma(trozo, rasgos)) glyphs.push(glifo);
    return { glyphs };
  };
  return font;
}

/**
 * The pieces a text is shaped in: its words and spaces, and each digit on its own (numbers, dates, hours,
 * huellas and names like «Resolución nº 1234.pdf» are different in every row): no substitution of these
 * faces touches a digit. Letters stay together: «ff» is a ligature, in «caffe» as in a huella's «3ff».
 */
function trozosDe(texto: string): string[] {
  const trozos: string[] = [];
  for (const palabra of texto.split(/(\s)/)) {
    if (!palabra) continue;
    if (!/\d/.test(palabra)) trozos.push(palabra);
    else for (const trozo of palabra.split(/(\d)/)) if (trozo) trozos.push(trozo);
  }
  return trozos;
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
  const cuando = entrada.fecha_anulacion ? ` el ${fechaEspana(entrada.fecha_anulacion)}` : '';
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
function partirLineas(texto: string, font: Fuente, tamano: number, anchoMax: number): string[] {
  const lineas: string[] = [];
  let actual = '';
  for (const palabra of texto.split(/\s+/).filter(Boolean)) {
    const candidata = actual ? `${actual} ${palabra}` : palabra;
    if (font.ancho(candidata, tamano) <= anchoMax) {
      actual = candidata;
      continue;
    }
    if (actual) lineas.push(actual);
    actual = '';
    let resto = palabra;
    while (font.ancho(resto, tamano) > anchoMax) {
      let corte = resto.length;
      while (corte > 1 && font.ancho(resto.slice(0, corte), tamano) > anchoMax) corte--;
      lineas.push(resto.slice(0, corte));
      resto = resto.slice(corte);
    }
    actual = resto;
  }
  if (actual) lineas.push(actual);
  return lineas.length ? lineas : [''];
}
