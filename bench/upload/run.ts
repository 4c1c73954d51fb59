/**
 * Upload benchmark (not a test): a BENCH_UPLOAD_MB file (default 1024) is (a) copied on the same
 * disk with a stream copy + fsync (Node's defaults) — the baseline — and (b) uploaded through the API
 * as multipart, streamed from disk, into local storage on that same disk; BENCH_ROUNDS rounds
 * (default 3) alternate them, with two more copies for reference (a stream copy with a 1 MiB buffer
 * and fs.copyFile, each + fsync). Reports the throughput ratio of the fastest rounds (goal ≥ 0.6) and
 * the API process's RSS growth during the upload (goal ≤ 64 MiB); writes bench/results/upload.{json,md}.
 *
 *   npm run bench:upload
 *   BENCH_UPLOAD_MB=256 npm run bench:upload
 *   BENCH_CPU_PROF=/tmp/perfiles npm run bench:upload   # also writes the API's .cpuprofile there
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/banco npm run bench:upload   # an existing, empty database
 */
import type { ChildProcess } from 'node:child_process';
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
import { forkApi, type ForkedApi } from '../lib/fork-api';

const MiB = 1024 * 1024;
const GOAL_RATIO = 0.6;
const GOAL_GROWTH_MIB = 64;
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
if (!(sizeMb > 0)) throw new Error(`BENCH_UPLOAD_MB no válido: «${process.env.BENCH_UPLOAD_MB}»`);
const sizeBytes = Math.floor(sizeMb * MiB);
/** PostgreSQL instead of the embedded PGlite, e.g. when a loaded machine makes PGlite slow to start. */
const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`BENCH_ROUNDS no válido: «${process.env.BENCH_ROUNDS}»`);

const scratch = await mkdtemp(path.join(os.tmpdir(), 'ecodigital-bench-'));
const input = path.join(scratch, 'entrada.pdf');
let api: ChildProcess | undefined;
let idp: Awaited<ReturnType<typeof startIdp>> | undefined;

