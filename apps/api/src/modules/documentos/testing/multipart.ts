import { randomBytes } from 'node:crypto';

export type ParteFormulario =
  { campo: string; valor: string } | { campo: string; archivo: string; contenido: Buffer; tipo?: string };

/** A multipart/form-data body as a browser would send it; the filename goes out as raw UTF-8 like browsers do. */
export function formulario(partes: ParteFormulario[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----EcoDigitalPrueba${randomBytes(8).toString('hex')}`;
  const trozos: Buffer[] = [];
  for (const parte of partes) {
    trozos.push(Buffer.from(`--${boundary}\r\n`));
    if ('valor' in parte) {
      trozos.push(Buffer.from(`Content-Disposition: form-data; name="${parte.campo}"\r\n\r\n${parte.valor}\r\n`));
    } else {
      const nombre = parte.archivo.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
      trozos.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${parte.campo}"; filename="${nombre}"\r\n` +
            `Content-Type: ${parte.tipo ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        parte.contenido,
        Buffer.from('\r\n'),
      );
    }
  }
  trozos.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(trozos), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
