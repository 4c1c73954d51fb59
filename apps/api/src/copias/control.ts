import { mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { PgliteDatabase } from '../db/pglite-database';
import { leerEnInstantanea, type LecturaEnInstantanea } from './instantanea';

/**
 * Only one process may open the embedded database's folder, so while the API runs a backup asks
 * the API for the dump through a unix socket in that folder's `control/` (0700: only the user the
 * API runs as, who can read the data folder anyway). One request per connection: the client sends
 * `{"orden":"volcar"}` and a newline; the API answers one JSON line and closes.
 */
export function rutaSocketDeControl(dataDir: string): string {
  return path.join(dataDir, 'control', 'copias.sock');
}

export interface VolcadoRemoto extends LecturaEnInstantanea {
  sql: string;
}

type Respuesta = { ok: true; volcado: VolcadoRemoto } | { ok: false; error: string };

const MAX_ORDEN = 1024;

export async function servirControl(
  db: PgliteDatabase,
  dataDir: string,
  log: { info(msg: string): void; error(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const socket = rutaSocketDeControl(dataDir);
  await mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
  // The data folder's lock is ours: a socket file left there is a previous run's.
  await rm(socket, { force: true });
  const server = net.createServer((conexion) => {
    let orden = '';
    conexion.setEncoding('utf8');
    conexion.on('error', () => {});
    conexion.on('data', (trozo: string) => {
      orden += trozo;
      if (orden.length > MAX_ORDEN) return conexion.destroy();
      if (!orden.includes('\n')) return;
      conexion.pause();
      void responder(orden.slice(0, orden.indexOf('\n'))).then((respuesta) =>
        conexion.end(`${JSON.stringify(respuesta)}\n`),
      );
    });
  });
  const responder = async (linea: string): Promise<Respuesta> => {
    let pedido: unknown;
    try {
      pedido = JSON.parse(linea);
    } catch {
      return { ok: false, error: 'Orden no válida.' };
    }
    if ((pedido as { orden?: unknown }).orden !== 'volcar') return { ok: false, error: 'Orden desconocida.' };
    try {
      const { sql, leido } = await db.volcar(leerEnInstantanea);
      log.info(
        `copia de seguridad: volcado de la base de datos embebida servido (${leido.documentos.length} documentos)`,
      );
      return { ok: true, volcado: { sql, ...leido } };
    } catch (error) {
      log.error({ err: error }, 'copia de seguridad: no se pudo volcar la base de datos embebida');
      return { ok: false, error: `No se pudo volcar la base de datos: ${(error as Error).message}` };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socket, { force: true });
  };
}

/** Asks the running API for a dump; `undefined` when no API answers on the socket. */
export function pedirVolcado(dataDir: string): Promise<VolcadoRemoto | undefined> {
  const socket = rutaSocketDeControl(dataDir);
  return new Promise((resolve, reject) => {
    const conexion = net.createConnection(socket);
    let respuesta = '';
    let conectado = false;
    conexion.setEncoding('utf8');
    conexion.on('connect', () => {
      conectado = true;
      conexion.write('{"orden":"volcar"}\n');
    });
    conexion.on('data', (trozo: string) => (respuesta += trozo));
    conexion.on('error', (error: NodeJS.ErrnoException) => {
      if (!conectado && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(new Error(`La API no respondió por ${socket}: ${error.message}`));
    });
    conexion.on('end', () => {
      try {
        const leida = JSON.parse(respuesta) as Respuesta;
        if (leida.ok) resolve(leida.volcado);
        else reject(new Error(leida.error));
      } catch {
        reject(new Error(`La API cerró la conexión de ${socket} sin responder.`));
      }
    });
  });
}
