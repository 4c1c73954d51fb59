import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ejecutar = promisify(execFile);

/** The official ENI schemas the module carries. */
export const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'xsd');
const NS_INDICE = 'http://administracionelectronica.gob.es/ENI/XSD/v1.0/expediente-e/indice-e';
const NS_XADES = 'http://uri.etsi.org/01903/v1.3.2#';

/** Runs a Debian tool nobody here wrote; its exit code and what it printed. */
export async function herramienta(orden: string, args: string[]): Promise<{ ok: boolean; salida: string }> {
  try {
    const { stdout, stderr } = await ejecutar(orden, args, { timeout: 60_000 });
    return { ok: true, salida: stdout + stderr };
  } catch (error) {
    const fallo = error as { stdout?: string; stderr?: string };
    return { ok: false, salida: `${fallo.stdout ?? ''}${fallo.stderr ?? ''}` };
  }
}

/** `xmlsec1 --verify` of a signed índice, trusting the CA in the PEM file `ca`. */
export const xmlsecVerify = (ca: string, archivo: string) =>
  herramienta('xmlsec1', [
    '--verify',
    '--trusted-pem',
    ca,
    '--id-attr:Id',
    `${NS_INDICE}:IndiceContenido`,
    '--id-attr:Id',
    `${NS_XADES}:SignedProperties`,
    archivo,
  ]);
