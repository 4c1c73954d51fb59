import type { BuscarDocumentosQuery } from '@ecodigital/contracts/documentos';
import { ESTADOS_TEXTO, LIMITES_BUSQUEDA } from '@ecodigital/contracts/documentos.rules';
import { isoDate, oneOf, positiveInteger } from '../../lib/url-values';

/** What is searched: the words and the filters, without the page. */
export type ConsultaDocumentos = Omit<BuscarDocumentosQuery, 'page' | 'pageSize'>;

/** The search page's state as its URL holds it (`/buscar-documentos?q=…&tipo=…&page=2`). */
export interface EstadoBusqueda {
  consulta: ConsultaDocumentos;
  page: number;
}

/** The API pages up to here; a link to a later page shows the last one it serves. */
const PAGINA_MAXIMA = 50;

/** Reads the search back from the URL, dropping whatever is malformed instead of sending it. */
export function leerBusquedaUrl(params: URLSearchParams): EstadoBusqueda {
  const consulta: ConsultaDocumentos = { q: (params.get('q') ?? '').trim().slice(0, LIMITES_BUSQUEDA.qMax) };
  const tipo = positiveInteger(params.get('tipo'));
  if (tipo) consulta.id_tipo_documental = tipo;
  const unidad = positiveInteger(params.get('unidad'));
  if (unidad) consulta.id_unidad = unidad;
  const desde = isoDate(params.get('desde'));
  if (desde) consulta.desde = desde;
  const hasta = isoDate(params.get('hasta'));
  if (hasta) consulta.hasta = hasta;
  const estado = oneOf(ESTADOS_TEXTO, params.get('estado'));
  if (estado) consulta.estado_texto = estado;
  return { consulta, page: Math.min(positiveInteger(params.get('page')) ?? 1, PAGINA_MAXIMA) };
}

/** The URL of a search; its first page leaves `page` out, so a new search always starts there. */
export function busquedaUrl({ consulta, page }: EstadoBusqueda): URLSearchParams {
  const params = new URLSearchParams();
  if (consulta.q) params.set('q', consulta.q);
  if (consulta.id_tipo_documental) params.set('tipo', String(consulta.id_tipo_documental));
  if (consulta.id_unidad) params.set('unidad', String(consulta.id_unidad));
  if (consulta.desde) params.set('desde', consulta.desde);
  if (consulta.hasta) params.set('hasta', consulta.hasta);
  if (consulta.estado_texto) params.set('estado', consulta.estado_texto);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** `/buscar-documentos?q=…`: the search page for words typed elsewhere (the expedientes list). */
export const enlaceBuscarDocumentos = (q: string) => `/buscar-documentos?${busquedaUrl({ consulta: { q }, page: 1 })}`;
