import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { tamanoDe } from './archivos';
import { ARCHIVO_MANIFIESTO, CARPETA_COPIAS, FORMATO_COPIA, VERSION_FORMATO, type Manifiesto } from './formato';

export class CopiaNoRestaurableError extends Error {
  override name = 'CopiaNoRestaurableError';
}

export interface CopiaLocalizada {
  /** The backup folder (where `documentos/` is). */
  raiz: string;
  carpetaCopia: string;
  nombre: string;
  manifiesto: Manifiesto;
}

/**
 * The copy to restore from `carpeta`: the newest one in it, or `nombre`; or `carpeta` itself when
 * it is one copy's folder. A copy without its manifest was interrupted: it is refused, naming the
 * newest complete copy, never restored in part.
 */
export async function localizarCopia(carpeta: string, nombre?: string): Promise<CopiaLocalizada> {
  const raizAbsoluta = path.resolve(carpeta);
  if (path.basename(path.dirname(raizAbsoluta)) === CARPETA_COPIAS && !nombre) {
    return leerCopia(path.dirname(path.dirname(raizAbsoluta)), path.basename(raizAbsoluta), []);
  }
  let copias: string[];
  try {
    copias = (await readdir(path.join(raizAbsoluta, CARPETA_COPIAS), { withFileTypes: true }))
      .filter((entrada) => entrada.isDirectory())
      .map((entrada) => entrada.name)
      .sort();
  } catch {
    throw new CopiaNoRestaurableError(
      `«${carpeta}» no contiene copias de seguridad de EcoDigital (falta «${CARPETA_COPIAS}/»).`,
    );
  }
  if (!copias.length) throw new CopiaNoRestaurableError(`«${carpeta}» no contiene ninguna copia de seguridad.`);
  const elegida = nombre ?? copias[copias.length - 1]!;
  if (!copias.includes(elegida))
    throw new CopiaNoRestaurableError(`No hay ninguna copia «${elegida}» en «${carpeta}».`);
  return leerCopia(raizAbsoluta, elegida, copias);
}

async function leerCopia(raiz: string, nombre: string, todas: string[]): Promise<CopiaLocalizada> {
  const carpetaCopia = path.join(raiz, CARPETA_COPIAS, nombre);
  const rutaManifiesto = path.join(carpetaCopia, ARCHIVO_MANIFIESTO);
  if ((await tamanoDe(rutaManifiesto)) === undefined) {
    const completas: string[] = [];
    for (const otra of todas) {
      if ((await tamanoDe(path.join(raiz, CARPETA_COPIAS, otra, ARCHIVO_MANIFIESTO))) !== undefined)
        completas.push(otra);
    }
    const anterior = completas.filter((otra) => otra < nombre).pop();
    throw new CopiaNoRestaurableError(
      `La copia «${nombre}» está incompleta: no tiene manifiesto (se interrumpió mientras se hacía) y no se restaura.` +
        (anterior
          ? ` La copia completa más reciente anterior es «${anterior}»: restáurela con --copia ${anterior}.`
          : ''),
    );
  }
  let manifiesto: Manifiesto;
  try {
    manifiesto = JSON.parse(await readFile(rutaManifiesto, 'utf8')) as Manifiesto;
  } catch (error) {
    throw new CopiaNoRestaurableError(
      `El manifiesto de la copia «${nombre}» no se puede leer: ${(error as Error).message}`,
    );
  }
  if (manifiesto.formato !== FORMATO_COPIA || manifiesto.version !== VERSION_FORMATO) {
    throw new CopiaNoRestaurableError(
      `La copia «${nombre}» tiene un formato desconocido (${String(manifiesto.formato)} ${String(manifiesto.version)}).`,
    );
  }
  return { raiz, carpetaCopia, nombre, manifiesto };
}
