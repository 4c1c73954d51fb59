import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { NGINX_PATH } from './support/nginx';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'ecodigital.conf');

describe('deploy/nginx/ecodigital.conf', () => {
  it('is accepted by the installed nginx (certificates left out: they exist only in production)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ecodigital-nginx-t-'));
    try {
      const site = (await readFile(EXAMPLE, 'utf8'))
        .replace(/^\s*ssl_certificate(_key)?\s.*$/gm, '')
        .replace(/ ssl http2;/g, ';');
      await writeFile(join(dir, 'site.conf'), site);
      const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (name) => `${name}_temp_path ${dir}/${name};`,
      );
      await writeFile(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n${temps.join('\n')}\ninclude ${dir}/site.conf;\n}\n`,
      );

      const { stderr } = await promisify(execFile)(NGINX_PATH, [
        '-t',
        '-p',
        dir,
        '-c',
        join(dir, 'nginx.conf'),
        '-e',
        join(dir, 'error.log'),
      ]);
      expect(stderr).toContain('test is successful');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends HSTS from the HTTPS server, on every answer', async () => {
    const site = await readFile(EXAMPLE, 'utf8');
    const https = site.slice(site.indexOf('listen 443'));
    expect(https).toMatch(/add_header Strict-Transport-Security "max-age=\d{8,}; includeSubDomains" always;/);
  });
});
