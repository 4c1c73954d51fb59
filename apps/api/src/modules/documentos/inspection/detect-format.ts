import { open } from 'node:fs/promises';
import path from 'node:path';
import { ACCEPTED_FORMATS, REJECTION_MESSAGES, type Formato, type RejectionReason } from './formats';
import { classifyArchive } from './office-documents';
import { classifyText } from './plain-text';
import { readAt } from './read-at';
import { ZipArchive } from './zip-archive';

/**
 * The real type of a received file, from its bytes only: neither the name nor the browser's
 * Content-Type is trusted. The name is used for one thing: telling CSV from plain text once the
 * bytes are known to be text. Reads are bounded (a 64 KiB head, the ZIP directory from the tail,
 * text in 64 KiB chunks), so a large file is never held in memory.
 */

export type FormatDetection =
  { accepted: true; formato: Formato; mime: string } | { accepted: false; reason: RejectionReason; message: string };

export interface DetectFormatOptions {
  /** The (normalised) client filename; only its extension is read, and only for text. */
  filename?: string;
}

const HEAD_SIZE = 64 * 1024;

export async function detectFormat(filePath: string, options: DetectFormatOptions = {}): Promise<FormatDetection> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    if (size === 0) return reject('empty');
    const head = await readAt(file, 0, Math.min(HEAD_SIZE, size));

    if (isExecutable(head)) return reject('executable');
    const binary = detectBinaryFormat(head);
    if (binary) return accept(binary);

    if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
      const archive = await ZipArchive.open(file);
      if (!archive) return reject('archive');
      const kind = classifyArchive(archive.entries, head);
      return kind === 'archive' || kind === 'macros' ? reject(kind) : accept(kind);
    }
    if (isOtherArchive(head)) return reject('archive');

    const text = await classifyText(file, size, head);
    if (text !== 'text') return reject(text);
    return accept(path.extname(options.filename ?? '').toLowerCase() === '.csv' ? 'CSV' : 'TXT');
  } finally {
    await file.close();
  }
}

function detectBinaryFormat(head: Buffer): Formato | undefined {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'PDF'; // %PDF-
  if (
    startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    head.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return 'PNG';
  }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'JPEG';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'TIFF';
  return undefined;
}

const EXECUTABLE_SIGNATURES = [
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32
  [0xfe, 0xed, 0xfa, 0xcf], // Mach-O 64
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O 32, little-endian
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64, little-endian
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal / Java class
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
  [0x23, 0x21], // #! script
];

function isExecutable(head: Buffer): boolean {
  if (EXECUTABLE_SIGNATURES.some((signature) => startsWith(head, signature))) return true;
  // "MZ" alone could start a line of text; a DOS/Windows executable has binary bytes right after.
  return startsWith(head, [0x4d, 0x5a]) && head.subarray(0, 512).includes(0);
}

const OTHER_ARCHIVE_SIGNATURES = [
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0x50, 0x4b, 0x07, 0x08], // spanned ZIP
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // RAR
];

function isOtherArchive(head: Buffer): boolean {
  return OTHER_ARCHIVE_SIGNATURES.some((signature) => startsWith(head, signature));
}

function startsWith(head: Buffer, signature: readonly number[]): boolean {
  return head.length >= signature.length && signature.every((byte, index) => head[index] === byte);
}

function accept(formato: Formato): FormatDetection {
  return { accepted: true, formato, mime: ACCEPTED_FORMATS[formato].mime };
}

function reject(reason: RejectionReason): FormatDetection {
  return { accepted: false, reason, message: REJECTION_MESSAGES[reason] };
}
