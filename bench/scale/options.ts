import { parseArgs } from 'node:util';

export interface BenchOptions {
  expedientes: number;
  /** Drop and regenerate the database even when it already holds `expedientes` rows. */
  fresh: boolean;
  quick: boolean;
  /** `bench_scale` for the full million; `bench_scale_<N>` otherwise, so a quick run never replaces it. */
  databaseName: string;
  /** autocannon run per route, in seconds. */
  throughputSeconds: number;
  /** Sequential requests per percentile, after `warmupRequests`. */
  requests: number;
  warmupRequests: number;
  /** Whole runs of the export and of COPY; the medians are compared. */
  exportRuns: number;
  /**
   * Documents with text for the search inside documents (groups `busqueda` and `texto`), two per expediente: more
   * than twice `expedientes` is refused (the search's shape, a few documents per expediente, stays).
   */
  documentos: number;
  /** Uploads per instance when comparing extraction on and off. */
  uploads: number;
  /** MiB of files each pass of the fixity revision reads (group `integridad`). */
  integridadMib: number;
  /** Documents in the índice signed by the group `firma` (goal: 10.000 in ≤ 2 s). */
  documentosIndice: number;
  /** MiB of files in the expediente exported as ENI by the group `eni`, in files of 16 MiB. */
  eniMib: number;
  /** Códigos seguros de verificación in the table when the group `verificacion` measures its look-up. */
  codigos: number;
  /** Groups of measures to take (all by default): arranque, sesion, lista, exportacion, alcance, busqueda, texto, embebida, integridad, firma, eni, verificacion, shell. */
  solo: Set<Grupo>;
}

export const GRUPOS = [
  'arranque',
  'sesion',
  'lista',
  'exportacion',
  'alcance',
  'busqueda',
  'texto',
  'embebida',
  'integridad',
  'firma',
  'eni',
  'verificacion',
  'shell',
] as const;
type Grupo = (typeof GRUPOS)[number];

/**
 * Groups that do not depend on the number of expedientes (they make the rows they measure): a run of
 * only these at their full sizes is official too, written apart (`bench/results/eni.{json,md}`).
 */
export const GRUPOS_PROPIOS: readonly Grupo[] = ['firma', 'eni', 'verificacion'];
export const FULL_DOCUMENTOS_INDICE = 10_000;
export const FULL_ENI_MIB = 1_024;
export const FULL_CODIGOS = 1_000_000;
/**
 * Documents with text for a run of only the search inside documents (`--solo busqueda`), official
 * too, written apart (`bench/results/busqueda.{json,md}`): generating them takes most of an hour.
 */
export const FULL_DOCUMENTOS_BUSQUEDA = 1_000_000;

export const FULL_EXPEDIENTES = 1_000_000;
const QUICK_EXPEDIENTES = 20_000;
const FULL_DOCUMENTOS = 100_000;
const QUICK_DOCUMENTOS = 5_000;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      expedientes: { type: 'string' },
      documentos: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      solo: { type: 'string' },
      'documentos-indice': { type: 'string' },
      'eni-mib': { type: 'string' },
      'integridad-mib': { type: 'string' },
      codigos: { type: 'string' },
      'base-de-datos': { type: 'string' },
    },
  });
  const quick = values.quick ?? false;
  const expedientes = Number(values.expedientes ?? (quick ? QUICK_EXPEDIENTES : FULL_EXPEDIENTES));
  if (!Number.isInteger(expedientes) || expedientes < 1_000) {
    throw new Error(`--expedientes debe ser un entero de al menos 1000 (recibido «${values.expedientes}»).`);
  }
  // Without --documentos, the default never asks for more than the expedientes can hold.
  const documentos = Number(values.documentos ?? Math.min(quick ? QUICK_DOCUMENTOS : FULL_DOCUMENTOS, 2 * expedientes));
  if (!Number.isInteger(documentos) || documentos < 1_000) {
    throw new Error(`--documentos debe ser un entero de al menos 1000 (recibido «${values.documentos}»).`);
  }
  if (documentos > 2 * expedientes) {
    throw new Error(
      `--documentos ${documentos} pide más de dos documentos por expediente: con ${expedientes} expedientes caben ` +
        `${2 * expedientes} como mucho. Para ${documentos} documentos, use --expedientes ${Math.ceil(documentos / 2)} o más.`,
    );
  }
  const entero = (nombre: string, valor: string | undefined, porDefecto: number, minimo: number) => {
    const numero = Number(valor ?? porDefecto);
    if (!Number.isInteger(numero) || numero < minimo) {
      throw new Error(`--${nombre} debe ser un entero de al menos ${minimo} (recibido «${valor}»).`);
    }
    return numero;
  };
  const documentosIndice = entero(
    'documentos-indice',
    values['documentos-indice'],
    quick ? 1_000 : FULL_DOCUMENTOS_INDICE,
    1,
  );
  const eniMib = entero('eni-mib', values['eni-mib'], quick ? 128 : FULL_ENI_MIB, 16);
  const integridadMib = entero('integridad-mib', values['integridad-mib'], quick ? 64 : 256, 16);
  const codigos = entero('codigos', values.codigos, quick ? 20_000 : FULL_CODIGOS, 1_000);
  const baseDeDatos = values['base-de-datos'];
  if (baseDeDatos !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(baseDeDatos)) {
    throw new Error(`--base-de-datos admite minúsculas, cifras y «_» (recibido «${baseDeDatos}»).`);
  }
  const solo = (values.solo ?? GRUPOS.join(',')).split(',').map((grupo) => grupo.trim());
  const unknown = solo.filter((grupo) => !(GRUPOS as readonly string[]).includes(grupo));
  if (unknown.length) throw new Error(`--solo admite ${GRUPOS.join(', ')}; no «${unknown.join(', ')}».`);
  return {
    expedientes,
    solo: new Set(solo as Grupo[]),
    fresh: values.fresh ?? false,
    quick,
    databaseName: baseDeDatos ?? (expedientes === FULL_EXPEDIENTES ? 'bench_scale' : `bench_scale_${expedientes}`),
    throughputSeconds: quick ? 3 : 10,
    requests: quick ? 50 : 200,
    warmupRequests: quick ? 10 : 30,
    exportRuns: quick ? 1 : 3,
    documentos,
    uploads: quick ? 10 : 40,
    integridadMib,
    documentosIndice,
    eniMib,
    codigos,
  };
}
