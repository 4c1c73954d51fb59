import type { CampoOrden, ExpedientesFiltro } from '@ecodigital/contracts/expedientes';
import type { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../shared/caller/caller';
import { expedientesGestionables, expedientesVisibles } from './visibility';
import { escapeLike, finDelDia, inicioDelDia, unidadYDependientes } from '../../shared/sql';
import { filtroPlazoSql } from '../../shared/plazos/estado.sql';

export type Direccion = 'asc' | 'desc';

/**
 * A filter as the API reads it, plus what the service may have worked out already: `textoSinIndice`
 * to check a search's text row by row instead of through the trigram index, and `ids`, the
 * expedientes that match it all (visibility included), found beforehand.
 */
export type FiltroLista = ExpedientesFiltro & { textoSinIndice?: boolean; ids?: readonly number[] };

/**
 * WHERE clause (without the keyword) of the list, count and export, over `expediente e`.
 * Dates are calendar days in Europe/Madrid, both ends included.
 */
export function filtroWhere(caller: Caller, filtro: FiltroLista, params: SqlParams): string {
  // Found under this same filter and the caller's sight, read just now in this request.
  if (filtro.ids) return `e.id_expediente = ANY(${params.add(filtro.ids)}::integer[])`;
  const conditions = [expedientesVisibles(caller, params, 'e')];
  const q = filtro.q?.trim();
  if (q) {
    // `busqueda || ''` is not the indexed column: PostgreSQL then checks the text on the rows found otherwise.
    const columna = filtro.textoSinIndice ? `(e.busqueda || '')` : 'e.busqueda';
    conditions.push(`${columna} LIKE '%' || lower(f_unaccent(${params.add(escapeLike(q))})) || '%'`);
  }
  if (filtro.estado?.length) conditions.push(`e.estado = ANY(${params.add(filtro.estado)}::text[])`);
  if (filtro.tipo !== undefined) conditions.push(`e.id_tipo = ${params.add(filtro.tipo)}`);
  if (filtro.unidad !== undefined)
    conditions.push(`e.id_unidad IN (${unidadYDependientes(params.add(filtro.unidad))})`);
  if (filtro.responsable !== undefined) conditions.push(`e.id_responsable = ${params.add(filtro.responsable)}`);
  if (filtro.desde) conditions.push(`e.fecha_apertura >= ${inicioDelDia(filtro.desde, params)}`);
  if (filtro.hasta) conditions.push(`e.fecha_apertura < ${finDelDia(filtro.hasta, params)}`);
  if (filtro.cierre_desde) conditions.push(`e.fecha_cierre >= ${inicioDelDia(filtro.cierre_desde, params)}`);
  if (filtro.cierre_hasta) conditions.push(`e.fecha_cierre < ${finDelDia(filtro.cierre_hasta, params)}`);
  if (filtro.documentos_desde) {
    conditions.push(
      `e.id_expediente IN (SELECT d.id_expediente FROM documento d
                            WHERE NOT d.anulado AND d.fecha_incorporacion >= ${inicioDelDia(filtro.documentos_desde, params)})`,
    );
  }
  if (filtro.plazo) conditions.push(filtroPlazoSql(filtro.plazo));
  if (filtro.gestion) conditions.push(expedientesGestionables(caller, params, 'e'));
  return conditions.join(' AND ');
}

interface ClaveOrden {
  expr: string;
  /** SQL type a keyset value (read back as text) is cast to. */
  tipo: string;
}

const ID: ClaveOrden = { expr: 'e.id_expediente', tipo: 'integer' };

/** Sort keys, each ending in a unique column so the order is total (stable pages, keyset batches). */
const CLAVES_ORDEN: Record<CampoOrden, ClaveOrden[]> = {
  numero: [{ expr: 'e.numero', tipo: 'text' }],
  fecha_apertura: [{ expr: 'e.fecha_apertura', tipo: 'timestamptz' }, ID],
  estado: [{ expr: 'e.estado_orden', tipo: 'smallint' }, ID],
  asunto: [{ expr: 'e.asunto', tipo: 'text' }, ID],
};

export interface Orden {
  campo: CampoOrden;
  direccion: Direccion;
}

/** Default: newest first; an explicit sort field without `order` sorts ascending, except the date. */
export function resolverOrden(sort: CampoOrden | undefined, order: Direccion | undefined): Orden {
  const campo = sort ?? 'fecha_apertura';
  return { campo, direccion: order ?? (campo === 'fecha_apertura' ? 'desc' : 'asc') };
}

export function orderBy({ campo, direccion }: Orden): string {
  return CLAVES_ORDEN[campo].map((clave) => `${clave.expr} ${direccion.toUpperCase()}`).join(', ');
}

/** The sort key of each row as a text[] expression, exact (timestamps keep their microseconds). */
export function clavesArray({ campo }: Orden): string {
  return `ARRAY[${CLAVES_ORDEN[campo].map((clave) => `${clave.expr}::text`).join(', ')}]`;
}

/** Column `claves_orden`: `clavesArray` for the cursor of a page. */
export function clavesSelect(orden: Orden): string {
  return `${clavesArray(orden)} AS claves_orden`;
}

/** SQL type of each sort key, in order: what a cursor of this order must carry. */
export function tiposClaves({ campo }: Orden): string[] {
  return CLAVES_ORDEN[campo].map((clave) => clave.tipo);
}

/** Rows strictly after `ultima` (the `claves_orden` of the last row read) in the given order. */
export function despuesDe({ campo, direccion }: Orden, ultima: readonly string[], params: SqlParams): string {
  const claves = CLAVES_ORDEN[campo];
  const columnas = claves.map((clave) => clave.expr).join(', ');
  const valores = claves.map((clave, index) => `${params.add(ultima[index])}::${clave.tipo}`).join(', ');
  return `(${columnas}) ${direccion === 'asc' ? '>' : '<'} (${valores})`;
}
