/**
 * Fixity: the revision's read path (storage → SHA-256, as `revisar` reads) against a plain read of
 * the same files in the same run; and list and download p99 on an API whose own revision job runs
 * at its default budget (16 MiB/s, `INTEGRIDAD_MIB_POR_SEGUNDO`), against the same requests to that API
 * just before. Downloads go through the check that hashes as it streams.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { samplePdf } from '@ecodigital/api/modules/documentos/inspection/testing/sample-files';
import { formulario } from '@ecodigital/api/modules/documentos/testing/multipart';
import type { EstadoIntegridad } from '@ecodigital/contracts/integridad';
import { runMigrations } from '@ecodigital/api/db/migrator';
import { createPgDatabase } from '@ecodigital/api/db/pg-database';
import { huellaAlmacenada } from '@ecodigital/api/modules/integridad/huella';
import { LocalDocumentStorage } from '@ecodigital/api/storage/local-storage';
import { seedDemo } from '@ecodigital/api/tools/demo-data';
import { scratchDatabase, withClient } from '../database';
import { getData } from '../http';
import { sequentialLatency, type Latency } from '../latency';
import { attempt, attemptMany, MiB, ms, numero, type Measure } from '../measure';
import { postJson, postRaw } from './texto';

interface Context {
  token: string;
  scratch: string;
  /** Another API process on the benchmark's identity provider, with these variables. */
  otraApi(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }>;
  /** The benchmark database's name: the group's own is named after it. */
  baseDeDatos: string;
  /** MiB of files read by each throughput pass. */
  mib: number;
  counts: { warmup: number; requests: number };
}

const PRESUPUESTO_POR_DEFECTO = 16 * MiB;
/** The group's own API holds a small archive: the list is measured against itself. */
const EXPEDIENTES_PROPIOS = 2_000;

export async function measureIntegridad(context: Context): Promise<Measure[]> {
  const storage = new LocalDocumentStorage({ dir: path.join(context.scratch, 'integridad') });
  const claves = await escribirArchivos(storage, context.mib);
  const measures: Measure[] = [];
  measures.push(
    await attempt('Revisión de integridad: lectura con SHA-256 frente a lectura simple', 'informativa', async () => {
      // Warm the page cache once so both passes read the same way.
      await leerSimple(storage.dir, claves);
      const simple = await mibPorSegundo(context.mib, () => leerSimple(storage.dir, claves));
      const conHuella = await mibPorSegundo(context.mib, async () => {
        for (const clave of claves) await huellaAlmacenada(storage, clave);
      });
      const ratio = conHuella / simple;
      return {
        medida: `Revisión de integridad sin límite: ${numero(context.mib, 0)} MiB leídos con SHA-256`,
        valor: `${numero(conHuella, 0)} MiB/s`,
        base: `${numero(simple, 0)} MiB/s (lectura simple)`,
        ratio: numero(ratio, 2),
        // What the revision could read; it reads at most its budget (16 MiB/s by default).
        objetivo: 'informativa',
        cumple: true,
        datos: { con_huella_mib_s: conHuella, simple_mib_s: simple, ratio, presupuesto_mib_s: 16 },
      };
    }),
  );

  measures.push(
    ...(await attemptMany('Lista y descarga, p99 con la revisión en marcha en la API', '≤ 1,2×', () =>
      latenciasConRevision(context),
    )),
  );
  return measures;
}

/**
 * List and download p99 on an API whose own revision job re-hashes its stored files at the default
 * budget, against the same warm API just before its round began. The API has a database and files
 * of its own: the benchmark's main database has documents without files, which a revision would
 * only find missing. It first runs without a revision worker while the files arrive, then again with
 * one, the revision's job held back until the figures without it are taken.
 */
