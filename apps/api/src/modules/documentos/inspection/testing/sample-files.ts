import { crc32, deflateSync } from 'node:zlib';
import { buildZip, type ZipInput } from './zip-writer';

/** Small but real files of each kind, built in memory for detection, API and end-to-end tests. */

export interface SamplePdfOptions {
  /** Comment lines before the objects, so an upload on a throttled connection lasts long enough to watch. */
  paddingKb?: number;
}

/** A real one-page PDF showing `text` (Latin-1 only: the standard Helvetica font). */
export function samplePdf(text = 'Resolución nº 5', { paddingKb = 0 }: SamplePdfOptions = {}): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const paddingLine = `%${'0123456789'.repeat(7)}\n`;
  body += paddingLine.repeat(Math.ceil((paddingKb * 1024) / paddingLine.length));
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A real RGB PNG with a diagonal gradient; 1×1 by default, larger to be seen in a preview. */
export function samplePng({ width = 1, height = 1 }: { width?: number; height?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((x / width) * 255);
      row[2 + x * 3] = 120;
      row[3 + x * 3] = Math.round((y / height) * 255);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/** A baseline JFIF structure: SOI, APP0, DQT, SOF0 (8×8 grey), DHT, SOS, scan data, EOI. */
export function sampleJpeg(): Buffer {
  const segment = (marker: number, payload: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([head, payload]);
  };
  const jfif = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const quantisation = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]);
  const frame = Buffer.from([0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]);
  const dcTable = Buffer.concat([Buffer.from([0x00, 0, 1]), Buffer.alloc(14), Buffer.from([0x00])]);
  const acTable = Buffer.concat([Buffer.from([0x10, 0, 1]), Buffer.alloc(14), Buffer.from([0x00])]);
  const scan = Buffer.from([0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, jfif),
    segment(0xdb, quantisation),
    segment(0xc0, frame),
    segment(0xc4, Buffer.concat([dcTable, acTable])),
    segment(0xda, scan),
    Buffer.from([0x00, 0x00]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A 1×1 8-bit grey uncompressed TIFF, in either byte order. */
export function sampleTiff(byteOrder: 'II' | 'MM' = 'II'): Buffer {
  const little = byteOrder === 'II';
  const entries: Array<[tag: number, type: number, value: number]> = [
    [256, 3, 1], // ImageWidth
    [257, 3, 1], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // Photometric: black is zero
    [273, 4, 0], // StripOffsets, filled below
    [278, 3, 1], // RowsPerStrip
    [279, 4, 1], // StripByteCounts
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const pixelOffset = 8 + ifdSize;
  const file = Buffer.alloc(pixelOffset + 1);
  const u16 = (value: number, at: number) => (little ? file.writeUInt16LE(value, at) : file.writeUInt16BE(value, at));
  const u32 = (value: number, at: number) => (little ? file.writeUInt32LE(value, at) : file.writeUInt32BE(value, at));
  file.write(byteOrder, 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  u16(entries.length, 8);
  entries.forEach(([tag, type, value], index) => {
    const at = 10 + index * 12;
    u16(tag, at);
    u16(type, at + 2);
    u32(1, at + 4);
    const actual = tag === 273 ? pixelOffset : value;
    if (type === 3) u16(actual, at + 8);
    else u32(actual, at + 8);
  });
  u32(0, 10 + entries.length * 12);
  file.writeUInt8(0x80, pixelOffset);
  return file;
}

const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`;

export function sampleDocxEntries(): ZipInput[] {
  return [
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${RELS}<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/document.xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Solicitud de Peñalosa</w:t></w:r></w:p></w:body></w:document>`,
    },
  ];
}

export const sampleDocx = (): Buffer => buildZip(sampleDocxEntries());

export function sampleXlsx(): Buffer {
  return buildZip([
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${RELS}<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `${RELS}<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1234.5</v></c></row></sheetData></worksheet>`,
    },
  ]);
}

export function sampleOdfEntries(kind: 'text' | 'spreadsheet'): ZipInput[] {
  const mimetype = `application/vnd.oasis.opendocument.${kind}`;
  const body =
    kind === 'text'
      ? '<office:text><text:p>Informe de Peñalosa</text:p></office:text>'
      : '<office:spreadsheet><table:table table:name="Hoja1"/></office:spreadsheet>';
  return [
    { name: 'mimetype', content: mimetype, store: true },
    {
      name: 'content.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" office:version="1.3"><office:body>${body}</office:body></office:document-content>`,
    },
    {
      name: 'META-INF/manifest.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimetype}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    },
  ];
}

export const sampleOdt = (): Buffer => buildZip(sampleOdfEntries('text'));
export const sampleOds = (): Buffer => buildZip(sampleOdfEntries('spreadsheet'));

/** The start of a Windows PE executable: DOS header, stub, PE signature. */
export function sampleWindowsExecutable(): Buffer {
  const file = Buffer.alloc(512);
  file.write('MZ', 0, 'latin1');
  file.writeUInt16LE(0x90, 2);
  file.writeUInt32LE(0x80, 0x3c);
  file.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  file.write('PE\0\0', 0x80, 'latin1');
  file.writeUInt16LE(0x8664, 0x84);
  return file;
}

export function sampleElfExecutable(): Buffer {
  const file = Buffer.alloc(128);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(file);
  file.writeUInt16LE(2, 16); // ET_EXEC
  file.writeUInt16LE(0x3e, 18); // x86-64
  return file;
}
