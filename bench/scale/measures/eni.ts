/**
 * ENI export of an expediente of `mib` MiB (files of 16 MiB of random bytes, written through the
 * API's own storage and recorded as its documents) through the real route
 * (GET /api/expedientes/:id/eni), against `zip -0` of the same files in the same run, both read to
 * the end by this process; and the API process's RSS while it exports, against its RSS just before.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { LocalDocumentStorage } from '@ecodigital/api/storage/local-storage';
import { withClient } from '../database';
import { failed, MiB, numero, type Measure } from '../measure';
import { readRss, sampleRss } from '../rss';
import { median } from './export';

const GOAL_RATIO = 0.5;
const GOAL_GROWTH_MIB = 64;
const ARCHIVO_MIB = 16;

interface Context {
  base: string;
  token: string;
  databaseUrl: string;
  apiPid: number;
  /** The API's STORAGE_DIR. */
  storageDir: string;
  mib: number;
  runs: number;
}

interface Archivo {
  clave: string;
  ruta: string;
  huella: string;
  tamano: number;
}

interface Lectura {
  seconds: number;
  bytes: number;
}

export async function measureEni(context: Context): Promise<Measure[]> {
  const label = `Exportación ENI de un expediente de ${numero(context.mib, 0)} MiB`;
  try {
    const storage = new LocalDocumentStorage({ dir: context.storageDir });
    const archivos = await escribirArchivos(storage, context.mib);
    const idExpediente = await expedienteConArchivos(context.databaseUrl, archivos);
    const rutas = archivos.map((archivo) => archivo.ruta);
    // Warm-up, not measured: the files in the page cache for both, code paths loaded.
    await zipCero(rutas);
    await exportarEni(context, idExpediente);
    const zips: Lectura[] = [];
    const exportaciones: (Lectura & { idle: number; peak: number })[] = [];
    for (let run = 0; run < context.runs; run++) {
      zips.push(await zipCero(rutas));
      const idle = readRss(context.apiPid);
      const sampler = sampleRss(context.apiPid);
      let exportada: Lectura;
      let peak: number;
      try {
        exportada = await exportarEni(context, idExpediente);
      } finally {
        peak = sampler.stop();
      }
      exportaciones.push({ ...exportada, idle, peak });
    }
    const mib = archivos.reduce((total, archivo) => total + archivo.tamano, 0) / MiB;
    const zipSeconds = median(zips.map((zip) => zip.seconds));
    const exportSeconds = median(exportaciones.map((exportada) => exportada.seconds));
    const ratio = zipSeconds / exportSeconds;
    const worst = exportaciones.reduce((a, b) => (b.peak - b.idle > a.peak - a.idle ? b : a));
    const growth = (worst.peak - worst.idle) / MiB;
    const mibs = (seconds: number) => `${numero(mib / seconds, 0)} MiB/s`;
    return [
      {
        medida: `${label} (${archivos.length} archivos; GET /api/expedientes/:id/eni, mediana de ${context.runs})`,
        valor: `${mibs(exportSeconds)} (${numero(exportSeconds, 2)} s, ZIP de ${numero(exportaciones[0]!.bytes / MiB, 0)} MiB)`,
        base: `${mibs(zipSeconds)} (zip -0 de los mismos archivos, ${numero(zipSeconds, 2)} s)`,
        ratio: `${numero(ratio, 2)} ×`,
        objetivo: `≥ ${numero(GOAL_RATIO, 1)} ×`,
        cumple: ratio >= GOAL_RATIO,
        datos: {
          mib,
          archivos: archivos.length,
          segundos: exportSeconds,
          base_segundos: zipSeconds,
          ratio,
          bytes: exportaciones[0]!.bytes,
          base_bytes: zips[0]!.bytes,
        },
      },
      {
        medida: `Memoria (RSS) de la API mientras exporta en ENI ${numero(mib, 0)} MiB`,
        valor: `${numero(worst.peak / MiB, 1)} MiB (pico)`,
        base: `${numero(worst.idle / MiB, 1)} MiB (en reposo)`,
        ratio: `+ ${numero(growth, 1)} MiB`,
        objetivo: `+ ≤ ${GOAL_GROWTH_MIB} MiB`,
        cumple: growth <= GOAL_GROWTH_MIB,
        datos: { pico_mib: worst.peak / MiB, reposo_mib: worst.idle / MiB, crecimiento_mib: growth },
      },
    ];
  } catch (error) {
    return [
      failed(label, `≥ ${numero(GOAL_RATIO, 1)} ×`, error),
      failed(`Memoria de la API (${label})`, `+ ≤ ${GOAL_GROWTH_MIB} MiB`, error),
    ];
  }
}

