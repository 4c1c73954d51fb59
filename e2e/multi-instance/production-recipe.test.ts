import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@ecodigital/api/testing/test-database';
import { startIdp } from '@ecodigital/idp/app';
import { signIn } from '@ecodigital/idp/test-client';
import { pdfEscaneado } from '@ecodigital/api/modules/documentos/texto/testing/archivos-con-texto';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The README's production recipe, run for real: a clean copy of the sources is built, a second
 * folder gets only the manifests, production dependencies and the built files (the Dockerfile's
 * runtime stage), and `node apps/api/dist/server.js` serves against PostgreSQL.
 */
const repoRoot = join(import.meta.dirname, '..', '..');
const DOCKERFILE = join(repoRoot, 'deploy', 'Dockerfile');

export const RECIPE = {
  build: 'npm ci --no-audit --no-fund && npm run build',
  runtimeInstall: 'npm ci --omit=dev --workspace=@ecodigital/api --no-audit --no-fund',
  start: ['node', 'apps/api/dist/server.js'],
  /** Migrations and the API role's privileges, with the schema owner's connection (README, «Producción»). */
  migrate: ['node', 'apps/api/dist/migrar.js'],
  /** What the runtime stage copies from the build, besides node_modules. */
  manifests: [
    'package.json',
    'package-lock.json',
    '.npmrc',
    'apps/api/package.json',
    'apps/web/package.json',
    'apps/idp/package.json',
    'packages/contracts/package.json',
    'e2e/package.json',
  ],
  built: ['apps/api/dist', 'apps/web/dist'],
} as const;

const sh = (command: string, cwd: string) =>
  promisify(execFile)('sh', ['-c', command], {
    cwd,
    // The machine's npm cache already holds every package: no need to ask the registry again.
    env: { ...process.env, npm_config_prefer_offline: 'true', NODE_ENV: '' },
    maxBuffer: 64 * 1024 * 1024,
  });

