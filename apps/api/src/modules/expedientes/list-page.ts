import type { ExpedienteResumen, ExpedientesFiltro } from '@ecodigital/contracts/expedientes';
import type { FiltroLista } from './expedientes.query';
import { ESTADOS_EXPEDIENTE } from '@ecodigital/contracts/expedientes.rules';
import type { Database } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { veTodosLosExpedientes } from './visibility';
import type { Orden } from './expedientes.query';
import {
  contarCoincidencias,
  contarPorEstado,
  findCoincidencias,
  findPagina,
  type InicioPagina,
} from './expedientes.repository';

/**
 * Counting every match of a broad filter over a million rows costs far more than the page itself
 * (each match is a heap visit), so past this many the list says "más de 1.000" instead.
 */
export const TOPE_TOTAL = 1_000;

/** Query parameters that choose the page, not the rows. */
const NO_FILTRAN = new Set(['estado', 'page', 'pageSize', 'sort', 'order', 'cursor', 'contar']);

/** No filter but estado: any other key with a value (a future filter too) narrows the rows. */
function soloFiltraPorEstado(filtro: ExpedientesFiltro): boolean {
  return Object.entries(filtro).every(
    ([campo, valor]) =>
      NO_FILTRAN.has(campo) ||
      valor === undefined ||
      (typeof valor === 'string' && valor.trim() === '') ||
      (Array.isArray(valor) && valor.length === 0),
  );
}

export interface PaginaConTotal {
  items: ExpedienteResumen[];
  siguiente: string[] | null;
  total: number;
  exacto: boolean;
}

/**
 * A page and the list's total. When the per-estado counters can answer (the filter is estado or
 * nothing, and the caller sees every expediente) both are read at once. Otherwise the matches are
 * found first, up to `TOPE_TOTAL` + 1: if that is all of them, the page is read from their ids, so
 * a search pays its trigram scan once; if not, the total is "more than `TOPE_TOTAL`" (or, when
 * `contarTodos`, every match counted) and the page is read through the list's own index.
 */
export async function leerPaginaConTotal(
  db: Database,
  caller: Caller,
  filtro: FiltroLista,
  orden: Orden,
  inicio: InicioPagina,
  pageSize: number,
  contarTodos = false,
): Promise<PaginaConTotal> {
  if (filtro.ids) {
    // Every match already found (a search among few expedientes): exact, and read by primary key.
    const pagina = await findPagina(db, caller, { ids: filtro.ids }, orden, inicio, pageSize);
    return { ...pagina, total: filtro.ids.length, exacto: true };
  }
  if (soloFiltraPorEstado(filtro) && veTodosLosExpedientes(caller)) {
    const estados = filtro.estado?.length ? [...new Set(filtro.estado)] : ESTADOS_EXPEDIENTE;
    const [pagina, total] = await Promise.all([
      findPagina(db, caller, filtro, orden, inicio, pageSize),
      contarPorEstado(db, estados),
    ]);
    return { ...pagina, total, exacto: true };
  }
  const ids = await findCoincidencias(db, caller, filtro, TOPE_TOTAL);
  if (ids.length > TOPE_TOTAL) {
    const [pagina, contados] = await Promise.all([
      findPagina(db, caller, filtro, orden, inicio, pageSize),
      contarTodos ? contarCoincidencias(db, caller, filtro) : undefined,
    ]);
    return { ...pagina, total: contados ?? TOPE_TOTAL, exacto: contados !== undefined };
  }
  if (ids.length === 0) return { items: [], siguiente: null, total: 0, exacto: true };
  return { ...(await findPagina(db, caller, { ids }, orden, inicio, pageSize)), total: ids.length, exacto: true };
}