/** Files of 16 MiB of random bytes adding up to `mib`, committed as the API commits uploads. */
async function escribirArchivos(storage: LocalDocumentStorage, mib: number): Promise<Archivo[]> {
  await mkdir(storage.tempDir, { recursive: true });
  const archivos: Archivo[] = [];
  for (let i = 0; i < Math.max(1, Math.round(mib / ARCHIVO_MIB)); i++) {
    const bytes = randomBytes(ARCHIVO_MIB * MiB);
    const temp = path.join(storage.tempDir, `${randomUUID()}.part`);
    await writeFile(temp, bytes);
    const clave = randomUUID();
    await storage.commit(temp, clave);
    archivos.push({
      clave,
      ruta: path.join(storage.dir, clave.slice(0, 2), clave.slice(2, 4), clave),
      huella: createHash('sha256').update(bytes).digest('hex'),
      tamano: bytes.length,
    });
  }
  return archivos;
}

/** A new expediente (the oldest without documents nor signatures) whose documents are `archivos`. */
async function expedienteConArchivos(databaseUrl: string, archivos: Archivo[]): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id_expediente: number }>(
      `UPDATE expediente SET asunto = 'Banco de pruebas: exportación ENI de ' || $1::integer || ' archivos'
       WHERE id_expediente = (
         SELECT e.id_expediente FROM expediente e
         WHERE NOT EXISTS (SELECT 1 FROM documento d WHERE d.id_expediente = e.id_expediente)
           AND NOT EXISTS (SELECT 1 FROM indice_firmado f WHERE f.id_expediente = e.id_expediente)
         ORDER BY e.id_expediente LIMIT 1)
       RETURNING id_expediente`,
      [archivos.length],
    );
    const idExpediente = rows[0]?.id_expediente;
    if (!idExpediente) throw new Error('no queda ningún expediente sin documentos en la base de datos');
    await client.query(
      `INSERT INTO documento (id_expediente, orden, nombre, id_tipo_documental, fecha_incorporacion, tamano, formato,
                              mime, huella, clave_almacen, hash_anterior, hash_entrada, subido_por)
       SELECT $1::integer, a.orden, 'Anexo ' || a.orden || '.pdf', (SELECT id FROM tipo_documental ORDER BY id LIMIT 1),
              now(), a.tamano, 'PDF', 'application/pdf', a.huella, a.clave,
              CASE WHEN a.orden = 1 THEN NULL ELSE encode(sha256(('entrada ' || $1::integer || ' ' || (a.orden - 1))::bytea), 'hex') END,
              encode(sha256(('entrada ' || $1::integer || ' ' || a.orden)::bytea), 'hex'),
              (SELECT min(id_usuario) FROM usuario)
       FROM unnest($2::uuid[], $3::text[], $4::bigint[]) WITH ORDINALITY AS a(clave, huella, tamano, orden)`,
      [
        idExpediente,
        archivos.map((archivo) => archivo.clave),
        archivos.map((archivo) => archivo.huella),
        archivos.map((archivo) => archivo.tamano),
      ],
    );
    // Random bytes have no text to extract: nothing for the extraction queue.
    await client.query(`DELETE FROM trabajo WHERE cola = 'texto'`);
    await client.query('COMMIT');
    return idExpediente;
  });
}

function exportarEni(context: { base: string; token: string }, idExpediente: number): Promise<Lectura> {
  const url = new URL(`/api/expedientes/${idExpediente}/eni`, context.base);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(url, { headers: { authorization: `Bearer ${context.token}` } });
    request.on('error', reject);
    request.on('response', (response) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (response.statusCode !== 200 && chunks.length < 4) chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`la exportación ENI respondió ${response.statusCode}: ${Buffer.concat(chunks).toString()}`));
        } else resolve({ seconds: (performance.now() - start) / 1000, bytes });
      });
    });
  });
}

/** `zip -0` (stored, no compression) of the files, written to its standard output and read here. */
function zipCero(rutas: string[]): Promise<Lectura> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const zip = spawn('zip', ['-0', '-q', '-j', '-', ...rutas], { stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let error = '';
    zip.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    zip.stderr.on('data', (chunk: Buffer) => (error += chunk.toString()));
    zip.once('error', (cause) =>
      reject(new Error(`no se pudo ejecutar zip (${cause.message}); instálelo: apt-get install -y zip`)),
    );
    zip.once('close', (code) =>
      code === 0
        ? resolve({ seconds: (performance.now() - start) / 1000, bytes })
        : reject(new Error(`zip terminó con código ${code}: ${error.slice(0, 200)}`)),
    );
  });
}
