/**
 * Search inside documents at scale (group `busqueda`): search latencies over `--documentos` documents
 * with text (100.000 by default), for someone who sees everything and for someone of one unidad; what
 * the search takes on disk. Text processing (group `texto`): extraction throughput of the isolated extractor, and OCR's with as many of
 * them as the API runs (texto/ocr.ts); the upload's latency with background extraction on and off;
 * the API's memory while it re-indexes every document.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { ExtractorAislado } from '@ecodigital/api/modules/documentos/texto/extractor-aislado';
import { samplePdf } from '@ecodigital/api/modules/documentos/inspection/testing/sample-files';
import { formulario } from '@ecodigital/api/modules/documentos/testing/multipart';
import { pdfConTexto } from '@ecodigital/api/modules/documentos/texto/testing/archivos-con-texto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withClient } from '../database';
import { getData } from '../http';
import { sequentialLatency } from '../latency';
import { attempt, MiB, ms, numero, type Measure } from '../measure';
import { sampleRss } from '../rss';
import {
  documentosConTexto,
  FRASE,
  PALABRA_COMUN,
  PALABRA_RARA,
  prepararTextos,
  terminarTextos,
} from '../texto/corpus';
import { measureOcr } from '../texto/ocr';
import { median } from './export';

interface Context {
  base: string;
  token: string;
  tokenFor(username: string): Promise<string>;
  /** A second API on the same database that does not extract (EXTRACCION_TRABAJOS=0). */
  otraApi(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }>;
  databaseUrl: string;
  apiPid: number;
  documentos: number;
  counts: { warmup: number; requests: number };
  uploads: number;
}

export async function prepararDocumentos(databaseUrl: string, documentos: number): Promise<void> {
  const hay = await withClient(databaseUrl, documentosConTexto);
  if (hay >= documentos) return;
  // One connection per core: PostgreSQL builds each text and its vectors on the connection's own process.
  const partes = os.availableParallelism();
  console.log(`Generando el texto de ${numero(documentos - hay, 0)} documentos (${partes} conexiones)…`);
  const inicio = performance.now();
  const hechos = new Array<number>(partes).fill(0);
  await Promise.all(
    hechos.map((_, parte) =>
      withClient(databaseUrl, (client) =>
        prepararTextos(
          client,
          Math.ceil((documentos - hay) / partes),
          (suyos) => {
            hechos[parte] = suyos;
            const total = hechos.reduce((suma, n) => suma + n, 0);
            const segundos = (performance.now() - inicio) / 1000;
            if (parte === 0) console.log(`  ${numero(total, 0)} (${numero(total / segundos, 0)} por segundo)`);
          },
          { parte, partes },
        ),
      ),
    ),
  );
  // A part whose expedientes ran out leaves the rest to one connection over all of them.
  const faltan = documentos - (await withClient(databaseUrl, documentosConTexto));
  if (faltan > 0) await withClient(databaseUrl, (client) => prepararTextos(client, faltan, () => {}));
  await withClient(databaseUrl, terminarTextos);
}

/** The search inside documents: latencies for common word, rare word and phrase, and its size on disk. */
export async function measureBusqueda(
  context: Pick<Context, 'base' | 'token' | 'tokenFor' | 'databaseUrl' | 'counts'>,
): Promise<Measure[]> {
  const measures: Measure[] = [];
  const personas = [
    { quien: 'quien ve todo', token: context.token },
    { quien: 'persona de 1 unidad', token: await context.tokenFor('tesorera') },
  ];
  for (const { quien, token } of personas) {
    for (const [clase, q] of [
      ['palabra común', PALABRA_COMUN],
      ['palabra rara', PALABRA_RARA],
      ['frase', FRASE],
    ] as const) {
      const label = `Búsqueda en documentos, ${clase} «${q.replace(/"/g, '')}», ${quien}, p95`;
      measures.push(
        await attempt(label, '≤ 50 ms', async () => {
          const path = `/api/documentos/buscar?q=${encodeURIComponent(q)}`;
          const pagina = await getData<{ total: number; totalExacto: boolean }>(context.base, token, path);
          const latency = await sequentialLatency(context.base, token, path, context.counts);
          const encontrados = `${pagina.totalExacto ? '' : 'más de '}${numero(pagina.total, 0)}`;
          return {
            medida: `${label.slice(0, -5)} (${encontrados} documentos), p95`,
            valor: ms(latency.p95),
            base: '—',
            ratio: '—',
            objetivo: '≤ 50 ms',
            cumple: latency.p95 <= 50,
            datos: { ...latency, total: pagina.total },
          };
        }),
      );
    }
  }
  measures.push(
    await attempt('Tamaño en disco de la búsqueda en documentos', 'informativa', () =>
      measureTamanos(context.databaseUrl),
    ),
  );
  return measures;
}

