import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Header nginx adds to every answer: the upstream address (`127.0.0.1:<port>`) that served it. */
export const UPSTREAM_HEADER = 'x-upstream-addr';

export interface NginxOptions {
  /** Private working directory: config, pid, logs and nginx's own temp files. */
  dir: string;
  upstreams: { a: number; b: number };
  ports: { balanced: number; pinnedA: number; pinnedB: number };
  maxUploadMb: number;
}

export interface RunningNginx {
  stop(): Promise<void>;
  errorLog(): Promise<string>;
}

/** The same proxy settings as `deploy/nginx/ecodigital.conf`, on local ports and in a private prefix. */
function nginxConfig({ dir, upstreams, ports, maxUploadMb }: NginxOptions): string {
  const proxied = (target: string) => `
    location / {
      proxy_pass http://${target};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      add_header X-Upstream-Addr $upstream_addr always;
    }`;
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size ${maxUploadMb + 1}m;

  upstream ecodigital_api {
    server 127.0.0.1:${upstreams.a} max_fails=3 fail_timeout=10s;
    server 127.0.0.1:${upstreams.b} max_fails=3 fail_timeout=10s;
    keepalive 8;
  }
  server { listen 127.0.0.1:${ports.balanced};${proxied('ecodigital_api')} }
  server { listen 127.0.0.1:${ports.pinnedA};${proxied(`127.0.0.1:${upstreams.a}`)} }
  server { listen 127.0.0.1:${ports.pinnedB};${proxied(`127.0.0.1:${upstreams.b}`)} }
}
`;
}

/** Runs nginx in the foreground as our child (not the system service), with its own config and prefix. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  if (!existsSync(NGINX_PATH)) {
    throw new Error(
      `No se encuentra nginx en ${NGINX_PATH}: instale el paquete de Debian «nginx» o indique NGINX_PATH.`,
    );
  }
  await mkdir(options.dir, { recursive: true });
  const configFile = join(options.dir, 'nginx.conf');
  await writeFile(configFile, nginxConfig(options));
  const args = ['-p', options.dir, '-c', configFile, '-e', join(options.dir, 'error.log'), '-g', 'daemon off;'];
  const child = spawn(NGINX_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const errorLog = () => readFile(join(options.dir, 'error.log'), 'utf8').catch(() => '');

  const deadline = Date.now() + 15_000;
  for (const port of Object.values(options.ports)) {
    while (!(await answers(port))) {
      if (child.exitCode !== null)
        throw new Error(`nginx se detuvo al arrancar (código ${child.exitCode})\n${stderr}${await errorLog()}`);
      if (Date.now() > deadline)
        throw new Error(`nginx no abrió el puerto ${port} a tiempo\n${stderr}${await errorLog()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    errorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}