try {
  console.log(`Generando ${sizeMb} MiB en ${input}…`);
  const huella = await generateInput(input, sizeBytes);

  idp = await startIdp({ port: 0, dataDir: path.join(scratch, 'idp') });
  const { access_token: token } = await signIn({ issuer: idp.issuer, username: 'gestor', password: 'gestor' });
  const started = await startApi(idp.issuer);
  api = started.child;
  const base = `http://127.0.0.1:${started.port}`;
  const idTipo = await tipoDocumental(base, token);
  // Warm-up: the first upload loads the code paths; the measured windows start after it.
  const warm = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64 * 1024)]);
  await writeFile(path.join(scratch, 'calentamiento.pdf'), warm);
  await upload(
    base,
    token,
    await createExpediente(base, token),
    idTipo,
    path.join(scratch, 'calentamiento.pdf'),
    'calentamiento.pdf',
  );

  // Rounds alternate the copies and the upload. Other processes share the cores and only ever add
  // time, so each kind is judged by its fastest round; the per-round ratios show the spread.
  const times = {
    stream: [] as number[],
    streamTuned: [] as number[],
    copyFile: [] as number[],
    upload: [] as number[],
  };
  const growths: number[] = [];
  const apiCpuMs: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    console.log(`Ronda ${round} de ${rounds}: copias de referencia (mismo disco) y subida por la API…`);
    times.stream.push(await timedCopy((to) => streamCopy(input, to)));
    times.streamTuned.push(await timedCopy((to) => streamCopy(input, to, { writeBuffer: MiB })));
    times.copyFile.push(await timedCopy((to) => copyFile(input, to)));

    // One expediente per round: the same file twice in one expediente is refused as a duplicate.
    const idExpediente = await createExpediente(base, token);
    await ask(api, { type: 'reset' });
    let answer: { status: number; body: string } | undefined;
    times.upload.push(
      await timed(async () => {
        answer = await upload(base, token, idExpediente, idTipo, input, 'entrada.pdf');
      }),
    );
    const memory = (await ask(api, { type: 'report' })) as { baseline: number; peak: number; cpuMs: number };
    growths.push(memory.peak - memory.baseline);
    apiCpuMs.push(memory.cpuMs);
    if (answer!.status !== 201) throw new Error(`La subida respondió ${answer!.status}: ${answer!.body}`);
    const documento = JSON.parse(answer!.body).data[0].documento;
    if (documento.huella !== huella) throw new Error('La huella almacenada no coincide con la del archivo.');
    await rm(path.join(scratch, 'documentos'), { recursive: true, force: true });
  }

  const throughput = (ms: number) => sizeBytes / MiB / (ms / 1000);
  const summary = (all: number[]) => ({
    segundos: Math.min(...all) / 1000,
    mib_s: throughput(Math.min(...all)),
    mediana_s: median(all) / 1000,
    rondas_s: all.map((ms) => ms / 1000),
  });
  const uploadTime = Math.min(...times.upload);
  const ratio = Math.min(...times.stream) / uploadTime;
  const growthMib = Math.max(...growths) / MiB;
  const result: UploadResult = {
    fecha: new Date().toISOString(),
    tamano_mib: sizeMb,
    rondas: rounds,
    copia_stream: summary(times.stream),
    copia_stream_1mib: summary(times.streamTuned),
    copia_copyfile: summary(times.copyFile),
    subida_api: summary(times.upload),
    ratio,
    ratio_por_ronda: times.stream.map((copy, round) => copy / times.upload[round]!),
    ratio_stream_1mib: Math.min(...times.streamTuned) / uploadTime,
    ratio_copyfile: Math.min(...times.copyFile) / uploadTime,
    objetivo_ratio: GOAL_RATIO,
    // CPU time barely depends on the load of other processes, unlike wall time.
    cpu_api_s_por_gib: {
      mejor: Math.min(...apiCpuMs) / 1000 / (sizeMb / 1024),
      rondas: apiCpuMs.map((ms) => ms / 1000 / (sizeMb / 1024)),
    },
    rss_api: {
      crecimiento_mib: growthMib,
      crecimiento_por_ronda_mib: growths.map((bytes) => bytes / MiB),
      objetivo_crecimiento_mib: GOAL_GROWTH_MIB,
    },
    cumple: {
      ratio: ratio >= GOAL_RATIO,
      memoria: growthMib <= GOAL_GROWTH_MIB,
    },
    huella_sha256: huella,
    maquina: {
      nucleos: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? 'desconocida',
      memoria_gib: os.totalmem() / 1024 ** 3,
      so: `${os.type()} ${os.release()} ${os.arch()}`,
      // Other processes share these cores; the load says how quiet the machine was.
      carga_1min: os.loadavg()[0]!.toFixed(2),
      node: process.version,
      base_de_datos: databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (embebido, en el proceso de la API)',
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

/** Node's defaults (64 KiB reads, a 16 KiB write buffer) unless another write buffer is given. */
async function streamCopy(from: string, to: string, { writeBuffer }: { writeBuffer?: number } = {}): Promise<void> {
  await pipeline(createReadStream(from), createWriteStream(to, { highWaterMark: writeBuffer }));
}

/** A copy to a new file on the same disk, fsync included, then removed. */
async function timedCopy(copy: (to: string) => Promise<void>): Promise<number> {
  const to = path.join(scratch, 'copia');
  const ms = await timed(async () => {
    await copy(to);
    await fsyncFile(to);
  });
  await rm(to);
  return ms;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
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

function startApi(issuer: string): Promise<ForkedApi> {
  return forkApi(path.join(here, 'api-server.ts'), {
    execArgv: cpuProfileArgs(),
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: databaseUrl ?? '',
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: path.join(scratch, 'documentos'),
      STORAGE_TEMP_DIR: '',
      MAX_UPLOAD_MB: String(sizeMb + 1),
      OIDC_ISSUER: issuer,
      LOG_LEVEL: 'silent',
      // The benchmark uploads as one person as fast as it can.
      LIMITE_SUBIDAS_POR_MINUTO: '0',
      SOBRECARGA_RETARDO_MAX_MS: '0',
    },
  });
}

function cpuProfileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF?.trim();
  return dir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(dir)] : [];
}

/** The answer to `message`; `undefined` if the API exits instead (as it does on `close`). */
function ask(child: ChildProcess, message: { type: string }): Promise<unknown> {
  return new Promise((resolve) => {
    const onExit = () => resolve(undefined);
    child.once('exit', onExit);
    child.once('message', (answer) => {
      child.off('exit', onExit);
      resolve(answer);
    });
    child.send(message);
  });
}

