import type {
  BaseGestion,
  CatalogoItem,
  EstadoExpediente,
  Expediente,
  ExpedienteResumen,
  ExpedientesFiltro,
  Responsable,
} from '@ecodigital/contracts/expedientes';
import type { Database, Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import { isoString } from '../../shared/dates';
import { nombreCompletoSql } from '../../shared/sql';
import type { Caller } from '../../shared/caller/caller';
import type { EstadoPlazo } from '@ecodigital/contracts/plazos.rules';
import { ESTADO_PLAZO_SQL } from '../../shared/plazos/estado.sql';
import { clavesSelect, despuesDe, filtroWhere, orderBy, type FiltroLista, type Orden } from './expedientes.query';
import { expedientesVisibles, gestionPorSql } from './visibility';

const COLUMNAS_FIJAS = `
         e.id_expediente, e.numero, e.asunto, e.descripcion,
         e.id_tipo, t.nombre AS tipo_nombre, e.id_unidad, un.nombre AS unidad_nombre,
         e.interesado_nombre, e.interesado_documento,
         e.id_responsable, r.username AS responsable_username, ${nombreCompletoSql('r')} AS responsable_nombre,
         e.estado, e.fecha_apertura, e.fecha_cierre,
         e.creado_por, c.username AS creador_username, ${nombreCompletoSql('c')} AS creador_nombre,
         e.actualizado_en, e.version,
         to_char(p.fecha_limite, 'YYYY-MM-DD') AS plazo_fecha_limite, ${ESTADO_PLAZO_SQL} AS plazo_estado`;

const FROM_EXPEDIENTE = `
  FROM expediente e
  JOIN tipo_expediente t ON t.id = e.id_tipo
  JOIN unidad un ON un.id = e.id_unidad
  JOIN usuario c ON c.id_usuario = e.creado_por
  LEFT JOIN usuario r ON r.id_usuario = e.id_responsable
  LEFT JOIN plazo_expediente p ON p.id_expediente = e.id_expediente`;

/** Every column of an expediente, and whether (on what grounds) this caller may change it. */
function columnasExpediente(caller: Caller, params: SqlParams): string {
  return `${COLUMNAS_FIJAS}, ${gestionPorSql(caller, params, 'e')} AS gestion_por`;
}

interface ExpedienteRow {
  id_expediente: number;
  numero: string;
  asunto: string;
  descripcion: string | null;
  id_tipo: number;
  tipo_nombre: string;
  id_unidad: number;
  unidad_nombre: string;
  interesado_nombre: string | null;
  interesado_documento: string | null;
  id_responsable: number | null;
  responsable_username: string | null;
  responsable_nombre: string | null;
  estado: EstadoExpediente;
  fecha_apertura: Date;
  fecha_cierre: Date | null;
  creado_por: number;
  creador_username: string;
  creador_nombre: string;
  actualizado_en: Date;
  version: number;
  gestion_por: BaseGestion | null;
  plazo_fecha_limite: string | null;
  plazo_estado: EstadoPlazo | null;
}

function toExpediente(row: ExpedienteRow): Expediente {
  return {
    id_expediente: row.id_expediente,
    numero: row.numero,
    asunto: row.asunto,
    descripcion: row.descripcion,
    tipo: { id: row.id_tipo, nombre: row.tipo_nombre },
    unidad: { id: row.id_unidad, nombre: row.unidad_nombre },
    interesado_nombre: row.interesado_nombre,
    interesado_documento: row.interesado_documento,
    responsable:
      row.id_responsable === null
        ? null
        : {
            id_usuario: row.id_responsable,
            nombre_completo: row.responsable_nombre!,
            username: row.responsable_username!,
          },
    estado: row.estado,
    fecha_apertura: isoString(row.fecha_apertura),
    fecha_cierre: row.fecha_cierre === null ? null : isoString(row.fecha_cierre),
    creado_por: { id_usuario: row.creado_por, nombre_completo: row.creador_nombre, username: row.creador_username },
    actualizado_en: isoString(row.actualizado_en),
    version: row.version,
    gestion: row.gestion_por !== null,
    gestion_por: row.gestion_por,
    plazo: row.plazo_fecha_limite === null ? null : { fecha_limite: row.plazo_fecha_limite, estado: row.plazo_estado! },
  };
}

/** Where a page starts: after a keyset cursor (the `claves_orden` of the previous page's last row) or at an offset. */
export type InicioPagina = { despuesDe: readonly string[] } | { offset: number };

/** The rows of a list: those matching a filter (and visible to the caller), or these ids already found so. */
export type FilasLista = ExpedientesFiltro | { ids: readonly number[] };

/**
 * One page in the given order, read one row further so the page knows whether another follows;
 * `siguiente` is the `claves_orden` of its last row then, null at the end.
 */
export async function findPagina(
  db: Queryable,
  caller: Caller,
  filas: FilasLista,
  orden: Orden,
  inicio: InicioPagina,
  pageSize: number,
): Promise<{ items: ExpedienteResumen[]; siguiente: string[] | null }> {
  const { sql, values } = paginaSql(caller, filas, orden, inicio, pageSize);
  const rows = await db.query<ExpedienteRow & { claves_orden: string[] }>(sql, values);
  const items = rows.slice(0, pageSize);
  return {
    items: items.map(({ claves_orden: _claves, ...row }) => {
      const { descripcion: _descripcion, ...resumen } = toExpediente(row);
      return resumen;
    }),
    siguiente: rows.length > pageSize ? items[items.length - 1]!.claves_orden : null,
  };
}

/** The statement of `findPagina` (also what the index-usage test explains). */
export function paginaSql(
  caller: Caller,
  filas: FilasLista,
  orden: Orden,
  inicio: InicioPagina,
  pageSize: number,
): { sql: string; values: unknown[] } {
  const params = new SqlParams();
  const conditions = [
    'ids' in filas ? `e.id_expediente = ANY(${params.add(filas.ids)}::integer[])` : filtroWhere(caller, filas, params),
  ];
  if ('despuesDe' in inicio) conditions.push(despuesDe(orden, inicio.despuesDe, params));
  const limit = params.add(pageSize + 1);
  // Past an offset, the skipped rows are walked on the sort index alone; only the page's rows are joined.
  const where =
    'offset' in inicio && inicio.offset > 0
      ? `e.id_expediente IN (SELECT e.id_expediente FROM expediente e WHERE ${conditions.join(' AND ')}
           ORDER BY ${orderBy(orden)} LIMIT ${limit} OFFSET ${params.add(inicio.offset)})`
      : conditions.join(' AND ');
  const sql = `SELECT ${columnasExpediente(caller, params)}, ${clavesSelect(orden)} ${FROM_EXPEDIENTE}
     WHERE ${where} ORDER BY ${orderBy(orden)} LIMIT ${limit}`;
  return { sql, values: params.values };
}

/** The ids of the matching rows, no more than `tope + 1` of them (so "more than `tope`" shows). */
export async function findCoincidencias(
  db: Queryable,
  caller: Caller,
  filtro: FiltroLista,
  tope: number,
): Promise<number[]> {
  const { sql, values } = coincidenciasSql(caller, filtro, tope);
  const rows = await db.query<{ id_expediente: number }>(sql, values);
  return rows.map((row) => row.id_expediente);
}

/**
 * Unordered on purpose: the planner may then read from whichever index narrows most (estado +
 * tipo, trigrams). For a very common filter it may read the table from the start instead, which
 * the LIMIT stops after `tope` matches.
 */
export function coincidenciasSql(
  caller: Caller,
  filtro: FiltroLista,
  tope: number,
): { sql: string; values: unknown[] } {
  const params = new SqlParams();
  const sql = `SELECT e.id_expediente FROM expediente e WHERE ${filtroWhere(caller, filtro, params)} LIMIT ${params.add(tope + 1)}`;
  return { sql, values: params.values };
}

/**
 * Every match, counted; undefined when the count took longer than `CONTEO_MAXIMO_MS` (a
 * very broad filter over a very large archive), so the list says «más de» as before.
 */
export async function contarCoincidencias(
  db: Database,
  caller: Caller,
  filtro: FiltroLista,
): Promise<number | undefined> {
  const params = new SqlParams();
  const where = filtroWhere(caller, filtro, params);
  try {
    return await db.transaction(async (tx) => {
      await tx.query(`SET LOCAL statement_timeout = ${CONTEO_MAXIMO_MS}`);
      const [row] = await tx.query<{ total: number }>(
        `SELECT count(*)::integer AS total FROM expediente e WHERE ${where}`,
        params.values,
      );
      return row!.total;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '57014') return undefined;
    throw error;
  }
}
const CONTEO_MAXIMO_MS = 10_000;

/** Expedientes in the given estados, from the counters the triggers keep (migration 005): every row, whatever the visibility. */
export async function contarPorEstado(db: Queryable, estados: readonly EstadoExpediente[]): Promise<number> {
  const [row] = await db.query<{ total: string | null }>(
    'SELECT sum(total) AS total FROM cifra WHERE clave = ANY($1::text[])',
    [estados.map((estado) => `estado:${estado}`)],
  );
  return Number(row?.total ?? 0);
}

/** The expediente if it exists and the caller may see it; `forUpdate` locks it until the transaction ends. */
export async function findExpediente(
  db: Queryable,
  caller: Caller,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<Expediente | undefined> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const [row] = await db.query<ExpedienteRow>(
    `SELECT ${columnasExpediente(caller, params)} ${FROM_EXPEDIENTE}
     WHERE e.id_expediente = ${idParam} AND ${expedientesVisibles(caller, params, 'e')}
     ${options.forUpdate ? 'FOR UPDATE OF e' : ''}`,
    params.values,
  );
  return row && toExpediente(row);
}

/**
 * The expediente whether or not the caller sees it: the one just changed by them in this
 * transaction (handing it to another unidad may take it out of their sight, and the answer must
 * still say what it now is), or one locked whose sight is checked next (`expedienteParaGestionar`).
 */
export async function findExpedienteCambiado(tx: Queryable, caller: Caller, id: number): Promise<Expediente> {
  const params = new SqlParams();
  const [row] = await tx.query<ExpedienteRow>(
    `SELECT ${columnasExpediente(caller, params)} ${FROM_EXPEDIENTE} WHERE e.id_expediente = ${params.add(id)}`,
    params.values,
  );
  if (!row) throw new Error(`El expediente ${id} recién escrito no se encuentra`);
  return toExpediente(row);
}

export async function findTipo(db: Queryable, id: number): Promise<(CatalogoItem & { activo: boolean }) | undefined> {
  const [row] = await db.query<CatalogoItem & { activo: boolean }>(
    'SELECT id, nombre, activo FROM tipo_expediente WHERE id = $1',
    [id],
  );
  return row;
}

export async function findUnidad(db: Queryable, id: number): Promise<(CatalogoItem & { activa: boolean }) | undefined> {
  const [row] = await db.query<CatalogoItem & { activa: boolean }>(
    'SELECT id, nombre, activa FROM unidad WHERE id = $1',
    [id],
  );
  return row;
}

export async function findUsuario(db: Queryable, id: number): Promise<Responsable | undefined> {
  const [row] = await db.query<Responsable>(
    `SELECT u.id_usuario, ${nombreCompletoSql('u')} AS nombre_completo, u.username FROM usuario u WHERE u.id_usuario = $1`,
    [id],
  );
  return row;
}

/**
 * The next number of the current year (Europe/Madrid). Must run in the creating transaction: the
 * counter row stays locked until it ends, so concurrent creations are numbered one after another
 * and a rollback returns the number.
 */
export async function takeNumero(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ anio: number; ultimo: number }>(
    `INSERT INTO expediente_contador (anio, ultimo)
     VALUES (extract(year FROM now() AT TIME ZONE 'Europe/Madrid')::integer, 1)
     ON CONFLICT (anio) DO UPDATE SET ultimo = expediente_contador.ultimo + 1
     RETURNING anio, ultimo`,
  );
  if (!row || row.ultimo > 999_999) throw new Error(`Numeración de expedientes agotada para ${row?.anio}`);
  return `EXP-${row.anio}-${String(row.ultimo).padStart(6, '0')}`;
}

export interface DatosExpediente {
  asunto: string;
  descripcion: string | null;
  id_tipo: number;
  id_unidad: number;
  interesado_nombre: string | null;
  interesado_documento: string | null;
  id_responsable: number | null;
}

export async function insertExpediente(
  tx: Queryable,
  numero: string,
  datos: DatosExpediente,
  creadoPor: number,
): Promise<number> {
  const [row] = await tx.query<{ id_expediente: number }>(
    `INSERT INTO expediente (numero, asunto, descripcion, id_tipo, id_unidad, interesado_nombre,
                             interesado_documento, id_responsable, creado_por)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING id_expediente`,
    [
      numero,
      datos.asunto,
      datos.descripcion,
      datos.id_tipo,
      datos.id_unidad,
      datos.interesado_nombre,
      datos.interesado_documento,
      datos.id_responsable,
      creadoPor,
    ],
  );
  return row!.id_expediente;
}

const COLUMNAS_EDITABLES = new Set<keyof DatosExpediente>([
  'asunto',
  'descripcion',
  'id_tipo',
  'id_unidad',
  'interesado_nombre',
  'interesado_documento',
  'id_responsable',
]);

/** Applies `cambios` only if the row still has `version`; false when someone changed it first. */
export async function updateExpediente(
  tx: Queryable,
  id: number,
  version: number,
  cambios: Partial<DatosExpediente>,
): Promise<boolean> {
  const params = new SqlParams();
  const sets = Object.entries(cambios)
    .filter(([columna]) => COLUMNAS_EDITABLES.has(columna as keyof DatosExpediente))
    .map(([columna, valor]) => `${columna} = ${params.add(valor)}`);
  const rows = await tx.query(
    `UPDATE expediente SET ${[...sets, 'version = version + 1', 'actualizado_en = now()'].join(', ')}
     WHERE id_expediente = ${params.add(id)} AND version = ${params.add(version)}
     RETURNING id_expediente`,
    params.values,
  );
  return rows.length === 1;
}

/** Sets `fecha_cierre` when closing and clears it when reopening; archiving keeps it. */
/** Whether its índice was closed for remisión (ENI E03). */
export async function remisionCerrada(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.query<{ cerrada: boolean }>(
    'SELECT remision_cerrada_en IS NOT NULL AS cerrada FROM expediente WHERE id_expediente = $1',
    [id],
  );
  return row?.cerrada ?? false;
}

export async function updateEstado(
  tx: Queryable,
  id: number,
  version: number,
  estado: EstadoExpediente,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE expediente
     SET estado = $3,
         fecha_cierre = CASE WHEN $3 = 'cerrado' THEN now() WHEN $3 IN ('abierto', 'en_tramite') THEN NULL ELSE fecha_cierre END,
         version = version + 1,
         actualizado_en = now()
     WHERE id_expediente = $1 AND version = $2
     RETURNING id_expediente`,
    [id, version, estado],
  );
  return rows.length === 1;
}
