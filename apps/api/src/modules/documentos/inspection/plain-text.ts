import type { FileHandle } from 'node:fs/promises';
import { readAt } from './zip-directory';

export type TextKind = 'text' | 'invalid-text' | 'html' | 'svg' | 'xml';

/** Control characters (C0, DEL, C1: Unicode's `Cc`) except tab, line feed, form feed and carriage return. */
const FORBIDDEN_CONTROL = /(?![\t\n\f\r])\p{Cc}/u;
const CHUNK_SIZE = 64 * 1024;

/**
 * Whether the whole file is UTF-8 text without control characters, and not markup a browser would
 * render (HTML, SVG, XML). The file is read in bounded chunks, so size does not matter.
 */
export async function classifyText(file: FileHandle, fileSize: number, head: Buffer): Promise<TextKind> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    const headText = decoder.decode(head, { stream: true });
    if (FORBIDDEN_CONTROL.test(headText)) return 'invalid-text';
    const markup = classifyMarkup(headText);
    if (markup) return markup;

    for (let position = head.length; position < fileSize; position += CHUNK_SIZE) {
      const chunk = await readAt(file, position, Math.min(CHUNK_SIZE, fileSize - position));
      if (chunk.length === 0) break;
      if (FORBIDDEN_CONTROL.test(decoder.decode(chunk, { stream: true }))) return 'invalid-text';
    }
    decoder.decode();
    return 'text';
  } catch {
    return 'invalid-text';
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
