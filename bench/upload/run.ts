/**
 * Upload benchmark (not a test): a BENCH_UPLOAD_MB file (default 1024) is (a) copied on the same
 * disk with a stream copy + fsync — the baseline — and (b) uploaded through the API as multipart,
 * streamed from disk, into local storage on that same disk. Reports the throughput ratio (goal ≥ 0.6)
 * and the API process's RSS growth during the upload (goal ≤ 64 MiB); writes bench/results/upload.{json,md}.
 *
 *   npm run bench:upload
 *   BENCH_UPLOAD_MB=256 npm run bench:upload
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { startIdp } from '@ecodigital/idp/app';
import { signIn } from '@ecodigital/idp/test-client';

const MiB = 1024 * 1024;
const GOAL_RATIO = 0.6;
const GOAL_GROWTH_MIB = 64;
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
if (!(sizeMb > 0)) throw new Error(`BENCH_UPLOAD_MB no válido: «${process.env.BENCH_UPLOAD_MB}»`);
const sizeBytes = Math.floor(sizeMb * MiB);

const scratch = await mkdtemp(path.join(os.tmpdir(), 'ecodigital-bench-'));
const input = path.join(scratch, 'entrada.pdf');
let api: ChildProcess | undefined;
let idp: Awaited<ReturnType<typeof startIdp>> | undefined;

try {
  console.log(`Generando ${sizeMb} MiB en ${input}…`);
  const huella = await generateInput(input, sizeBytes);

  console.log('Copia de referencia (stream + fsync, mismo disco)…');
  const copyStream = await timed(() => streamCopy(input, path.join(scratch, 'copia-stream')));
  await rm(path.join(scratch, 'copia-stream'));
  const copyKernel = await timed(async () => {
    await copyFile(input, path.join(scratch, 'copia-copyfile'));
    await fsyncFile(path.join(scratch, 'copia-copyfile'));
  });
  await rm(path.join(scratch, 'copia-copyfile'));

  idp = await startIdp({ port: 0, dataDir: path.join(scratch, 'idp') });
  const { access_token: token } = await signIn({ issuer: idp.issuer, username: 'gestor', password: 'gestor' });
  const started = await startApi(idp.issuer);
  api = started.child;
  const base = `http://127.0.0.1:${started.port}`;

  const idExpediente = await createExpediente(base, token);
  const idTipo = await tipoDocumental(base, token);
  // Warm-up: the first upload loads the code paths; the measured window starts after it.
  const warm = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64 * 1024)]);
  await writeFile(path.join(scratch, 'calentamiento.pdf'), warm);
  await upload(base, token, idExpediente, idTipo, path.join(scratch, 'calentamiento.pdf'), 'calentamiento.pdf');

  console.log('Subida a través de la API (multipart, en streaming desde disco)…');
  await ask(api, { type: 'reset' });
  let answer: { status: number; body: string } | undefined;
  const uploadTime = await timed(async () => {
    answer = await upload(base, token, idExpediente, idTipo, input, 'entrada.pdf');
  });
  const memory = (await ask(api, { type: 'report' })) as { baseline: number; peak: number };
  if (answer!.status !== 201) throw new Error(`La subida respondió ${answer!.status}: ${answer!.body}`);
  const documento = JSON.parse(answer!.body).data[0].documento;
  if (documento.huella !== huella) throw new Error('La huella almacenada no coincide con la del archivo.');

  const throughput = (ms: number) => sizeBytes / MiB / (ms / 1000);
  const result = {
    fecha: new Date().toISOString(),
    tamano_mib: sizeMb,
    copia_stream: { segundos: copyStream / 1000, mib_s: throughput(copyStream) },
    copia_copyfile: { segundos: copyKernel / 1000, mib_s: throughput(copyKernel) },
    subida_api: { segundos: uploadTime / 1000, mib_s: throughput(uploadTime) },
    ratio: copyStream / uploadTime,
    ratio_copyfile: copyKernel / uploadTime,
    objetivo_ratio: GOAL_RATIO,
    rss_api: {
      base_mib: memory.baseline / MiB,
      pico_mib: memory.peak / MiB,
      crecimiento_mib: (memory.peak - memory.baseline) / MiB,
      objetivo_crecimiento_mib: GOAL_GROWTH_MIB,
    },
    cumple: {
      ratio: copyStream / uploadTime >= GOAL_RATIO,
      memoria: (memory.peak - memory.baseline) / MiB <= GOAL_GROWTH_MIB,
    },
    huella_sha256: huella,
    maquina: {
      nucleos: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? 'desconocida',
      memoria_gib: os.totalmem() / 1024 ** 3,
      so: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      base_de_datos: 'PGlite (embebido, en el proceso de la API)',
      almacenamiento: `local, ${scratch}`,
    },
  };
  await writeResults(result);
} finally {
  if (api?.connected) await ask(api, { type: 'close' }).catch(() => {});
  api?.kill();
  await idp?.close().catch(() => {});
  await rm(scratch, { recursive: true, force: true });
}

async function generateInput(file: string, bytes: number): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  const header = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n', 'latin1');
  let written = 0;
  async function* chunks() {
    yield header;
    written += header.length;
    while (written < bytes) {
      const chunk = randomBytes(Math.min(MiB, bytes - written));
      written += chunk.length;
      yield chunk;
    }
  }
  await pipeline(
    chunks(),
    async function* (source) {
      for await (const chunk of source) {
        hash.update(chunk as Buffer);
        yield chunk;
      }
    },
    out,
  );
  await fsyncFile(file);
  return hash.digest('hex');
}

async function streamCopy(from: string, to: string): Promise<void> {
  await pipeline(createReadStream(from), createWriteStream(to));
  await fsyncFile(to);
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function timed(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

function startApi(issuer: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(here, 'api-server.ts'), {
    execArgv: ['--import', 'tsx'],
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: '',
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: path.join(scratch, 'documentos'),
      STORAGE_TEMP_DIR: '',
      MAX_UPLOAD_MB: String(sizeMb + 1),
      OIDC_ISSUER: issuer,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`La API terminó al arrancar (código ${code}).`)));
    child.once('message', (message: { type: string; port: number }) => {
      child.removeAllListeners('exit');
      resolve({ child, port: message.port });
    });
  });
}

function ask(child: ChildProcess, message: { type: string }): Promise<unknown> {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send(message);
  });
}

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status}: ${JSON.stringify(json)}`);
  return json.data;
}

async function createExpediente(base: string, token: string): Promise<number> {
  const [tipo] = await call(base, token, 'GET', '/api/catalogos/tipos-expediente');
  const [unidad] = await call(base, token, 'GET', '/api/catalogos/unidades');
  const expediente = await call(base, token, 'POST', '/api/expedientes', {
    asunto: 'Banco de pruebas de subida',
    id_tipo: tipo.id,
    id_unidad: unidad.id,
  });
  return expediente.id_expediente;
}

async function tipoDocumental(base: string, token: string): Promise<number> {
  const tipos: { id: number; nombre: string }[] = await call(base, token, 'GET', '/api/catalogos/tipos-documentales');
  return tipos.find((tipo) => tipo.nombre === 'Anexo')!.id;
}

/** A browser-like multipart upload, the file streamed from disk with a known Content-Length. */
async function upload(base: string, token: string, idExpediente: number, idTipo: number, file: string, name: string) {
  const boundary = `----EcoDigitalBench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="id_tipo_documental"\r\n\r\n${idTipo}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { size } = await stat(file);
  const url = new URL(`/api/expedientes/${idExpediente}/documentos`, base);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.write(head);
    const body = createReadStream(file, { highWaterMark: 256 * 1024 });
    body.on('error', reject);
    body.on('end', () => request.end(tail));
    body.pipe(request, { end: false });
  });
}

async function writeResults(result: Record<string, any>): Promise<void> {
  const dir = path.join(repoRoot, 'bench/results');
  await mkdir(dir, { recursive: true });
  const fmt = (n: number, d = 1) => n.toLocaleString('es-ES', { maximumFractionDigits: d, minimumFractionDigits: d });
  const ok = (v: boolean) => (v ? 'sí' : 'NO');
  const rows = [
    ['Tamaño del archivo', `${fmt(result.tamano_mib, 0)} MiB`],
    ['Copia en el mismo disco (stream + fsync)', `${fmt(result.copia_stream.segundos, 2)} s · ${fmt(result.copia_stream.mib_s)} MiB/s`],
    ['Copia con fs.copyFile + fsync (informativo)', `${fmt(result.copia_copyfile.segundos, 2)} s · ${fmt(result.copia_copyfile.mib_s)} MiB/s`],
    ['Subida por la API', `${fmt(result.subida_api.segundos, 2)} s · ${fmt(result.subida_api.mib_s)} MiB/s`],
    ['Ratio subida / copia (objetivo ≥ 0,6)', `${fmt(result.ratio, 2)} (cumple: ${ok(result.cumple.ratio)})`],
    ['Ratio subida / copyFile (informativo)', fmt(result.ratio_copyfile, 2)],
    ['RSS de la API: base → pico', `${fmt(result.rss_api.base_mib)} → ${fmt(result.rss_api.pico_mib)} MiB`],
    ['Crecimiento de RSS (objetivo ≤ 64 MiB)', `${fmt(result.rss_api.crecimiento_mib)} MiB (cumple: ${ok(result.cumple.memoria)})`],
    ['Máquina', `${result.maquina.nucleos} núcleos (${result.maquina.cpu}), ${fmt(result.maquina.memoria_gib)} GiB, ${result.maquina.so}`],
    ['Versiones', `Node ${result.maquina.node}; ${result.maquina.base_de_datos}`],
  ];
  const width = Math.max(...rows.map(([label]) => label!.length));
  console.log(`\n${rows.map(([label, value]) => `${label!.padEnd(width)}  ${value}`).join('\n')}\n`);
  await writeFile(path.join(dir, 'upload.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(
    path.join(dir, 'upload.md'),
    `# Subida de un archivo grande\n\n${result.fecha} · \`BENCH_UPLOAD_MB=${result.tamano_mib}\`\n\n| medida | valor |\n|---|---|\n${rows
      .map(([label, value]) => `| ${label} | ${value} |`)
      .join('\n')}\n`,
  );
  console.log(`Resultados en ${path.relative(repoRoot, dir)}/upload.json y upload.md`);
}
