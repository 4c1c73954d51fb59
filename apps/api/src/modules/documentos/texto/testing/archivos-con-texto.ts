import { createRequire } from 'node:module';
import { constants, deflateRawSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { buildZip } from '../../inspection/testing/zip-writer';
import { sampleDocxEntries, sampleOdfEntries } from '../../inspection/testing/sample-files';

/** Files with known text, made by the tests themselves: every format the extraction reads, and hostile ones. */

const fuente = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

const escaparXml = (texto: string) => texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Black text on white, as a scanner at 300 ppp would give it. */
export async function imagenConTexto(frase: string, formato: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const imagen = sharp({
    text: { text: escaparXml(frase), fontfile: fuente, font: 'DejaVu Sans', dpi: 300, width: 2200 },
  })
    .flatten({ background: '#ffffff' })
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#ffffff' });
  return formato === 'png' ? imagen.png().toBuffer() : imagen.jpeg({ quality: 92 }).toBuffer();
}

/** A TIFF with one page per phrase. */
export async function tiffDePaginas(frases: string[]): Promise<Buffer> {
  const imagenes = await Promise.all(frases.map((frase) => imagenConTexto(frase)));
  const medidas = await Promise.all(imagenes.map((imagen) => sharp(imagen).metadata()));
  const ancho = Math.max(...medidas.map((m) => m.width));
  const alto = Math.max(...medidas.map((m) => m.height));
  // Pages of one size, padded with white (never scaled: OCR reads the glyphs as drawn).
  const paginas = await Promise.all(
    imagenes.map((imagen, i) =>
      sharp(imagen)
        .extend({ right: ancho - medidas[i]!.width, bottom: alto - medidas[i]!.height, background: '#ffffff' })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(paginas, { join: { animated: true } })
    .tiff({ compression: 'lzw' })
    .toBuffer();
}

/** A "scanned" PDF: each page is only an image of its text, with no text layer. */
export async function pdfEscaneado(frases: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const frase of frases) {
    const png = await pdf.embedPng(await imagenConTexto(frase));
    const ancho = 515;
    const alto = (png.height / png.width) * ancho;
    const pagina = pdf.addPage([595, 842]);
    pagina.drawImage(png, { x: 40, y: 842 - alto - 60, width: ancho, height: alto });
  }
  return Buffer.from(await pdf.save());
}

/** A PDF whose pages hold text (a text layer), one paragraph each; standard fonts, Latin-1. */
export async function pdfConTexto(paginas: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const { StandardFonts } = await import('pdf-lib');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const texto of paginas) {
    const pagina = pdf.addPage([595, 842]);
    texto.split('\n').forEach((linea, i) => pagina.drawText(linea, { x: 50, y: 780 - i * 16, size: 12, font }));
  }
  return Buffer.from(await pdf.save());
}

/** A PDF that declares `paginas` pages, all showing the same small content: a few hundred KB. */
export function pdfDeMuchasPaginas(paginas: number): Buffer {
  return pdfEscrito({
    paginas,
    medida: [612, 792],
    contenido: 'BT /F1 12 Tf 72 720 Td (Hoja) Tj ET',
    recursos: '<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>',
  });
}

/**
 * `paginas` blank pages written by hand, as small as a PDF gets: each page only draws a line
 * (`vectoriales`) or, like a scan of an empty sheet, one white image across the page.
 */
export function pdfDePaginasEnBlanco(paginas: number, tipo: 'vectoriales' | 'escaneadas'): Buffer {
  return tipo === 'vectoriales'
    ? pdfEscrito({ paginas, medida: [595, 842], contenido: '0.5 w 72 72 m 523 770 l S', recursos: '<< >>' })
    : pdfEscrito({
        paginas,
        medida: [595, 842],
        contenido: 'q 595 0 0 842 0 0 cm /Im1 Do Q',
        recursos: '<< /XObject << /Im1 4 0 R >> >>',
        imagen: true,
      });
}

/**
 * One page of 14.400 × 14.400 pt (5 × 5 m), the largest a PDF may declare, in a few hundred
 * bytes: empty but for a line, or covered by a one-pixel image (a "scan" of it).
 */
export function pdfDePaginaEnorme(tipo: 'vectorial' | 'escaneada'): Buffer {
  return tipo === 'vectorial'
    ? pdfEscrito({ paginas: 1, medida: [14_400, 14_400], contenido: '0 0 m 10 10 l S', recursos: '<< >>' })
    : pdfEscrito({
        paginas: 1,
        medida: [14_400, 14_400],
        contenido: 'q 14400 0 0 14400 0 0 cm /Im1 Do Q',
        recursos: '<< /XObject << /Im1 4 0 R >> >>',
        imagen: true,
      });
}

/**
 * A PDF that says its content is encrypted with a password (the standard security handler), which
 * the empty password does not open: as a protected PDF arrives from an office.
 */
export function pdfConContrasena(): Buffer {
  return pdfEscrito({
    paginas: 1,
    medida: [595, 842],
    contenido: 'BT /F1 12 Tf 72 720 Td (Secreto) Tj ET',
    recursos: '<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>',
    cifrado: true,
  });
}

/**
 * A PDF written object by object: the catalog (1), the page tree (2), one content stream every
 * page shares (3), a 1 × 1 white image (4, with `imagen`), then the pages.
 */
function pdfEscrito(opciones: {
  paginas: number;
  medida: [number, number];
  contenido: string;
  recursos: string;
  imagen?: boolean;
  /** With an /Encrypt dictionary whose keys no password of the test opens. */
  cifrado?: boolean;
}): Buffer {
  const objetos: string[] = [];
  const primeraPagina = 5;
  const kids = Array.from({ length: opciones.paginas }, (_, i) => `${primeraPagina + i} 0 R`);
  objetos.push('<< /Type /Catalog /Pages 2 0 R >>');
  objetos.push(`<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${opciones.paginas} >>`);
  objetos.push(`<< /Length ${opciones.contenido.length} >>\nstream\n${opciones.contenido}\nendstream`);
  objetos.push(
    opciones.imagen
      ? '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\xff\nendstream'
      : 'null',
  );
  for (let i = 0; i < opciones.paginas; i++) {
    objetos.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${opciones.medida.join(' ')}] /Contents 3 0 R /Resources ${opciones.recursos} >>`,
    );
  }
  let cuerpo = '%PDF-1.4\n';
  const posiciones: number[] = [];
  objetos.forEach((objeto, i) => {
    posiciones.push(cuerpo.length);
    cuerpo += `${i + 1} 0 obj\n${objeto}\nendobj\n`;
  });
  const xref = cuerpo.length;
  cuerpo += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  cuerpo += posiciones.map((p) => `${String(p).padStart(10, '0')} 00000 n \n`).join('');
  const cifrado = opciones.cifrado
    ? ` /Encrypt << /Filter /Standard /V 1 /R 2 /O <${'6f'.repeat(32)}> /U <${'75'.repeat(32)}> /P -44 >> /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>]`
    : '';
  cuerpo += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R${cifrado} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(cuerpo, 'latin1');
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

function documentXml(parrafos: string[]): string {
  const cuerpo = parrafos.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escaparXml(p)}</w:t></w:r></w:p>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>${cuerpo}</w:body></w:document>`;
}

