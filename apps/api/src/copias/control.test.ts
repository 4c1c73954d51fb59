import { mkdtemp, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrator';
import { createPgliteDatabase, type PgliteDatabase } from '../db/pglite-database';
import { pedirVolcado, rutaSocketDeControl, servirControl } from './control';

const silencio = { info: () => {}, error: () => {} };

function enviar(socket: string, texto: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conexion = net.createConnection(socket, () => conexion.write(texto));
    let respuesta = '';
    conexion.setEncoding('utf8');
    conexion.on('data', (trozo: string) => (respuesta += trozo));
    conexion.on('close', () => resolve(respuesta));
    conexion.on('error', reject);
  });
}

describe('socket de control de las copias', { timeout: 120_000 }, () => {
  let db: PgliteDatabase;
  let dataDir: string;
  let cerrar: () => Promise<void>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecodigital-control-'));
    db = await createPgliteDatabase();
    await runMigrations(db);
    cerrar = await servirControl(db, dataDir, silencio);
  }, 120_000);
  afterAll(async () => {
    await cerrar?.();
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('solo lo abre el usuario de la API', async () => {
    expect((await stat(path.dirname(rutaSocketDeControl(dataDir)))).mode & 0o777).toBe(0o700);
  });

  it('entrega el volcado y lo leído en su instantánea, y la base sigue atendiendo', async () => {
    const volcado = await pedirVolcado(dataDir);
    expect(volcado?.sql).toContain('CREATE TABLE public.documento');
    expect(volcado?.documentos).toEqual([]);
    expect(volcado?.recuentos.expediente).toBe(0);
    expect(volcado?.migraciones.length).toBeGreaterThan(0);
    expect(await db.query('SELECT 1 AS uno')).toEqual([{ uno: 1 }]);
  });

  it('responde con un error a una orden desconocida y corta una orden desmedida', async () => {
    expect(JSON.parse(await enviar(rutaSocketDeControl(dataDir), '{"orden":"borrar"}\n'))).toEqual({
      ok: false,
      error: 'Orden desconocida.',
    });
    expect(JSON.parse(await enviar(rutaSocketDeControl(dataDir), 'no es JSON\n'))).toEqual({
      ok: false,
      error: 'Orden no válida.',
    });
    expect(await enviar(rutaSocketDeControl(dataDir), 'x'.repeat(5_000))).toBe('');
  });

  it('sin API que escuche, la copia sabe que debe abrir la carpeta ella misma', async () => {
    expect(await pedirVolcado(path.join(dataDir, 'otra'))).toBeUndefined();
  });
});