async function latenciasConRevision(context: Context): Promise<Measure[]> {
  const propia = await scratchDatabase(`${context.baseDeDatos}_integridad`);
  try {
    const db = createPgDatabase(propia.url);
    try {
      await runMigrations(db);
      await seedDemo(db, { expedientes: EXPEDIENTES_PROPIOS, batchSize: 5_000 });
    } finally {
      await db.close();
    }
    const env = {
      DATABASE_URL: propia.url,
      DATA_DIR: path.join(context.scratch, 'integridad-api'),
      STORAGE_DIR: path.join(context.scratch, 'integridad-documentos'),
      // Text extraction would read the same uploads in the same process: not what is measured.
      EXTRACCION_TRABAJOS: '0',
    };
    const carga = await context.otraApi({ ...env, INTEGRIDAD_MIB_POR_SEGUNDO: '0' });
    let idDocumento: number;
    try {
      // The round must outlast the measure taken during it: at 16 MiB/s, 128 MiB last 8 s.
      idDocumento = await subirArchivos(carga.base, context.token, Math.max(context.mib, 128));
    } finally {
      await carga.stop();
    }

    // The revision's job, due since the first start, waits until the API is warm and measured
    // without it; then it is made due and taken at once (white-box: the job's row, not an API).
    const programarRevision = (cuando: string) =>
      withClient(propia.url, (client) =>
        client.query(`UPDATE trabajo SET disponible_desde = ${cuando} WHERE cola = 'integridad'`),
      );
    await programarRevision(`now() + interval '1 day'`);
    const api = await context.otraApi({ ...env, INTEGRIDAD_MIB_POR_SEGUNDO: String(PRESUPUESTO_POR_DEFECTO / MiB) });
    try {
      const estado = () => getData<EstadoIntegridad>(api.base, context.token, '/api/admin/integridad');
      const rutas = [
        ['Lista de expedientes, primera página', '/api/expedientes?pageSize=20'],
        ['Descarga de un PDF de 1 MiB (comprobado al enviarse)', `/api/documentos/${idDocumento}/descargar`],
      ] as const;
      const medirRutas = async () => {
        const latencias: Latency[] = [];
        for (const [, ruta] of rutas) {
          latencias.push(await sequentialLatency(api.base, context.token, ruta, context.counts));
        }
        return latencias;
      };
      // Twice: the first pass warms the new process (plans, pool, JIT) for both routes.
      await medirRutas();
      const antes = await medirRutas();
      if ((await estado()).ronda) throw new Error('la revisión empezó antes de tiempo');

      await programarRevision('now()');
      await hasta(
        'la ronda de revisión empieza',
        60_000,
        async () => ((await estado()).ronda?.documentos_revisados ?? 0) > 0,
      );
      const con = await medirRutas();
      const enCurso = (await estado()).ronda!;
      if (enCurso.terminada) {
        throw new Error('la ronda de revisión terminó antes que la medida: aumente --integridad-mib');
      }
      const segundosRonda = (enCurso.bytes_total / PRESUPUESTO_POR_DEFECTO) * 3 + 60;
      await hasta('la ronda de revisión termina', segundosRonda * 1000, async () =>
        Boolean((await estado()).ronda?.terminada),
      );
      const ronda = (await estado()).ronda!;
      const mibPorSegundoRonda =
        ronda.bytes_revisados / MiB / ((Date.parse(ronda.terminada!) - Date.parse(ronda.iniciada)) / 1000);
      const despues = await medirRutas();
      const measures: Measure[] = [];
      for (const [indice, [nombre]] of rutas.entries()) {
        const measure = comparar(
          `${nombre}, p99 con la revisión en marcha en la API`,
          con[indice]!,
          antes[indice]!,
          despues[indice]!,
        );
        measure.datos.ronda_mib_s = mibPorSegundoRonda;
        measure.datos.ronda_mib = ronda.bytes_revisados / MiB;
        measures.push(measure);
      }
      return measures;
    } finally {
      await api.stop();
    }
  } finally {
    await propia.drop();
  }
}