export function docxConTexto(parrafos: string[]): Buffer {
  return buildZip(
    sampleDocxEntries().map((entrada) =>
      entrada.name === 'word/document.xml' ? { ...entrada, content: documentXml(parrafos) } : entrada,
    ),
  );
}

export function odtConTexto(parrafos: string[]): Buffer {
  const cuerpo = parrafos.map((p) => `<text:p>${escaparXml(p)}</text:p>`).join('');
  return buildZip(
    sampleOdfEntries('text').map((entrada) =>
      entrada.name === 'content.xml'
        ? { ...entrada, content: String(entrada.content).replace('<text:p>Informe de Peñalosa</text:p>', cuerpo) }
        : entrada,
    ),
  );
}

export function odsConCeldas(filas: string[][]): Buffer {
  const tabla = filas
    .map(
      (fila) =>
        `<table:table-row>${fila.map((celda) => `<table:table-cell><text:p>${escaparXml(celda)}</text:p></table:table-cell>`).join('')}</table:table-row>`,
    )
    .join('');
  return buildZip(
    sampleOdfEntries('spreadsheet').map((entrada) =>
      entrada.name === 'content.xml'
        ? {
            ...entrada,
            content: String(entrada.content).replace(
              '<table:table table:name="Hoja1"/>',
              `<table:table table:name="Presupuesto">${tabla}</table:table>`,
            ),
          }
        : entrada,
    ),
  );
}