/** Extraction and OCR throughput, the upload with extraction on and off, and re-indexing's memory. */
export async function measureTexto(context: Context): Promise<Measure[]> {
  const measures: Measure[] = [];
  measures.push(await attempt('Extracción de PDF con texto, documentos/s', '—', measureExtraccionPdf));
  measures.push(await attempt('OCR de páginas escaneadas, páginas/s', '≥ 0,8 × núcleos', measureOcr));
  measures.push(await attempt('Subida con extracción frente a sin ella', '≥ 0,95', () => measureSubida(context)));
  measures.push(
    await attempt(`Reindexado de ${numero(context.documentos, 0)} documentos, RSS`, '≤ 1 GiB', () =>
      measureReindexado(context),
    ),
  );
  return measures;
}

async function conArchivos<T>(archivos: Buffer[], work: (rutas: string[]) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecodigital-bench-texto-'));
  try {
    const rutas = await Promise.all(
      archivos.map(async (contenido, i) => {
        const ruta = path.join(dir, `archivo-${i}`);
        await writeFile(ruta, contenido);
        return ruta;
      }),
    );
    return await work(rutas);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const OPCIONES = {
  tessdataDir: '/usr/share/tesseract-ocr/5/tessdata',
  paginasMax: 2000,
  megapixelesMax: 40,
  herramientas: { memoriaMb: 2048, cpuS: 600 },
};

/** 40 three-page PDFs with a text layer through the isolated extractor, one after another. */
async function measureExtraccionPdf(): Promise<Measure> {
  const parrafo = 'Se concede la licencia de obra menor para la reforma interior de la vivienda.\n'.repeat(30);
  const pdfs = await Promise.all(
    Array.from({ length: 40 }, (_, i) => pdfConTexto([parrafo, `${parrafo} ${i}`, parrafo])),
  );
  return conArchivos(pdfs, async (rutas) => {
    const extractor = new ExtractorAislado({ tiempoMaxMs: 60_000, memoriaMaxMb: 1024 });
    try {
      await extractor.extraer(rutas[0]!, { formato: 'PDF', ...OPCIONES });
      const inicio = performance.now();
      for (const ruta of rutas) await extractor.extraer(ruta, { formato: 'PDF', ...OPCIONES });
      const porSegundo = rutas.length / ((performance.now() - inicio) / 1000);
      return informativa(
        `Extracción de PDF con texto (3 páginas), documentos/s`,
        `${numero(porSegundo, 1)} documentos/s`,
        {
          documentos_por_segundo: porSegundo,
        },
      );
    } finally {
      extractor.cerrar();
    }
  });
}

/**
 * What the search takes on disk beside the text it searches: the documents' vectors, their GIN
 * index and the pieces (with their own vectors) the fragments are cut from.
 */
async function measureTamanos(databaseUrl: string): Promise<Measure> {
  const tamanos = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<Record<'documentos' | 'texto' | 'vectores' | 'indice' | 'trozos', number>>(
      `SELECT count(texto)::integer AS documentos,
              coalesce(sum(octet_length(texto)), 0)::float8 AS texto,
              coalesce(sum(pg_column_size(vector)), 0)::float8 AS vectores,
              pg_relation_size('documento_texto_vector_idx')::float8 AS indice,
              pg_total_relation_size('documento_texto_trozo')::float8 AS trozos
       FROM documento_texto`,
    );
    return rows[0]!;
  });
  const { documentos, texto, vectores, indice, trozos } = tamanos;
  const mib = (bytes: number) => `${numero(bytes / MiB, 1)} MiB`;
  return {
    medida: `Tamaño en disco de la búsqueda en documentos (${numero(documentos, 0)} documentos con texto)`,
    valor: `índice GIN ${mib(indice)}; vectores ${mib(vectores)}; trozos ${mib(trozos)}`,
    base: `texto ${mib(texto)}`,
    // Bytes of search per byte of text.
    ratio: texto > 0 ? numero((indice + vectores + trozos) / texto, 2) : '—',
    objetivo: 'informativa',
    cumple: true,
    datos: {
      documentos,
      texto_mib: texto / MiB,
      indice_mib: indice / MiB,
      vectores_mib: vectores / MiB,
      trozos_mib: trozos / MiB,
    },
  };
}

function informativa(medida: string, valor: string, datos: Record<string, number>): Measure {
  return { medida, valor, base: '—', ratio: '—', objetivo: 'informativa', cumple: true, datos };
}

