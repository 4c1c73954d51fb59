import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import dockerignore from '@balena/dockerignore';
import { DockerfileParser, type From } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { NGINX_PATH } from './support/nginx';

/**
 * What can be checked of the production image and compose file without a Docker engine (none on
 * this machine): the files are parsed as Docker and compose read them, not searched as text.
 */
const repoRoot = join(import.meta.dirname, '..', '..');
const deploy = (file: string) => join(repoRoot, 'deploy', file);
const run = promisify(execFile);

/** Debian packages the API runs besides Node (README, «Requisitos»). */
const PAQUETES = ['poppler-utils', 'tesseract-ocr-spa', 'xmlsec1', 'libxml2-utils', 'postgresql-client'];

/** An image named by an exact version: a tag with a digit that no release moves (never `latest` or a bare major). */
const fijada = (tag: string | null | undefined) => !!tag && tag !== 'latest' && /^(\d+\.\d+|RELEASE\.)/.test(tag);

async function dockerfile() {
  return DockerfileParser.parse(await readFile(deploy('Dockerfile'), 'utf8'));
}

interface Servicio {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
}

async function compose(): Promise<{ texto: string; servicios: Record<string, Servicio> }> {
  const texto = await readFile(deploy('compose.yaml'), 'utf8');
  return { texto, servicios: parseYaml(texto, { merge: true }).services };
}

/** Every string a YAML document holds, keys and values, however deep. */
function cadenas(valor: unknown): string[] {
  if (typeof valor === 'string') return [valor];
  if (Array.isArray(valor)) return valor.flatMap(cadenas);
  if (valor && typeof valor === 'object') return Object.entries(valor).flatMap(([k, v]) => [k, ...cadenas(v)]);
  return [];
}

describe('deploy/Dockerfile', () => {
  it('installs in the image that runs what the API needs besides Node: OCR, PDF pages, XML signatures', async () => {
    const stages = (await dockerfile()).getFROMs();
    const runtime = stages.at(-1)!;
    expect(runtime.getBuildStage()).toBe('runtime');
    const instrucciones = (await dockerfile())
      .getInstructions()
      .filter((i) => i.getRange().start.line > runtime.getRange().start.line);
    const apt = instrucciones
      .filter((i) => i.getKeyword() === 'RUN')
      .map((i) => i.getArgumentsContent() ?? '')
      .find((comando) => /apt-get install/.test(comando));
    expect(apt, 'a RUN with apt-get install in the runtime stage').toBeDefined();
    const instalados = apt!
      .slice(apt!.indexOf('apt-get install'))
      .split(/&&/)[0]!
      .split(/\s+/)
      .filter((palabra) => /^[a-z0-9][a-z0-9.+-]+$/.test(palabra));
    for (const paquete of PAQUETES) expect(instalados).toContain(paquete);
    expect(apt).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
  });

  it('builds from images pinned to an exact version', async () => {
    const froms: From[] = (await dockerfile()).getFROMs();
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(fijada(from.getImageTag()), from.getImage() ?? '').toBe(true);
  });
});

describe('.dockerignore', () => {
  it('keeps local data, dependencies, history, secrets and test output out of the build context', async () => {
    const filtro = dockerignore().add((await readFile(join(repoRoot, '.dockerignore'), 'utf8')).split('\n'));
    for (const fuera of [
      'data/db/PG_VERSION',
      'data/idp/jwks.json',
      'data/documentos/ab/cd',
      'node_modules/fastify/package.json',
      'apps/web/node_modules/.vite/x',
      'apps/api/dist/server.js',
      '.git/HEAD',
      '.env',
      'deploy/.env',
      'deploy/certificados/clave.pem',
      'e2e/screenshots/inicio.png',
    ]) {
      expect(filtro.ignores(fuera), fuera).toBe(true);
    }
  });

  it('lets every file of the repository reach the build', async () => {
    const filtro = dockerignore().add((await readFile(join(repoRoot, '.dockerignore'), 'utf8')).split('\n'));
    const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard'], {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
    const fuera = stdout.split('\n').filter((file) => file && filtro.ignores(file));
    expect(fuera).toEqual([]);
  });
});

