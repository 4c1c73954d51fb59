/**
 * The public verification page at `codigos` códigos seguros de verificación: the table filled by
 * set-based SQL (signed índices of a few bytes each, their codes drawn by the trigger of migration
 * 035, as for real ones), then GET /api/verificacion/:csv without a token, one request after another,
 * for codes that exist (200) and for well-formed codes that do not (404), each recording its look-up;
 * against the benchmark's bare authenticated route in the same run.
 */
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { BARE_ROUTE } from '../bare-route';
import { withClient } from '../database';
import { sequentialLatency, type Latency } from '../latency';
import { attempt, failed, ms, numero, type Measure } from '../measure';

/**
 * Against the bare authenticated route in the same run (it verifies a token and answers): a look-up
 * hashes the code, reads by the unique index of 1.000.000 hashes and commits the record of itself.
 */
const GOAL_RATIO = 3;
const LOTE = 100_000;
const ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

interface Context {
  base: string;
  token: string;
  databaseUrl: string;
  codigos: number;
  counts: { warmup: number; requests: number };
}

export async function measureVerificacion(context: Context): Promise<Measure[]> {
  const titulo = `Verificación pública con ${numero(context.codigos, 0)} códigos`;
  try {
    await llenarCodigos(context.databaseUrl, context.codigos, (hechos) =>
      console.log(`  ${numero(hechos, 0)} de ${numero(context.codigos, 0)} códigos`),
    );
  } catch (error) {
    return [failed(titulo, `≤ ${GOAL_RATIO} ×`, error)];
  }
  const conocidos = await withClient(context.databaseUrl, async (client) => {
    const { rows } = await client.query<{ codigo: string }>(
      `SELECT codigo FROM codigo_verificacion TABLESAMPLE BERNOULLI (1) LIMIT 500`,
    );
    return rows.map((row) => row.codigo);
  });
  const desconocidos = Array.from({ length: 500 }, () =>
    Array.from({ length: 28 }, () => ALFABETO[randomInt(ALFABETO.length)]).join(''),
  );
  const base = await sequentialLatency(context.base, context.token, BARE_ROUTE, context.counts);
  const casos = [
    ['un código que existe', conocidos, 200],
    ['un código bien formado que no existe', desconocidos, 404],
  ] as const;
  const measures: Measure[] = [];
  for (const [caso, codigos, estado] of casos) {
    const label = `Verificación pública (GET /api/verificacion/:csv, sin sesión), ${caso}, con ${numero(context.codigos, 0)} códigos, p95`;
    measures.push(
      await attempt(label, `≤ ${GOAL_RATIO} ×`, async () => {
        const latencia = await latenciaPublica(context.base, codigos, estado, context.counts);
        const ratio = latencia.p95 / base.p95;
        return {
          medida: label,
          valor: ms(latencia.p95),
          base: `${ms(base.p95)} (ruta autenticada vacía)`,
          ratio: `${numero(ratio, 2)} ×`,
          objetivo: `≤ ${GOAL_RATIO} ×`,
          cumple: ratio <= GOAL_RATIO,
          datos: {
            codigos: context.codigos,
            p50: latencia.p50,
            p95: latencia.p95,
            p99: latencia.p99,
            base_p95: base.p95,
            ratio,
          },
        };
      }),
    );
  }
  return measures;
}

/**
 * Signed índices (a few bytes of XML and PDF, over the first expedientes in turn) until the table of
 * codes holds `codigos`, in statements of `LOTE` rows; the trigger of migration 035 gives each its code.
 */
async function llenarCodigos(databaseUrl: string, codigos: number, onProgress: (hechos: number) => void) {
  await withClient(databaseUrl, async (client) => {
    const contar = async () =>
      (await client.query<{ n: number }>('SELECT count(*)::integer AS n FROM codigo_verificacion')).rows[0]!.n;
    let hay = await contar();
    if (hay >= codigos) return;
    while (hay < codigos) {
      const cuantos = Math.min(LOTE, codigos - hay);
      await client.query(
        `WITH expedientes AS (
           SELECT array_agg(id_expediente) AS ids FROM (SELECT id_expediente FROM expediente ORDER BY id_expediente LIMIT 1000) e
         )
         INSERT INTO indice_firmado (id_expediente, motivo, firmado_en, firmado_por, documentos, huella_indice, xml, pdf,
                                     certificado_sujeto, certificado_emisor, certificado_serie, solo_desarrollo)
         SELECT x.ids[1 + g % cardinality(x.ids)], 'cierre', now() - interval '1 minute' * g,
                (SELECT min(id_usuario) FROM usuario), 0, NULL, '<indice/>',
                convert_to('%PDF-1.7 banco de pruebas ' || g, 'UTF8'),
                'CN=Sello de pruebas (solo desarrollo)', 'CN=CA de pruebas (solo desarrollo)', '01', true
         FROM generate_series(1, $1) AS g, expedientes x`,
        [cuantos],
      );
      hay = await contar();
      onProgress(hay);
    }
    await client.query('VACUUM (ANALYZE) indice_firmado, codigo_verificacion');
  });
}

/** Sequential public GETs over `codigos` in turn (no token), warm-up discarded; each must answer `estado`. */
async function latenciaPublica(
  base: string,
  codigos: readonly string[],
  estado: number,
  counts: { warmup: number; requests: number },
): Promise<Latency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let index = 0; index < counts.warmup + counts.requests; index++) {
      const codigo = codigos[index % codigos.length]!;
      const start = performance.now();
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.get(new URL(`/api/verificacion/${codigo}`, base), { agent });
        request.on('error', reject);
        request.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('error', reject);
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
      });
      const elapsed = performance.now() - start;
      if (status !== estado) throw new Error(`GET /api/verificacion/${codigo} → ${status}: ${body.slice(0, 300)}`);
      if (index >= counts.warmup) times.push(elapsed);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length, Math.max(1, Math.ceil((p / 100) * times.length))) - 1]!;
  return { p50: at(50), p95: at(95), p99: at(99), requests: times.length };
}