const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`;

/** An XLSX with shared strings (text cells) and a number. */
export function xlsxConCeldas(textos: string[], numero: number): Buffer {
  const celdas = textos.map((_, i) => `<c r="A${i + 1}" t="s"><v>${i}</v></c>`);
  const filas = celdas.map((celda, i) => `<row r="${i + 1}">${celda}</row>`).join('');
  return buildZip([
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${RELS}<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Liquidación" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/sharedStrings.xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${textos.map((t) => `<si><t>${escaparXml(t)}</t></si>`).join('')}</sst>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${filas}<row r="${textos.length + 1}"><c r="A${textos.length + 1}"><v>${numero}</v></c></row></sheetData></worksheet>`,
    },
  ]);
}

/**
 * A DOCX whose `word/document.xml` inflates to `mib` MiB of blanks while its headers declare a few
 * KB: a few KB per MiB on disk. One deflate block repeated (after a full flush the compressor starts
 * afresh, so every block is the same bytes), then an empty final block.
 */
export function docxBomba(mib: number): Buffer {
  const bloque = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { finishFlush: constants.Z_FULL_FLUSH });
  const datos = Buffer.concat([...Array.from({ length: mib }, () => bloque), Buffer.from([0x03, 0x00])]);
  const entradas = sampleDocxEntries().map((entrada) =>
    entrada.name === 'word/document.xml' ? { name: entrada.name, content: datos, store: true } : entrada,
  );
  const zip = buildZip(entradas);
  // Stored as it is, then relabelled "deflated": the sizes in the headers are those of the compressed bytes.
  let posicion = 0;
  while (zip.readUInt32LE(posicion) === 0x04034b50) {
    const nombre = zip.toString('utf8', posicion + 30, posicion + 30 + zip.readUInt16LE(posicion + 26));
    if (nombre === 'word/document.xml') zip.writeUInt16LE(8, posicion + 8);
    posicion +=
      30 + zip.readUInt16LE(posicion + 26) + zip.readUInt16LE(posicion + 28) + zip.readUInt32LE(posicion + 18);
  }
  while (zip.readUInt32LE(posicion) === 0x02014b50) {
    const longitud = zip.readUInt16LE(posicion + 28);
    if (zip.toString('utf8', posicion + 46, posicion + 46 + longitud) === 'word/document.xml') {
      zip.writeUInt16LE(8, posicion + 10);
    }
    posicion += 46 + longitud + zip.readUInt16LE(posicion + 30) + zip.readUInt16LE(posicion + 32);
  }
  return zip;
}

/** A PNG whose header promises 100.000 × 100.000 pixels (a decompression bomb) with almost no data. */
export function pngDesmesurado(): Buffer {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000186a0000186a00806000000' + '00000000' + '0000000049454e44ae426082',
    'hex',
  );
  return png;
}

/** PNG signature and header, then garbage: a malformed image. */
export function pngRoto(): Buffer {
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d4948445200000100000001000802000000', 'hex'),
    Buffer.from(deflateRawSync(Buffer.from('basura')).subarray(0, 4)),
    Buffer.alloc(200, 0x41),
  ]);
}