describe('deploy/compose.yaml', () => {
  it('names every image by an exact version, or builds it from the Dockerfile', async () => {
    for (const [nombre, servicio] of Object.entries((await compose()).servicios)) {
      if (servicio.build) continue;
      const [, tag] = /^[^:]+(?::([^@]+))?/.exec(servicio.image ?? '') ?? [];
      expect(fijada(tag), `${nombre}: ${servicio.image}`).toBe(true);
    }
  });

  it('runs Keycloak in production mode', async () => {
    const { keycloak } = (await compose()).servicios;
    const orden = Array.isArray(keycloak!.command) ? keycloak!.command : keycloak!.command!.split(/\s+/);
    expect(orden[0]).toBe('start');
    expect(orden).not.toContain('start-dev');
    expect(keycloak!.environment).toMatchObject({ KC_DB: 'postgres', KC_PROXY_HEADERS: 'xforwarded' });
  });

  it('has no password of its own: every value taken from the environment is required, none has a default', async () => {
    const { texto, servicios } = await compose();
    const interpolaciones = cadenas(servicios).flatMap((cadena) =>
      [...cadena.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]!),
    );
    expect(interpolaciones.length).toBeGreaterThan(0);
    for (const interpolacion of interpolaciones) expect(interpolacion).toMatch(/^[A-Z][A-Z0-9_]*:\?\S/);
    for (const [nombre, servicio] of Object.entries(servicios)) {
      for (const [variable, valor] of Object.entries(servicio.environment ?? {})) {
        if (/PASSWORD|SECRET|CLAVE/.test(variable))
          expect(valor, `${nombre}.${variable}`).toMatch(/^\$\{[A-Z][A-Z0-9_]*:\?/);
        // A connection string's password comes from the environment too.
        const credencial = /^[a-z]+:\/\/[^:/@]+:([^@]*)@/.exec(valor)?.[1];
        if (credencial !== undefined)
          expect(credencial, `${nombre}.${variable}`).toMatch(/^\$\{[A-Z][A-Z0-9_]*:\?[^}]*\}$/);
      }
    }
    expect(texto).not.toMatch(/cambie-esta-clave/);
  });

  it('serves HTTPS only, from nginx with the certificates of a volume; the API never holds the owner’s password', async () => {
    const { servicios } = await compose();
    const publicados = Object.entries(servicios).filter(([, servicio]) => servicio.ports?.length);
    expect(publicados.map(([nombre]) => nombre)).toEqual(['https']);
    expect(servicios.https!.ports).toContain('443:443');
    expect(servicios.https!.volumes!.some((v) => v.endsWith(':/etc/nginx/certs:ro'))).toBe(true);
    expect(Object.keys(servicios.api!.environment!)).not.toContain('DATABASE_MIGRATION_URL');
    expect(servicios.migraciones!.command).toEqual(['node', 'apps/api/dist/migrar.js']);
    expect(Object.keys(servicios.migraciones!.environment!)).toEqual(
      expect.arrayContaining(['DATABASE_MIGRATION_URL', 'DATABASE_URL']),
    );
  });

  it('has an nginx configuration the installed nginx accepts (with a throwaway certificate)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ecodigital-compose-nginx-'));
    try {
      await run('openssl', [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
        ...['-keyout', join(dir, 'clave.pem'), '-out', join(dir, 'certificado.pem')],
      ]);
      const site = (await readFile(deploy('nginx/compose.conf'), 'utf8'))
        .replaceAll('/etc/nginx/certs/', `${dir}/`)
        // The compose services' names resolve only inside compose's network.
        .replace(/http:\/\/(api|keycloak):/g, 'http://127.0.0.1:')
        // `http2 on;` needs nginx 1.25.1; Debian's may be older (the image's is not).
        .replace(/^\s*http2 on;$/m, '')
        .replace(
          /listen (80|443)( ssl)?;/g,
          (_, puerto, ssl = '') => `listen 127.0.0.1:${puerto === '80' ? 1 : 2}${ssl};`,
        )
        .replace(/listen \[::\]:\d+( ssl)?;/g, '');
      await writeFile(join(dir, 'site.conf'), site);
      const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (name) => `${name}_temp_path ${dir}/${name};`,
      );
      await writeFile(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n${temps.join('\n')}\ninclude ${dir}/site.conf;\n}\n`,
      );
      const { stderr } = await run(NGINX_PATH, [
        '-t',
        '-p',
        dir,
        '-c',
        join(dir, 'nginx.conf'),
        '-e',
        join(dir, 'e.log'),
      ]);
      expect(stderr).toContain('test is successful');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
