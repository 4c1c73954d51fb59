import { createHash, randomBytes } from 'node:crypto';
import type { CatalogoItem, Expediente } from '@ecodigital/contracts/expedientes';
import type { ResultadoSubida, ResultadoVerificacion } from '@ecodigital/contracts/documentos';
import { samplePdf } from '@ecodigital/api/modules/documentos/inspection/testing/sample-files';
import { signIn } from '@ecodigital/idp/test-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_HEADER } from './support/nginx';
import { startCluster, type Cluster } from './support/cluster';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('two API instances behind nginx, one database, one bucket, one sign-in', () => {
  const logLines: string[] = [];
  let cluster: Cluster;
  let accessToken: string;

  beforeAll(async () => {
    cluster = await startCluster((line) => {
      logLines.push(line);
      if (process.env.E2E_VERBOSE) process.stdout.write(line);
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${logLines.join('')}`);
    });
    // Signed in once, through the real login form; the same token goes to both instances.
    accessToken = (
      await signIn({
        issuer: cluster.issuer,
        username: 'gestor',
        password: 'gestor',
        redirectUri: `${cluster.balancedUrl}/`,
      })
    ).access_token;
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  const call = (baseUrl: string, path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${accessToken}` } });

  async function json<T>(response: Response, status = 200): Promise<T> {
    const body = await response.text();
    expect(response.status, body).toBe(status);
    return JSON.parse(body).data as T;
  }

  it('pins each extra nginx port to one instance', async () => {
    const pinned = await Promise.all(
      [cluster.instanceUrl.a, cluster.instanceUrl.b].map((url) => fetch(`${url}/api/health`)),
    );
    expect(pinned.map((response) => cluster.instanceOf(response.headers.get(UPSTREAM_HEADER)))).toEqual(['a', 'b']);
  });

  it('accepts the one token on both instances and answers the same session', async () => {
    const [sessionA, sessionB] = await Promise.all(
      [cluster.instanceUrl.a, cluster.instanceUrl.b].map(async (url) =>
        json<{ usuario: { username: string } }>(await call(url, '/api/session/get')),
      ),
    );
    expect(sessionA!.usuario.username).toBe('gestor');
    expect(sessionB).toEqual(sessionA);
  });

  async function createExpediente(baseUrl: string, asunto: string): Promise<Expediente> {
    const [tipo] = await json<CatalogoItem[]>(await call(baseUrl, '/api/catalogos/tipos-expediente'));
    const [unidad] = await json<CatalogoItem[]>(await call(baseUrl, '/api/catalogos/unidades?ambito=creacion'));
    const response = await call(baseUrl, '/api/expedientes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ asunto, id_tipo: tipo!.id, id_unidad: unidad!.id }),
    });
    return json<Expediente>(response, 201);
  }

  async function upload(baseUrl: string, idExpediente: number, nombre: string, bytes: Buffer) {
    const [tipoDocumental] = await json<CatalogoItem[]>(await call(baseUrl, '/api/catalogos/tipos-documentales'));
    const form = new FormData();
    form.append('id_tipo_documental', String(tipoDocumental!.id));
    form.append('archivo', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), nombre);
    const response = await call(baseUrl, `/api/expedientes/${idExpediente}/documentos`, { method: 'POST', body: form });
    const instance = cluster.instanceOf(response.headers.get(UPSTREAM_HEADER));
    const [resultado] = await json<ResultadoSubida[]>(response, 201);
    expect(resultado!.resultado).toBe('subido');
    return { instance, documento: resultado!.documento! };
  }

  it('uploads through instance A, downloads the same bytes through instance B, and lists alike through both', async () => {
    const asunto = `Varias instancias ${randomBytes(4).toString('hex')}`;
    const expediente = await createExpediente(cluster.instanceUrl.a, asunto);
    const bytes = Buffer.concat([samplePdf('Resolución compartida'), randomBytes(256 * 1024)]);
    const uploaded = await upload(cluster.instanceUrl.a, expediente.id_expediente, 'resolución.pdf', bytes);
    expect(uploaded.instance).toBe('a');

    const download = await call(cluster.instanceUrl.b, `/api/documentos/${uploaded.documento.id_documento}/descargar`);
    expect(cluster.instanceOf(download.headers.get(UPSTREAM_HEADER))).toBe('b');
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));

    const pages = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await call(cluster.balancedUrl, `/api/expedientes?q=${encodeURIComponent(asunto)}`);
      pages.push({
        instance: cluster.instanceOf(response.headers.get(UPSTREAM_HEADER)),
        body: await json<unknown>(response),
      });
    }
    expect(new Set(pages.map((page) => page.instance))).toEqual(new Set(['a', 'b']));
    for (const { body } of pages) expect(body).toEqual(pages[0]!.body);
    expect(pages[0]!.body).toMatchObject({ items: [{ id_expediente: expediente.id_expediente, asunto }] });
  });

  it('gives distinct folios and one unbroken índice to uploads made at once through both instances', async () => {
    const expediente = await createExpediente(
      cluster.balancedUrl,
      `Subidas simultáneas ${randomBytes(4).toString('hex')}`,
    );
    const uploads = await Promise.all(
      (['a', 'b', 'a', 'b'] as const).map((instance, n) =>
        upload(
          cluster.instanceUrl[instance],
          expediente.id_expediente,
          `anexo-${n + 1}.pdf`,
          samplePdf(`Anexo ${n + 1}`),
        ),
      ),
    );
    expect(uploads.map((uploaded) => uploaded.instance)).toEqual(['a', 'b', 'a', 'b']);
    expect(uploads.map((uploaded) => uploaded.documento.orden).sort((x, y) => x - y)).toEqual([1, 2, 3, 4]);

    for (const instance of ['a', 'b'] as const) {
      const verificacion = await json<ResultadoVerificacion>(
        await call(cluster.instanceUrl[instance], `/api/expedientes/${expediente.id_expediente}/verificar`, {
          method: 'POST',
        }),
      );
      expect(verificacion).toMatchObject({ correcto: true, documentos_verificados: 4, incidencias: [] });
    }
  });

  it(
    'shares one queue of text extraction: both instances extract, a pause made through one holds for the other',
    { timeout: 180_000 },
    async () => {
      const adminToken = (
        await signIn({
          issuer: cluster.issuer,
          username: 'admin',
          password: 'admin',
          redirectUri: `${cluster.balancedUrl}/`,
        })
      ).access_token;
      const asAdmin = (baseUrl: string, path: string, method = 'GET') =>
        fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${adminToken}` } });
      const colaTexto = async (baseUrl: string) =>
        (
          await json<{ colas: { nombre: string; pausada: boolean; pendientes: number; fallidos: number }[] }>(
            await asAdmin(baseUrl, '/api/admin/trabajos'),
          )
        ).colas.find((cola) => cola.nombre === 'texto')!;
      const estados = async (idExpediente: number) =>
        (
          await json<{ nombre: string; texto: { estado: string } }[]>(
            await call(cluster.balancedUrl, `/api/expedientes/${idExpediente}/documentos`),
          )
        )
          .map((documento) => `${documento.nombre}: ${documento.texto.estado}`)
          .sort();

      const expediente = await createExpediente(
        cluster.balancedUrl,
        `Cola compartida ${randomBytes(4).toString('hex')}`,
      );
      const nombres = ['acta-1.pdf', 'acta-2.pdf', 'acta-3.pdf', 'acta-4.pdf'];
      await Promise.all(
        nombres.map((nombre, n) =>
          upload(
            cluster.instanceUrl[n % 2 === 0 ? 'a' : 'b'],
            expediente.id_expediente,
            nombre,
            samplePdf(`Acta ${n}`),
          ),
        ),
      );
      await expect
        .poll(() => estados(expediente.id_expediente), { timeout: 60_000 })
        .toEqual(nombres.map((nombre) => `${nombre}: indexado`));

      expect((await asAdmin(cluster.instanceUrl.a, '/api/admin/trabajos/colas/texto/pausar', 'POST')).status).toBe(200);
      await upload(cluster.instanceUrl.b, expediente.id_expediente, 'acta-en-pausa.pdf', samplePdf('Acta en pausa'));
      // The other instance sees the pause and the waiting job: the queue's state is the database's.
      const enPausa = await colaTexto(cluster.instanceUrl.b);
      expect(enPausa.pausada).toBe(true);
      expect(enPausa.pendientes).toBeGreaterThanOrEqual(1);
      expect((await asAdmin(cluster.instanceUrl.b, '/api/admin/trabajos/colas/texto/reanudar', 'POST')).status).toBe(
        200,
      );
      await expect
        .poll(() => estados(expediente.id_expediente), { timeout: 60_000 })
        .toContain('acta-en-pausa.pdf: indexado');
      expect(await colaTexto(cluster.instanceUrl.a)).toMatchObject({ pausada: false, pendientes: 0, fallidos: 0 });
    },
  );
});