async function hasta(que: string, timeoutMs: number, cumplido: () => Promise<boolean>): Promise<void> {
  const limite = performance.now() + timeoutMs;
  while (!(await cumplido())) {
    if (performance.now() > limite) throw new Error(`no se llegó a tiempo a que ${que}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `con` against the mean of the p99 just before the round and just after it: on a shared machine the
 * load drifts by as much as the revision costs, and bracketing cancels a steady drift.
 */
function comparar(label: string, con: Latency, antes: Latency, despues: Latency): Measure {
  const sinP99 = (antes.p99 + despues.p99) / 2;
  const ratio = con.p99 / sinP99;
  return {
    medida: label,
    valor: ms(con.p99),
    base: `${ms(sinP99)} (sin revisión: media de antes y después)`,
    ratio: numero(ratio, 2),
    objetivo: '≤ 1,2×',
    cumple: ratio <= 1.2,
    datos: {
      con_p99: con.p99,
      sin_p99: sinP99,
      antes_p99: antes.p99,
      despues_p99: despues.p99,
      con_p50: con.p50,
      antes_p50: antes.p50,
      despues_p50: despues.p50,
      ratio,
    },
  };
}

/** Files of 4 MiB adding up to `mib`, committed as the API commits uploads. */
async function escribirArchivos(storage: LocalDocumentStorage, mib: number): Promise<string[]> {
  await mkdir(storage.tempDir, { recursive: true });
  const claves: string[] = [];
  for (let i = 0; i < Math.max(1, Math.round(mib / 4)); i++) {
    const temp = path.join(storage.tempDir, `${randomUUID()}.part`);
    await writeFile(temp, randomBytes(4 * MiB));
    const clave = randomUUID();
    await storage.commit(temp, clave);
    claves.push(clave);
  }
  return claves;
}

function rutaDe(dir: string, clave: string): string {
  return path.join(dir, clave.slice(0, 2), clave.slice(2, 4), clave);
}

async function leerSimple(dir: string, claves: string[]): Promise<void> {
  for (const clave of claves) {
    for await (const chunk of createReadStream(rutaDe(dir, clave))) void chunk;
  }
}

async function mibPorSegundo(mib: number, leer: () => Promise<void>): Promise<number> {
  const inicio = performance.now();
  await leer();
  return mib / ((performance.now() - inicio) / 1000);
}

/**
 * A 1 MiB PDF to download, then 4 MiB ones up to `mib`, uploaded as people upload them into one
 * expediente. Returns the 1 MiB one's id.
 */
async function subirArchivos(base: string, token: string, mib: number): Promise<number> {
  const tipos = await getData<{ id: number }[]>(base, token, '/api/catalogos/tipos-documentales');
  const unidades = await getData<{ id: number }[]>(base, token, '/api/catalogos/unidades?ambito=creacion');
  const tiposExpediente = await getData<{ id: number }[]>(base, token, '/api/catalogos/tipos-expediente');
  const expediente = await postJson<{ id_expediente: number }>(base, token, '/api/expedientes', {
    asunto: 'Banco de pruebas: descargas con la revisión de integridad',
    id_tipo: tiposExpediente[0]!.id,
    id_unidad: unidades[unidades.length - 1]!.id,
  });
  const ruta = `/api/expedientes/${expediente.id_expediente}/documentos`;
  const subir = async (nombre: string, paddingKb: number) => {
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(tipos[0]!.id) },
      { campo: 'archivo', archivo: nombre, contenido: samplePdf(`Integridad ${randomUUID()}`, { paddingKb }) },
    ]);
    const status = await postRaw(base, token, ruta, payload, headers);
    if (status !== 201) throw new Error(`la subida respondió ${status}`);
  };
  await subir('descarga.pdf', 1024);
  for (let i = 1; i < Math.max(2, Math.round(mib / 4)); i++) await subir(`revision-${i}.pdf`, 4096);
  const [documento] = await getData<{ id_documento: number }[]>(base, token, ruta);
  return documento!.id_documento;
}
