/**
 * CSV export of the newest ~10 % of the expedientes (100,000 of a million) through the API, against
 * PostgreSQL's own `COPY` of the same rows (same columns, joins and order) on a connection already
 * open, like the API's pool; and the API process's RSS while it exports, against its RSS just before.
 */
import http from 'node:http';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { withClient } from '../database';
import { failed, MiB, numero, type Measure } from '../measure';
import { readRss, sampleRss } from '../rss';

const GOAL_RATIO = 3;
const GOAL_GROWTH_MIB = 64;

interface Context {
  base: string;
  token: string;
  databaseUrl: string;
  apiPid: number;
  expedientes: number;
  runs: number;
}

export interface Transfer {
  seconds: number;
  bytes: number;
  lines: number;
}

export async function measureExport(context: Context): Promise<Measure[]> {
  const target = Math.round(context.expedientes / 10);
  const { desde, filas } = await chooseRange(context.databaseUrl, target);
  const label = `Exportación CSV de ${numero(filas, 0)} filas`;
  try {
    const { copies, exports } = await exportAgainstCopy(context, {
      query: `desde=${desde}`,
      where: desdeSql(desde),
      filas,
    });
    const copySeconds = median(copies.map((copy) => copy.seconds));
    const exportSeconds = median(exports.map((exported) => exported.seconds));
    const ratio = exportSeconds / copySeconds;
    const worst = exports.reduce((a, b) => (b.peak - b.idle > a.peak - a.idle ? b : a));
    const growth = (worst.peak - worst.idle) / MiB;
    return [
      {
        medida: `${label} (GET /api/expedientes/export.csv, mediana de ${context.runs})`,
        valor: `${numero(exportSeconds, 2)} s (${numero(exports[0]!.bytes / MiB, 1)} MiB)`,
        base: `${numero(copySeconds, 2)} s (COPY … TO STDOUT)`,
        ratio: `${numero(ratio, 2)} ×`,
        objetivo: `≤ ${GOAL_RATIO} ×`,
        cumple: ratio <= GOAL_RATIO,
        datos: { filas, desde, segundos: exportSeconds, base_segundos: copySeconds, ratio, bytes: exports[0]!.bytes },
      },
      {
        medida: `Memoria (RSS) de la API mientras exporta ${numero(filas, 0)} filas`,
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
      failed(label, `≤ ${GOAL_RATIO} ×`, error),
      failed(`Memoria de la API (${label})`, `+ ≤ ${GOAL_GROWTH_MIB} MiB`, error),
    ];
  }
}

/**
 * Runs the API's export of `query` and a COPY of the same rows (`where` over `expediente e`) in
 * turns, after one unmeasured run of each; each export with the API's RSS before and at its peak.
 */
export async function exportAgainstCopy(
  context: { base: string; token: string; databaseUrl: string; apiPid: number; runs: number },
  rows: { query: string; where: string; filas: number },
): Promise<{ copies: Transfer[]; exports: (Transfer & { idle: number; peak: number })[] }> {
  const copies: Transfer[] = [];
  const exports: (Transfer & { idle: number; peak: number })[] = [];
  await withClient(context.databaseUrl, async (client) => {
    // Warm-up, not measured: the first export loads code paths and opens pool connections, and
    // the first COPY reads the rows into PostgreSQL's cache for both sides.
    await copyOut(client, rows.where);
    await exportCsv(context, rows.query);
    for (let run = 0; run < context.runs; run++) {
      copies.push(checkLines(await copyOut(client, rows.where), rows.filas, 'COPY'));
      const idle = readRss(context.apiPid);
      const sampler = sampleRss(context.apiPid);
      let exported: Transfer;
      let peak: number;
      try {
        exported = await exportCsv(context, rows.query);
      } finally {
        peak = sampler.stop();
      }
      exports.push({ ...checkLines(exported, rows.filas, 'la exportación'), idle, peak });
    }
  });
  return { copies, exports };
}

/** The opening day (Europe/Madrid) from which the newest rows number at least `target`. */
async function chooseRange(databaseUrl: string, target: number): Promise<{ desde: string; filas: number }> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ desde: string }>(
      `SELECT (fecha_apertura AT TIME ZONE 'Europe/Madrid')::date::text AS desde FROM expediente
       ORDER BY fecha_apertura DESC, id_expediente DESC OFFSET $1 LIMIT 1`,
      [target - 1],
    );
    const desde = rows[0]!.desde;
    const counted = await client.query<{ filas: number }>(
      `SELECT count(*)::integer AS filas FROM expediente WHERE ${DESDE_SQL}`,
      [desde],
    );
    return { desde, filas: counted.rows[0]!.filas };
  });
}

/** The API's `desde` filter: from the first instant of that day in Europe/Madrid. */
const DESDE_SQL = `fecha_apertura >= ($1::date)::timestamp AT TIME ZONE 'Europe/Madrid'`;

function desdeSql(desde: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(desde)) throw new Error(`Fecha no válida: ${desde}`);
  return `e.${DESDE_SQL.replace('$1', `'${desde}'`)}`;
}

/** The rows (`where` over `expediente e`) and columns of the export, ordered like it, as one COPY statement. */
function copySql(where: string): string {
  const nombre = (alias: string) =>
    `coalesce(nullif(btrim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), ${alias}.username)`;
  return `COPY (
    SELECT e.numero, e.asunto, t.nombre, un.nombre, e.interesado_nombre, e.interesado_documento,
           CASE WHEN r.id_usuario IS NULL THEN NULL ELSE ${nombre('r')} END, e.estado,
           to_char(e.fecha_apertura AT TIME ZONE 'Europe/Madrid', 'DD/MM/YYYY'),
           to_char(e.fecha_cierre AT TIME ZONE 'Europe/Madrid', 'DD/MM/YYYY')
    FROM expediente e
    JOIN tipo_expediente t ON t.id = e.id_tipo
    JOIN unidad un ON un.id = e.id_unidad
    LEFT JOIN usuario r ON r.id_usuario = e.id_responsable
    WHERE ${where}
    ORDER BY e.fecha_apertura DESC, e.id_expediente DESC
  ) TO STDOUT WITH (FORMAT csv, DELIMITER ';', HEADER)`;
}

function copyOut(client: pg.Client, where: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const stream = client.query(copyTo(copySql(where)));
    const counter = countStream();
    stream.on('data', counter.add);
    stream.on('error', reject);
    stream.on('end', () => resolve({ seconds: (performance.now() - start) / 1000, ...counter.totals() }));
  });
}

function exportCsv(context: { base: string; token: string }, query: string): Promise<Transfer> {
  const url = new URL(`/api/expedientes/export.csv?${query}`, context.base);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(url, { headers: { authorization: `Bearer ${context.token}` } });
    request.on('error', reject);
    request.on('response', (response) => {
      const counter = countStream();
      response.on('data', counter.add);
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`La exportación respondió ${response.statusCode}.`));
        else resolve({ seconds: (performance.now() - start) / 1000, ...counter.totals() });
      });
    });
  });
}

/** Counts bytes and line ends without keeping the data. */
function countStream() {
  let bytes = 0;
  let lines = 0;
  return {
    add: (chunk: Buffer) => {
      bytes += chunk.length;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines++;
    },
    totals: () => ({ bytes, lines }),
  };
}

/** Header plus one line per row (the demo data has no line breaks inside cells). */
function checkLines(transfer: Transfer, filas: number, what: string): Transfer {
  if (transfer.lines !== filas + 1) throw new Error(`${what} devolvió ${transfer.lines - 1} filas, no ${filas}.`);
  return transfer;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
