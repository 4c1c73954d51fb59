import type { FileHandle } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { openDocumentZip } from '../../inspection/zip-archive';
import { ErrorDeExtraccion } from '../resultado';

/**
 * DOCX through mammoth, which reads the whole archive in memory: every part is first inflated in
 * a stream and counted, so a part that expands to gigabytes is refused before mammoth sees it.
 */
export async function textoDocx(file: FileHandle, ruta: string): Promise<string> {
  await (await openDocumentZip(file)).checkInflation();
  try {
    const { value } = await mammoth.extractRawText({ buffer: await readFile(ruta) });
    return value;
  } catch (error) {
    throw new ErrorDeExtraccion(`El documento Word está dañado (${(error as Error).message.split('\n')[0]}).`, true);
  }
}