/**
 * The same upload to two API instances on the same database, in turns: this one (extraction on)
 * and one with EXTRACCION_TRABAJOS=0. The upload answers before any extraction starts, so the
 * latencies must match: ratio = without / with ≥ 0,95.
 */
async function measureSubida(context: Context): Promise<Measure> {
  const sinExtraccion = await context.otraApi({ EXTRACCION_TRABAJOS: '0' });
  try {
    const token = context.token;
    const tipos = await getData<{ id: number; nombre: string }[]>(
      context.base,
      token,
      '/api/catalogos/tipos-documentales',
    );
    const unidades = await getData<{ id: number }[]>(context.base, token, '/api/catalogos/unidades?ambito=creacion');
    const tiposExpediente = await getData<{ id: number }[]>(context.base, token, '/api/catalogos/tipos-expediente');
    const expediente = await postJson<{ id_expediente: number }>(context.base, token, '/api/expedientes', {
      asunto: 'Banco de pruebas: subidas con y sin extracción',
      id_tipo: tiposExpediente[0]!.id,
      id_unidad: unidades[unidades.length - 1]!.id,
    });
    const subir = async (base: string) => {
      const { payload, headers } = formulario([
        { campo: 'id_tipo_documental', valor: String(tipos[0]!.id) },
        {
          campo: 'archivo',
          archivo: 'informe.pdf',
          contenido: samplePdf(`Informe ${randomUUID()}`, { paddingKb: 200 }),
        },
      ]);
      const inicio = performance.now();
      const status = await postRaw(
        base,
        token,
        `/api/expedientes/${expediente.id_expediente}/documentos`,
        payload,
        headers,
      );
      if (status !== 201) throw new Error(`la subida respondió ${status}`);
      return performance.now() - inicio;
    };
    for (let i = 0; i < 3; i++) {
      await subir(context.base);
      await subir(sinExtraccion.base);
    }
    const con: number[] = [];
    const sin: number[] = [];
    for (let i = 0; i < context.uploads; i++) {
      con.push(await subir(context.base));
      sin.push(await subir(sinExtraccion.base));
    }
    const ratio = median(sin) / median(con);
    return {
      medida: `Subida de un PDF de 200 KB con la extracción en marcha (mediana de ${context.uploads})`,
      valor: ms(median(con)),
      base: `${ms(median(sin))} (instancia con EXTRACCION_TRABAJOS=0)`,
      ratio: `${numero(ratio, 2)}`,
      objetivo: '≥ 0,95',
      cumple: ratio >= 0.95,
      datos: { con_ms: median(con), sin_ms: median(sin), ratio },
    };
  } finally {
    await sinExtraccion.stop();
  }
}

/** Re-computes every search vector through the API's own job; the API's RSS is sampled throughout. */
async function measureReindexado(context: Context): Promise<Measure> {
  const sampler = sampleRss(context.apiPid);
  const inicio = performance.now();
  let peak: number;
  let estado: { reindexado: { hechos: number; total: number; terminado: string | null } | null };
  try {
    await postJson(context.base, context.token, '/api/admin/indice-texto/reindexar', { modo: 'vectores' });
    do {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      estado = await getData(context.base, context.token, '/api/admin/indice-texto');
    } while (!estado.reindexado?.terminado);
  } finally {
    peak = sampler.stop();
  }
  const segundos = (performance.now() - inicio) / 1000;
  return {
    medida: `RSS de la API mientras reindexa ${numero(estado.reindexado!.total, 0)} documentos (${numero(segundos, 0)} s)`,
    valor: `${numero(peak / MiB, 1)} MiB (pico)`,
    base: '—',
    ratio: '—',
    objetivo: '≤ 1 GiB',
    cumple: peak <= 1024 * MiB,
    datos: { pico_mib: peak / MiB, segundos, documentos: estado.reindexado!.total },
  };
}

export function postRaw(
  base: string,
  token: string,
  pathAndQuery: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(pathAndQuery, base), {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}`, 'content-length': String(body.length) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.end(body);
  });
}

export async function postJson<T>(base: string, token: string, pathAndQuery: string, body: unknown): Promise<T> {
  const texto = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(pathAndQuery, base), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const trozos: Buffer[] = [];
      response.on('data', (trozo: Buffer) => trozos.push(trozo));
      response.on('end', () => {
        const cuerpo = Buffer.concat(trozos).toString('utf8');
        if ((response.statusCode ?? 0) >= 300)
          reject(new Error(`POST ${pathAndQuery} → ${response.statusCode}: ${cuerpo}`));
        else resolve((JSON.parse(cuerpo) as { data: T }).data);
      });
    });
    request.end(texto);
  });
}
