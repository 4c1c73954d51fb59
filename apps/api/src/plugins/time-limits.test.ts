import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../testing/api-client';
import { useTestStack } from '../testing/test-stack';
import { samplePdf } from '../modules/documentos/inspection/testing/sample-files';
import { idUnidad } from '../testing/organizacion';

/**
 * Over a real socket, with short limits: a client that trickles its body is cut off, whatever the
 * route, and an upload's temp file goes with it.
 */
describe('time limits against slow clients', () => {
  const stack = useTestStack({ env: { TRANSFER_IDLE_TIMEOUT_MS: '400', REQUEST_TIMEOUT_MS: '1500' } });
  let token: string;
  let port: number;
  let expediente: Expediente;
  let idTipoDocumental: number;
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    token = (await stack.idp().tokensFor('gestor')).access_token;
    const gestor = apiClient(stack.app(), token);
    const [tipoExp] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_expediente LIMIT 1');
    const unidad = { id: await idUnidad(stack.app().db) };
    const [tipoDoc] = await stack.app().db.query<{ id: number }>('SELECT id FROM tipo_documental LIMIT 1');
    idTipoDocumental = tipoDoc!.id;
    expediente = (
      await gestor.post('/api/expedientes', { asunto: 'Subida lenta', id_tipo: tipoExp!.id, id_unidad: unidad!.id })
    ).json().data;
    await stack.app().listen({ port: 0, host: '127.0.0.1' });
    port = (stack.app().server.address() as AddressInfo).port;
  });

  afterEach(() => {
    for (const timer of timers.splice(0)) clearInterval(timer);
    for (const socket of sockets.splice(0)) socket.destroy();
  });

  /** Sends `head`, then one byte every 100 ms; resolves with what the server said when it closed. */
  async function trickle(head: string | Buffer, oneByte = 'x'): Promise<string> {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    await once(socket, 'connect');
    const answer: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => answer.push(chunk));
    socket.on('error', () => {});
    socket.write(head);
    timers.push(setInterval(() => socket.writable && socket.write(oneByte), 100));
    await Promise.race([
      // Not `once`: it rejects on the reset a client still writing may get when the server closes.
      new Promise((resolve) => socket.once('close', resolve)),
      new Promise((_, reject) => setTimeout(() => reject(new Error('the server kept the connection open')), 15_000)),
    ]);
    return Buffer.concat(answer).toString('utf8');
  }

  it('ends an upload that sends one byte at a time, and removes its temp file', async () => {
    const boundary = '----EcoDigitalGoteo';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="id_tipo_documental"\r\n\r\n${idTipoDocumental}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="goteo.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      samplePdf('goteo'),
    ]);
    const head = Buffer.concat([
      Buffer.from(
        `POST /api/expedientes/${expediente.id_expediente}/documentos HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: ${body.length + 10_000_000}\r\n\r\n`,
      ),
      body,
    ]);
    const tempFilesWhileReceiving = new Promise<number>((resolve) => {
      const poll = setInterval(() => {
        void readdir(stack.app().storage.tempDir)
          .catch(() => [])
          .then((files) => {
            if (files.length === 0) return;
            clearInterval(poll);
            resolve(files.length);
          });
      }, 20);
      timers.push(poll);
    });

    await trickle(head);
    expect(await tempFilesWhileReceiving).toBeGreaterThan(0);
    // The aborted pipeline removes its temp file as it unwinds.
    await expect.poll(() => readdir(stack.app().storage.tempDir), { timeout: 5_000 }).toEqual([]);
    const documentos = await stack
      .app()
      .db.query('SELECT 1 FROM documento WHERE id_expediente = $1', [expediente.id_expediente]);
    expect(documentos).toEqual([]);
  }, 30_000);

  it('answers 503 and closes a JSON request whose body never finishes arriving', async () => {
    const answer = await trickle(
      `PATCH /api/expedientes/${expediente.id_expediente} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"asunto": "`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toContain('La solicitud tardó demasiado en completarse.');
  }, 30_000);

  // Answered before its body arrived (no token, no permission, unknown expediente…): nothing reads
  // the rest, and without a limit the sender could keep the connection for ever, signed in or not.
  it.each([
    ['an upload without a token', 'POST', () => `/api/expedientes/${expediente.id_expediente}/documentos`, false],
    ['a JSON request without a token', 'PATCH', () => `/api/expedientes/${expediente.id_expediente}`, false],
    ['an upload to an expediente that does not exist', 'POST', () => '/api/expedientes/999999/documentos', true],
  ])(
    'closes %s whose body keeps trickling after the answer',
    async (_case, method, url, signedIn) => {
      const answer = await trickle(
        `${method} ${url()} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          (signedIn ? `Authorization: Bearer ${token}\r\n` : '') +
          `Content-Type: application/octet-stream\r\nContent-Length: 10000000\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    },
    30_000,
  );
});
