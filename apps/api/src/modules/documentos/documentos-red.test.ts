import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../testing/api-client';
import { useTestStack } from '../../testing/test-stack';
import { samplePdf } from './inspection/testing/sample-files';
import type { LocalStorageConfig } from '../../storage/storage-config';
import { idUnidad } from '../../testing/organizacion';

/** Over a real socket: what inject cannot show (a client that vanishes halfway). */
describe('documentos over HTTP (real PostgreSQL, real dev IdP, real local storage)', () => {
  const stack = useTestStack();
  let token: string;
  let gestor: ApiClient;
  let port: number;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = (stack.testApp().config.storage as LocalStorageConfig).dir;
    token = (await stack.idp().tokensFor('gestor')).access_token;
    gestor = apiClient(stack.app(), token);
    await stack.app().listen({ port: 0, host: '127.0.0.1' });
    port = (stack.app().server.address() as AddressInfo).port;
  });

  async function archivos(): Promise<string[]> {
    const entries = await readdir(storageDir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  }

  it('leaves no file and no row when the client aborts halfway through the body', async () => {
    const [tipo] = await stack
      .app()
      .db.query<{ id: number }>(`SELECT id FROM tipo_documental WHERE nombre = 'Informe'`);
    const [tipoExp] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_expediente LIMIT 1');
    const unidad = { id: await idUnidad(stack.app().db) };
    const expediente: Expediente = (
      await gestor.post('/api/expedientes', {
        asunto: 'Subida interrumpida',
        id_tipo: tipoExp!.id,
        id_unidad: unidad!.id,
      })
    ).json().data;

    const boundary = '----EcoDigitalAborto';
    const inicio = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id_tipo_documental"\r\n\r\n${tipo!.id}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="mitad.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      samplePdf('mitad'),
      randomBytes(512 * 1024),
    ]);
    const recibido = new Promise<void>((resolve) => {
      const interval = setInterval(() => {
        void readdir(stack.app().storage.tempDir)
          .catch(() => [])
          .then((tmp) => {
            if (tmp.length === 0) return;
            clearInterval(interval);
            resolve();
          });
      }, 5);
    });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/expedientes/${expediente.id_expediente}/documentos`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(inicio.length * 4),
      },
    });
    request.on('error', () => {});
    request.write(inicio);
    await recibido; // the server is writing the temp file
    request.destroy();

    // The aborted pipeline removes its temp file as it unwinds, however busy the machine.
    await expect.poll(archivos, { timeout: 25_000, interval: 50 }).toEqual([]);
    expect(
      await stack.app().db.query('SELECT 1 FROM documento WHERE id_expediente = $1', [expediente.id_expediente]),
    ).toEqual([]);
    expect(
      (
        await stack
          .app()
          .db.query<{ evento: string }>('SELECT evento FROM historial WHERE id_expediente = $1', [
            expediente.id_expediente,
          ])
      ).map((e) => e.evento),
    ).toEqual(['creacion']);

    // The server is still healthy: the next upload goes through.
    const siguiente = await fetch(`http://127.0.0.1:${port}/api/expedientes/${expediente.id_expediente}/documentos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: (() => {
        const form = new FormData();
        form.append('id_tipo_documental', String(tipo!.id));
        form.append('archivo', new Blob([new Uint8Array(samplePdf('entera'))]), 'entera.pdf');
        return form;
      })(),
    });
    expect(siguiente.status).toBe(201);
  }, 60_000);
});
