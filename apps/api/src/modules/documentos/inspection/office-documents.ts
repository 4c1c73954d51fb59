import type { ZipEntry } from './zip-archive';

export type ArchiveKind = 'DOCX' | 'XLSX' | 'ODT' | 'ODS' | 'macros' | 'archive';

const ODF_MIMETYPES: Record<string, 'ODT' | 'ODS'> = {
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
};
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const STORED = 0;

/**
 * Tells an OOXML (DOCX, XLSX) or ODF (ODT, ODS) document from any other ZIP by its entry names and,
 * for ODF, by the uncompressed `mimetype` entry the format requires first. `head` is the start of
 * the file. Macro-enabled variants are told apart so they can be refused.
 */
export function classifyArchive(entries: readonly ZipEntry[], head: Buffer): ArchiveKind {
  const odf = readOdfMimetype(entries, head);
  if (odf) {
    return entries.some((entry) => isOdfMacro(entry.name)) ? 'macros' : odf;
  }

  const names = entries.map((entry) => entry.name.toLowerCase());
  if (!names.includes('[content_types].xml')) return 'archive';
  const isWord = names.some((name) => name.startsWith('word/'));
  const isSpreadsheet = names.some((name) => name.startsWith('xl/'));
  if (isWord === isSpreadsheet) return 'archive';
  if (names.some((name) => name.endsWith('vbaproject.bin'))) return 'macros';
  return isWord ? 'DOCX' : 'XLSX';
}

function readOdfMimetype(entries: readonly ZipEntry[], head: Buffer): 'ODT' | 'ODS' | undefined {
  const first = entries[0];
  if (!first || first.name !== 'mimetype' || first.localHeaderOffset !== 0 || first.method !== STORED) return undefined;
  if (head.length < 30 || head.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE || head.readUInt16LE(8) !== STORED) {
    return undefined;
  }
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  if (head.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return undefined;
  const dataStart = 30 + nameLength + extraLength;
  const content = head.toString('latin1', dataStart, dataStart + first.compressedSize);
  return ODF_MIMETYPES[content];
}

/** LibreOffice keeps Basic modules under `Basic/<library>/`; the `*-lc.xml`/`*-lb.xml` indexes alone hold no code. */
function isOdfMacro(name: string): boolean {
  if (name.startsWith('Scripts/')) return true;
  if (!name.startsWith('Basic/') || name.endsWith('/')) return false;
  return !/-(lc|lb)\.xml$/.test(name);
}
