import { createHash } from 'node:crypto';
import type { DocumentStorage } from '../../storage/document-storage';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The stored bytes of a document, or `undefined` when the file is missing, is longer than `tamano`
 * (read no further: it is not the file the row describes) or does not match its SHA-256.
 */
export async function leerIntacto(
  storage: DocumentStorage,
  clave: string,
  documento: { huella: string; tamano: number },
): Promise<Buffer | undefined> {
  try {
    const trozos: Buffer[] = [];
    let leidos = 0;
    const lectura = await storage.read(clave);
    for await (const trozo of lectura as AsyncIterable<Buffer>) {
      leidos += trozo.length;
      if (leidos > documento.tamano) {
        lectura.destroy();
        return undefined;
      }
      trozos.push(trozo);
    }
    const bytes = Buffer.concat(trozos, leidos);
    return sha256(bytes) === documento.huella ? bytes : undefined;
  } catch {
    return undefined;
  }
}
