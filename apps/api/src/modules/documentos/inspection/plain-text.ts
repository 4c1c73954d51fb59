import type { FileHandle } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { readAt } from './read-at';
import { detectarCodificacion } from '../texto/formatos/texto-plano';

export type TextKind = 'text' | 'invalid-text' | 'html' | 'svg' | 'xml';

/** Control characters (C0, DEL, C1: Unicode's `Cc`) except tab, line feed, form feed and carriage return. */
const FORBIDDEN_CONTROL = /(?![\t\n\f\r])\p{Cc}/u;
const CHUNK_SIZE = 64 * 1024;

/** How a text file is encoded, from its first bytes (see `detectarCodificacion`); Windows-1252 only as a fallback. */
function encodingOf(head: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' {
  const encoding = detectarCodificacion(head);
  return encoding === 'UTF-16LE' ? 'utf-16le' : encoding === 'UTF-16BE' ? 'utf-16be' : 'utf-8';
}

/**
 * Whether the whole file is text without control characters, and not markup a browser would
 * render (HTML, SVG, XML). Text is UTF-8, UTF-16 (with a byte-order mark, or Latin text without
 * one) or, when it is not valid UTF-8, Windows-1252 (issue 13: the text of these is extracted).
 * The file is read in bounded chunks, so size does not matter.
 */
export async function classifyText(file: FileHandle, fileSize: number, head: Buffer): Promise<TextKind> {
  const encoding = encodingOf(head);
  const kind = await scan(file, fileSize, head, encoding);
  if (kind !== 'undecodable' || encoding !== 'utf-8') return kind === 'undecodable' ? 'invalid-text' : kind;
  const fallback = await scan(file, fileSize, head, 'windows-1252');
  return fallback === 'undecodable' ? 'invalid-text' : fallback;
}

/** Decodes chunk after chunk; throws on a sequence that is not text in `encoding`. */
function streamingDecoder(encoding: string): { decode(chunk: Buffer): string; end(): string } {
  if (encoding === 'windows-1252') {
    // Node's TextDecoder reads this label as ISO-8859-1 (0x80 is not «€»); iconv-lite follows Windows.
    const decoder = iconv.getDecoder('windows-1252');
    const checked = (text: string) => {
      if (text.includes('\uFFFD')) throw new Error('byte undefined in Windows-1252');
      return text;
    };
    return { decode: (chunk) => checked(decoder.write(chunk)), end: () => checked(decoder.end() ?? '') };
  }
  const decoder = new TextDecoder(encoding, { fatal: true });
  return { decode: (chunk) => decoder.decode(chunk, { stream: true }), end: () => decoder.decode() };
}

async function scan(
  file: FileHandle,
  fileSize: number,
  head: Buffer,
  encoding: string,
): Promise<TextKind | 'undecodable'> {
  const decoder = streamingDecoder(encoding);
  try {
    const headText = decoder.decode(head);
    if (FORBIDDEN_CONTROL.test(headText)) return 'invalid-text';
    const markup = classifyMarkup(headText);
    if (markup) return markup;

    for (let position = head.length; position < fileSize; position += CHUNK_SIZE) {
      const chunk = await readAt(file, position, Math.min(CHUNK_SIZE, fileSize - position));
      if (chunk.length === 0) break;
      if (FORBIDDEN_CONTROL.test(decoder.decode(chunk))) return 'invalid-text';
    }
    decoder.end();
    return 'text';
  } catch {
    return 'undecodable';
  }
}

/** Markup is recognised by its first non-blank characters, as browsers sniff it. */
function classifyMarkup(text: string): 'html' | 'svg' | 'xml' | undefined {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^<[a-zA-Z!?/]/.test(start)) return undefined;
  const prologue = start.slice(0, 4096).toLowerCase();
  if (/<svg[\s>/]/.test(prologue) || prologue.includes('<!doctype svg')) return 'svg';
  if (prologue.startsWith('<?xml') && !/<(html|!doctype html)[\s>]/.test(prologue)) return 'xml';
  return 'html';
}
