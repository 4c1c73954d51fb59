/**
 * List and search latencies: sequential requests (no overlap) after a warm-up, percentiles of the
 * whole round trip as the web app sees it.
 */
import { encodeCursor } from '@ecodigital/api/modules/expedientes/cursor';
import { withClient } from '../database';
import { getData } from '../http';
import { sequentialLatency, type Latency } from '../latency';
import { attempt, ms, numero, type Measure } from '../measure';

const PAGE_SIZE = 20;
const SEARCH_WORDS = { comun: 'Licencia', rara: 'Núñez Peña' } as const;

interface Context {
  base: string;
  token: string;
  databaseUrl: string;
  expedientes: number;
  counts: { warmup: number; requests: number };
}

interface Pagina {
  items: { id_expediente: number }[];
  total: number;
}

export async function measureList(context: Context): Promise<Measure[]> {
  const firstPath = `/api/expedientes?pageSize=${PAGE_SIZE}`;
  const firstLabel = `Lista, primera página (${PAGE_SIZE} filas), p99`;
  let first: Latency | undefined;
  const measures = [
    await attempt(firstLabel, '≤ 20 ms', async () => {
      const { latency, pagina } = await timedList(context, firstPath);
      first = latency;
      return {
        medida: firstLabel,
        valor: ms(latency.p99),
        base: '—',
        ratio: '—',
        objetivo: '≤ 20 ms',
        cumple: latency.p99 <= 20,
        datos: { ...latency, total: pagina.total },
      };
    }),
    await attempt(deepLabel(context), '≤ 2 × primera página', () => {
      if (!first) throw new Error('sin medida de la primera página');
      return measureDeepPage(context, first);
    }),
  ];
  for (const [clase, palabra] of Object.entries(SEARCH_WORDS)) {
    const label = `Búsqueda q «${palabra}» (${clase === 'comun' ? 'palabra común' : 'palabra rara'})`;
    measures.push(
      await attempt(`${label}, p95`, '≤ 50 ms', async () => {
        const { latency, pagina } = await timedList(context, `${firstPath}&q=${encodeURIComponent(palabra)}`);
        return {
          medida: `${label.slice(0, -1)}, ${numero(pagina.total, 0)} coincidencias), p95`,
          valor: ms(latency.p95),
          base: '—',
          ratio: '—',
          objetivo: '≤ 50 ms',
          cumple: latency.p95 <= 50,
          datos: { ...latency, coincidencias: pagina.total },
        };
      }),
    );
  }
  measures.push(
    await attempt('Lista filtrada (estado + tipo + fechas), p95', '≤ 30 ms', () => measureFiltered(context)),
  );
  return measures;
}

async function timedList(context: Context, path: string): Promise<{ latency: Latency; pagina: Pagina }> {
  const pagina = await getData<Pagina>(context.base, context.token, path);
  const latency = await sequentialLatency(context.base, context.token, path, context.counts);
  return { latency, pagina };
}

const lastPage = (expedientes: number) => Math.floor(expedientes / PAGE_SIZE);
const deepLabel = (context: Context) =>
  `Lista, página ${numero(lastPage(context.expedientes), 0)} (mismos filtros, cursor), p99`;

/**
 * The last full page, reached like the web app does with keyset paging: the cursor is the sort key
 * of the row just before it in the default order (fecha_apertura DESC, id_expediente DESC).
 */
async function measureDeepPage(context: Context, first: Latency): Promise<Measure> {
  const page = lastPage(context.expedientes);
  const rowsBefore = (page - 1) * PAGE_SIZE;
  const { claves, primerId } = await withClient(context.databaseUrl, async (client) => {
    const { rows } = await client.query<{ fecha: string; id: number }>(
      `SELECT fecha_apertura::text AS fecha, id_expediente AS id FROM expediente
       ORDER BY fecha_apertura DESC, id_expediente DESC OFFSET $1 LIMIT 2`,
      [rowsBefore - 1],
    );
    return { claves: [rows[0]!.fecha, String(rows[0]!.id)], primerId: rows[1]!.id };
  });
  const path = `/api/expedientes?pageSize=${PAGE_SIZE}&page=${page}&cursor=${encodeCursor(claves)}`;
  const { latency, pagina } = await timedList(context, path);
  if (pagina.items[0]?.id_expediente !== primerId) {
    throw new Error(
      `la página ${page} empieza por el expediente ${pagina.items[0]?.id_expediente}, no por ${primerId}`,
    );
  }
  const ratio = latency.p99 / first.p99;
  return {
    medida: deepLabel(context),
    valor: ms(latency.p99),
    base: `${ms(first.p99)} (primera página)`,
    ratio: `${numero(ratio, 2)} ×`,
    objetivo: '≤ 2 ×',
    cumple: ratio <= 2,
    datos: { ...latency, pagina: page, ratio, base_p99: first.p99 },
  };
}

/** estado + tipo + a year of opening dates, the kind of filter an office uses every day. */
async function measureFiltered(context: Context): Promise<Measure> {
  const tipos = await getData<{ id: number; nombre: string }[]>(
    context.base,
    context.token,
    '/api/catalogos/tipos-expediente',
  );
  const licencia = tipos.find((tipo) => tipo.nombre === 'Licencia') ?? tipos[0]!;
  const { desde, hasta } = await withClient(context.databaseUrl, async (client) => {
    const { rows } = await client.query<{ desde: string; hasta: string }>(
      `SELECT ((now() AT TIME ZONE 'Europe/Madrid')::date - 395)::text AS desde,
              ((now() AT TIME ZONE 'Europe/Madrid')::date - 30)::text AS hasta`,
    );
    return rows[0]!;
  });
  const path =
    `/api/expedientes?pageSize=${PAGE_SIZE}&estado=en_tramite&estado=abierto&tipo=${licencia.id}` +
    `&desde=${desde}&hasta=${hasta}`;
  const { latency, pagina } = await timedList(context, path);
  return {
    medida: `Lista filtrada (estado + tipo «${licencia.nombre}» + fechas, ${numero(pagina.total, 0)} filas), p95`,
    valor: ms(latency.p95),
    base: '—',
    ratio: '—',
    objetivo: '≤ 30 ms',
    cumple: latency.p95 <= 30,
    datos: { ...latency, coincidencias: pagina.total, desde, hasta },
  };
}