async function call<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status}: ${JSON.stringify(json)}`);
  return json.data;
}

interface TimeSummary {
  segundos: number;
  mib_s: number;
  mediana_s: number;
  rondas_s: number[];
}

interface UploadResult {
  fecha: string;
  tamano_mib: number;
  rondas: number;
  copia_stream: TimeSummary;
  copia_stream_1mib: TimeSummary;
  copia_copyfile: TimeSummary;
  subida_api: TimeSummary;
  ratio: number;
  ratio_por_ronda: number[];
  ratio_stream_1mib: number;
  ratio_copyfile: number;
  objetivo_ratio: number;
  cpu_api_s_por_gib: { mejor: number; rondas: number[] };
  rss_api: { crecimiento_mib: number; crecimiento_por_ronda_mib: number[]; objetivo_crecimiento_mib: number };
  cumple: { ratio: boolean; memoria: boolean };
  huella_sha256: string;
  maquina: {
    nucleos: number;
    cpu: string;
    memoria_gib: number;
    so: string;
    carga_1min: string;
    node: string;
    base_de_datos: string;
    almacenamiento: string;
  };
}

async function createExpediente(base: string, token: string): Promise<number> {
  type Item = { id: number };
  const [tipo] = await call<Item[]>(base, token, 'GET', '/api/catalogos/tipos-expediente');
  const [unidad] = await call<Item[]>(base, token, 'GET', '/api/catalogos/unidades');
  const expediente = await call<{ id_expediente: number }>(base, token, 'POST', '/api/expedientes', {
    asunto: 'Banco de pruebas de subida',
    id_tipo: tipo!.id,
    id_unidad: unidad!.id,
  });
  return expediente.id_expediente;
}

async function tipoDocumental(base: string, token: string): Promise<number> {
  const tipos = await call<{ id: number; nombre: string }[]>(base, token, 'GET', '/api/catalogos/tipos-documentales');
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
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.write(head);
    const body = createReadStream(file, { highWaterMark: 256 * 1024 });
    body.on('error', reject);
    body.on('end', () => request.end(tail));
    body.pipe(request, { end: false });
  });
}

async function writeResults(result: UploadResult): Promise<void> {
  const dir = path.join(repoRoot, 'bench/results');
  await mkdir(dir, { recursive: true });
  const fmt = (n: number, d = 1) => n.toLocaleString('es-ES', { maximumFractionDigits: d, minimumFractionDigits: d });
  const ok = (v: boolean) => (v ? 'sí' : 'NO');
  const seconds = (kind: { segundos: number; mib_s: number; mediana_s: number; rondas_s: number[] }) =>
    `${fmt(kind.segundos, 2)} s · ${fmt(kind.mib_s)} MiB/s (mediana ${fmt(kind.mediana_s, 2)} s; rondas: ${kind.rondas_s.map((value) => fmt(value, 2)).join(' / ')} s)`;
  const rows = [
    [
      'Tamaño del archivo · rondas (se toma la más rápida de cada medida)',
      `${fmt(result.tamano_mib, 0)} MiB · ${result.rondas}`,
    ],
    ['Copia en el mismo disco (stream + fsync)', seconds(result.copia_stream)],
    ['Copia stream con búfer de 1 MiB + fsync (informativo)', seconds(result.copia_stream_1mib)],
    ['Copia con fs.copyFile + fsync (informativo)', seconds(result.copia_copyfile)],
    ['Subida por la API', seconds(result.subida_api)],
    ['Ratio subida / copia (objetivo ≥ 0,6)', `${fmt(result.ratio, 2)} (cumple: ${ok(result.cumple.ratio)})`],
    [
      'Ratio de cada ronda (copia y subida contiguas)',
      result.ratio_por_ronda.map((value: number) => fmt(value, 2)).join(' / '),
    ],
    ['Ratio subida / copia con búfer de 1 MiB (informativo)', fmt(result.ratio_stream_1mib, 2)],
    ['Ratio subida / copyFile (informativo)', fmt(result.ratio_copyfile, 2)],
    [
      'CPU de la API durante la subida (por GiB)',
      `${fmt(result.cpu_api_s_por_gib.mejor, 2)} s (rondas: ${result.cpu_api_s_por_gib.rondas.map((value: number) => fmt(value, 2)).join(' / ')} s)`,
    ],
    [
      'Crecimiento de RSS de la API, peor ronda (objetivo ≤ 64 MiB)',
      `${fmt(result.rss_api.crecimiento_mib)} MiB (cumple: ${ok(result.cumple.memoria)})`,
    ],
    [
      'Máquina',
      `${result.maquina.nucleos} núcleos (${result.maquina.cpu}), ${fmt(result.maquina.memoria_gib)} GiB, ${result.maquina.so}, carga ${result.maquina.carga_1min}`,
    ],
    ['Versiones', `Node ${result.maquina.node}; ${result.maquina.base_de_datos}`],
  ];
  const width = Math.max(...rows.map(([label]) => label!.length));
  console.log(`\n${rows.map(([label, value]) => `${label!.padEnd(width)}  ${value}`).join('\n')}\n`);
  await writeFile(path.join(dir, 'upload.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(
    path.join(dir, 'upload.md'),
    `# Subida de un archivo grande\n\n${result.fecha} · \`BENCH_UPLOAD_MB=${result.tamano_mib} BENCH_ROUNDS=${result.rondas}\`\n\n| medida | valor |\n|---|---|\n${rows
      .map(([label, value]) => `| ${label} | ${value} |`)
      .join('\n')}\n`,
  );
  console.log(`Resultados en ${path.relative(repoRoot, dir)}/upload.json y upload.md`);
}
