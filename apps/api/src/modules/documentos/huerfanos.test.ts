import { randomUUID } from 'node:crypto';
import { readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../../testing/test-stack';
import { GRACIA_HUERFANOS_MS, reconciliarHuerfanos } from './huerfanos';
import type { LocalDocumentStorage } from '../../storage/local-storage';
import { receiveToTemp } from '../../storage/receive';
import { registroDePrueba, subirDocumentoDePrueba } from './testing/documento-subido';

describe('reconciliarHuerfanos (real PostgreSQL, real local storage)', () => {
  const stack = useTestStack();
  let storage: LocalDocumentStorage;
  let token: string;

  beforeAll(async () => {
    storage = stack.app().storage as LocalDocumentStorage;
    token = (await stack.idp().tokensFor('gestor')).access_token;
  });

  /** What a crash between the storage commit and the database commit leaves behind. */
  async function archivoSinFila(contenido: string): Promise<string> {
    const { tempPath } = await receiveToTemp(Readable.from([Buffer.from(contenido)]), {
      tempDir: storage.tempDir,
      maxBytes: 1024,
    });
    const clave = randomUUID();
    await storage.commit(tempPath, clave);
    return clave;
  }

  const rutaDe = (clave: string) => path.join(storage.dir, clave.slice(0, 2), clave.slice(2, 4), clave);
  async function envejecer(clave: string): Promise<void> {
    const antes = new Date(Date.now() - GRACIA_HUERFANOS_MS - 60 * 60 * 1000);
    await utimes(rutaDe(clave), antes, antes);
  }

  it('moves an old file without a row to huerfanos/ and logs it; leaves a fresh one and one with a row', async () => {
    const { idDocumento, clave: conFila } = await subirDocumentoDePrueba(stack.testApp(), token, 'Informe con fila');
    const viejo = await archivoSinFila('subida que perdió su fila');
    const reciente = await archivoSinFila('subida entre el commit del archivo y el de la fila');
    await envejecer(viejo);
    await envejecer(conFila);
    const { log, avisos } = registroDePrueba();

    const resultado = await reconciliarHuerfanos(stack.app().db, storage, log);

    expect(resultado).toEqual({ revisados: 3, apartados: [`huerfanos/${viejo}`] });
    expect(await storage.exists(viejo)).toBe(false);
    expect(await readFile(path.join(storage.dir, 'huerfanos', viejo), 'utf8')).toBe('subida que perdió su fila');
    expect(await storage.exists(reciente)).toBe(true);
    expect(await storage.exists(conFila)).toBe(true);
    expect(avisos).toEqual([
      {
        mensaje: 'archivo almacenado sin documento: apartado a huerfanos/ para revisión',
        datos: expect.objectContaining({
          clave: viejo,
          destino: `huerfanos/${viejo}`,
          tamano: Buffer.byteLength('subida que perdió su fila'),
        }),
      },
    ]);
    const descarga = await stack.app().inject({
      method: 'GET',
      url: `/api/documentos/${idDocumento}/descargar`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(descarga.statusCode).toBe(200);
  });

  it('is safe when several instances reconcile at once: each orphan is moved exactly once', async () => {
    const huerfanos = await Promise.all(['uno', 'dos', 'tres'].map((texto) => archivoSinFila(`huérfano ${texto}`)));
    await Promise.all(huerfanos.map(envejecer));

    const instancias = await Promise.all(
      [1, 2, 3].map(() => reconciliarHuerfanos(stack.app().db, storage, registroDePrueba().log)),
    );

    const apartados = instancias.flatMap((instancia) => instancia.apartados);
    expect(apartados.sort()).toEqual(huerfanos.map((clave) => `huerfanos/${clave}`).sort());
    for (const clave of huerfanos) {
      expect(await readFile(path.join(storage.dir, 'huerfanos', clave), 'utf8')).toMatch(/^huérfano /);
    }
  });
});
