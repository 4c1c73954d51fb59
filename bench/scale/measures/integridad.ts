/**
 * Fixity (issue 20): the revision's read path (storage → SHA-256, as `revisar` reads) against a
 * plain read of the same files in the same run; and list and download p99 while a revision reads
 * at its default budget (16 MiB/s, `INTEGRIDAD_MIB_POR_SEGUNDO`) on the same machine and disk,
 * against the same requests without it. Downloads go through the check that hashes as it streams.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { samplePdf } from '@ecodigital/api/modules/documentos/inspection/testing/sample-files';
import { formulario } from '@ecodigital/api/modules/documentos/testing/multipart';
import { huellaAlmacenada, Limitador } from '@ecodigital/api/modules/integridad/huella';
import { LocalDocumentStorage } from '@ecodigital/api/storage/local-storage';
import { getData } from '../http';
import { sequentialLatency, type Latency } from '../latency';
import { attempt, MiB, ms, numero, type Measure } from '../measure';
import { postJson, postRaw } from './texto';

interface Context {
  base: string;
  token: string;
  scratch: string;
  /** MiB of files read by each throughput pass. */
  mib: number;
  counts: { warmup: number; requests: number };
}

const PRESUPUESTO_POR_DEFECTO = 16 * MiB;

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

  const idDocumento = await subirDocumento(context);
  const rutas = [
    ['Lista de expedientes, primera página', '/api/expedientes?pageSize=20'],
    ['Descarga de un PDF de 1 MiB (comprobado al enviarse)', `/api/documentos/${idDocumento}/descargar`],
  ] as const;
  for (const [nombre, ruta] of rutas) {
    const label = `${nombre}, p99 con la revisión en marcha`;
    measures.push(
      await attempt(label, '≤ 1,2×', async () => {
        const sin = await sequentialLatency(context.base, context.token, ruta, context.counts);
        const con = await conRevision(storage, claves, () =>
          sequentialLatency(context.base, context.token, ruta, context.counts),
        );
        return comparar(label, con, sin);
      }),
    );
  }
  return measures;
}

function comparar(label: string, con: Latency, sin: Latency): Measure {
  const ratio = con.p99 / sin.p99;
  return {
    medida: label,
    valor: ms(con.p99),
    base: `${ms(sin.p99)} (sin revisión)`,
    ratio: numero(ratio, 2),
    objetivo: '≤ 1,2×',
    cumple: ratio <= 1.2,
    datos: { con_p99: con.p99, sin_p99: sin.p99, con_p50: con.p50, sin_p50: sin.p50, ratio },
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

/** `medir` while the revision's read path runs in a loop at the default budget. */
async function conRevision<T>(storage: LocalDocumentStorage, claves: string[], medir: () => Promise<T>): Promise<T> {
  const parar = new AbortController();
  const revision = (async () => {
    const limitador = new Limitador(PRESUPUESTO_POR_DEFECTO);
    while (!parar.signal.aborted) {
      for (const clave of claves) {
        if (parar.signal.aborted) return;
        await huellaAlmacenada(storage, clave, { limitador, signal: parar.signal }).catch(() => undefined);
      }
    }
  })();
  try {
    return await medir();
  } finally {
    parar.abort();
    await revision;
  }
}

async function subirDocumento(context: Context): Promise<number> {
  const { base, token } = context;
  const tipos = await getData<{ id: number }[]>(base, token, '/api/catalogos/tipos-documentales');
  const unidades = await getData<{ id: number }[]>(base, token, '/api/catalogos/unidades?ambito=creacion');
  const tiposExpediente = await getData<{ id: number }[]>(base, token, '/api/catalogos/tipos-expediente');
  const expediente = await postJson<{ id_expediente: number }>(base, token, '/api/expedientes', {
    asunto: 'Banco de pruebas: descargas con la revisión de integridad',
    id_tipo: tiposExpediente[0]!.id,
    id_unidad: unidades[unidades.length - 1]!.id,
  });
  const { payload, headers } = formulario([
    { campo: 'id_tipo_documental', valor: String(tipos[0]!.id) },
    {
      campo: 'archivo',
      archivo: 'integridad.pdf',
      contenido: samplePdf(`Integridad ${randomUUID()}`, { paddingKb: 1024 }),
    },
  ]);
  const status = await postRaw(
    base,
    token,
    `/api/expedientes/${expediente.id_expediente}/documentos`,
    payload,
    headers,
  );
  if (status !== 201) throw new Error(`la subida respondió ${status}`);
  const [documento] = await getData<{ id_documento: number }[]>(
    base,
    token,
    `/api/expedientes/${expediente.id_expediente}/documentos`,
  );
  return documento!.id_documento;
}