describe('the production recipe (README, deploy/Dockerfile)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('is the one the Dockerfile runs', async () => {
    const dockerfile = await readFile(DOCKERFILE, 'utf8');
    expect(dockerfile).toContain(`RUN ${RECIPE.build}\n`);
    expect(dockerfile).toContain(`RUN ${RECIPE.runtimeInstall} && npm cache clean --force\n`);
    expect(dockerfile).toContain(`CMD ${JSON.stringify(RECIPE.start).replaceAll(',', ', ')}\n`);
    for (const file of RECIPE.manifests)
      expect(dockerfile).toMatch(new RegExp(`COPY --from=build [^\\n]*/app/${file}`));
    for (const dir of RECIPE.built) expect(dockerfile).toContain(`COPY --from=build /app/${dir} ${dir}`);
  });

  it('builds a clean copy, installs production dependencies only, migrates as the owner, serves as the API role, and reads a scan', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ecodigital-produccion-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const source = join(work, 'fuentes');
    const runtime = join(work, 'imagen');

    // A clean copy: what git tracks (and new files not ignored), nothing built, no node_modules.
    const { stdout } = await promisify(execFile)('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
    for (const file of stdout.split('\0').filter(Boolean)) {
      if (!existsSync(join(repoRoot, file))) continue;
      await mkdir(dirname(join(source, file)), { recursive: true });
      await cp(join(repoRoot, file), join(source, file));
    }
    await sh(RECIPE.build, source);

    for (const file of RECIPE.manifests) {
      await mkdir(dirname(join(runtime, file)), { recursive: true });
      await cp(join(source, file), join(runtime, file));
    }
    await sh(RECIPE.runtimeInstall, runtime);
    for (const dir of RECIPE.built) await cp(join(source, dir), join(runtime, dir), { recursive: true });
    for (const devOnly of ['tsx', 'vite', 'vitest', 'esbuild', 'typescript', 'playwright-core', 'react']) {
      expect(existsSync(join(runtime, 'node_modules', devOnly)), `${devOnly} in the runtime image`).toBe(false);
    }

    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.drop());
    // Two roles, as the README says: the schema's owner migrates, the API works with its own.
    const apiRole = await database.createRole();
    const migrar = await promisify(execFile)(RECIPE.migrate[0], RECIPE.migrate.slice(1), {
      cwd: runtime,
      env: { PATH: process.env.PATH, DATABASE_MIGRATION_URL: database.url, DATABASE_URL: apiRole.url },
    });
    expect(migrar.stdout).toMatch(
      /Migraciones aplicadas: 001_extensions, .*\.\nPrivilegios del rol de la API concedidos\./,
    );

    const port = await freePort();
    const idp = await startIdp({ port: 0, dataDir: join(work, 'idp'), redirectUris: [`http://localhost:${port}/`] });
    cleanups.push(() => idp.close());
    const api = spawn(RECIPE.start[0], RECIPE.start.slice(1), {
      cwd: runtime,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: apiRole.url,
        OIDC_ISSUER: idp.issuer,
        DATA_DIR: join(work, 'datos'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    api.stdout!.on('data', (chunk) => (output += chunk));
    api.stderr!.on('data', (chunk) => (output += chunk));
    cleanups.push(() => stop(api));

    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, api);
    expect(health.status, output).toBe(200);
    expect(((await health.json()) as { data: { database: string } }).data.database).toBe('ok');

    const page = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<div id="root"></div>');
    // The API's role never needed more than its privileges, and nothing warned about it.
    expect(output).not.toMatch(/dueño de las tablas/);

    // A scanned PDF (pages that are only images) is read by OCR: Tesseract's Spanish model and
    // pdftoppm, as the image installs them, and found by a word of its text.
    const base = `http://127.0.0.1:${port}`;
    const { access_token } = await signIn({
      issuer: idp.issuer,
      username: 'admin',
      password: 'admin',
      redirectUri: `http://localhost:${port}/`,
    });
    const llamar = async <T = unknown>(metodo: string, ruta: string, cuerpo?: unknown): Promise<T> => {
      const response = await fetch(`${base}${ruta}`, {
        method: metodo,
        headers: {
          authorization: `Bearer ${access_token}`,
          ...(cuerpo instanceof FormData || cuerpo === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: cuerpo instanceof FormData ? cuerpo : cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
      });
      const json = (await response.json()) as { data: T; msg?: string };
      expect(response.ok, `${metodo} ${ruta}: ${response.status} ${json.msg ?? ''}`).toBe(true);
      return json.data;
    };
    await llamar('GET', '/api/session/get');
    const unidad = await llamar<{ id: number }>('POST', '/api/admin/unidades', {
      codigo: 'L01280796',
      nombre: 'Archivo de la receta',
    });
    const [admin] = (await llamar<{ items: { id_usuario: number }[] }>('GET', '/api/admin/usuarios?q=admin')).items;
    await llamar('PUT', `/api/admin/usuarios/${admin!.id_usuario}/unidades`, { unidades: [unidad.id] });
    const [tipo] = await llamar<{ id: number }[]>('GET', '/api/catalogos/tipos-expediente');
    const expediente = await llamar<{ id_expediente: number }>('POST', '/api/expedientes', {
      asunto: 'Solicitud escaneada',
      id_tipo: tipo!.id,
      id_unidad: unidad.id,
    });
    const [tipoDocumental] = await llamar<{ id: number }[]>('GET', '/api/catalogos/tipos-documentales');
    const formulario = new FormData();
    formulario.append('id_tipo_documental', String(tipoDocumental!.id));
    formulario.append(
      'archivo',
      new Blob(
        [new Uint8Array(await pdfEscaneado(['La señora Muñoz solicitó la licencia de apertura del almacén.']))],
        {
          type: 'application/pdf',
        },
      ),
      'solicitud-escaneada.pdf',
    );
    const [subido] = await llamar<{ resultado: string; documento: { id_documento: number } }[]>(
      'POST',
      `/api/expedientes/${expediente.id_expediente}/documentos`,
      formulario,
    );
    expect(subido!.resultado).toBe('subido');

    // Extraction runs in the background: wait for the word, or for the queue to give up on it.
    let encontrados: { id_documento: number }[] = [];
    for (let intento = 0; intento < 600 && encontrados.length === 0; intento++) {
      encontrados = (
        await llamar<{ items: { id_documento: number }[] }>('GET', '/api/documentos/buscar?q=almac%C3%A9n')
      ).items;
      if (encontrados.length === 0) {
        const indice = await llamar<{ errores: unknown[]; ocrDisponible: boolean }>('GET', '/api/admin/indice-texto');
        expect(indice.errores, JSON.stringify(indice)).toEqual([]);
        expect(indice.ocrDisponible).toBe(true);
        await sleep(250);
      }
    }
    expect(
      encontrados.map((documento) => documento.id_documento),
      output,
    ).toEqual([subido!.documento.id_documento]);
  }, 600_000);
});

async function waitForHealth(url: string, api: ChildProcess): Promise<Response> {
  for (let i = 0; i < 600; i++) {
    if (api.exitCode !== null) throw new Error(`the API stopped (code ${api.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return response;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('/api/health never answered 200');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
