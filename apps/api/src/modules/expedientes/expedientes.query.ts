import type { CampoOrden, ExpedientesFiltro } from '@ecodigital/contracts/expedientes';
import type { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../plugins/caller';
import { expedientesVisibles } from './visibility';

export type Direccion = 'asc' | 'desc';

/**
 * WHERE clause (without the keyword) of the list, count and export, over `expediente e`.
 * `desde`/`hasta` are calendar days in Europe/Madrid, both included.
 */
export function filtroWhere(caller: Caller, filtro: ExpedientesFiltro, params: SqlParams): string {
  const conditions = [expedientesVisibles(caller, params, 'e')];
  const q = filtro.q?.trim();
  if (q) {
    conditions.push(`e.busqueda LIKE '%' || lower(f_unaccent(${params.add(escapeLike(q))})) || '%'`);
  }
  if (filtro.estado?.length) conditions.push(`e.estado = ANY(${params.add(filtro.estado)}::text[])`);
  if (filtro.tipo !== undefined) conditions.push(`e.id_tipo = ${params.add(filtro.tipo)}`);
  if (filtro.unidad !== undefined) conditions.push(`e.id_unidad = ${params.add(filtro.unidad)}`);
  if (filtro.responsable !== undefined) conditions.push(`e.id_responsable = ${params.add(filtro.responsable)}`);
  if (filtro.desde) {
    conditions.push(`e.fecha_apertura >= (${params.add(filtro.desde)}::date)::timestamp AT TIME ZONE 'Europe/Madrid'`);
  }
  if (filtro.hasta) {
    conditions.push(`e.fecha_apertura < (${params.add(filtro.hasta)}::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'`);
  }
  return conditions.join(' AND ');
}

/** `%`, `_` and `\` typed by the person are searched for literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
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

/** Column `claves_orden`: the sort key of each row as text[], exact (timestamps keep their microseconds). */
export function clavesSelect({ campo }: Orden): string {
  return `ARRAY[${CLAVES_ORDEN[campo].map((clave) => `${clave.expr}::text`).join(', ')}] AS claves_orden`;
}

/** Rows strictly after `ultima` (the `claves_orden` of the last row read) in the given order. */
export function despuesDe({ campo, direccion }: Orden, ultima: readonly string[], params: SqlParams): string {
  const claves = CLAVES_ORDEN[campo];
  const columnas = claves.map((clave) => clave.expr).join(', ');
  const valores = claves.map((clave, index) => `${params.add(ultima[index])}::${clave.tipo}`).join(', ');
  return `(${columnas}) ${direccion === 'asc' ? '>' : '<'} (${valores})`;
}
