import { LIMITES_BUSQUEDA, type EstadoTexto, type PaginaBusqueda } from '@ecodigital/contracts/documentos';
import type { Database, Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../shared/caller/caller';
import { isoString } from '../../shared/dates';
import { finDelDia, inicioDelDia, unidadYDependientes } from '../../shared/sql';
import { alcanceReducido, expedientesVisibles, idsVisiblesSql } from '../expedientes/expedientes.public';
import { consultaSql, cualquierTerminoSql, type Termino } from './consulta-texto';
import { FIN_RESALTE, INICIO_RESALTE, marcarCortes, trozosDeFragmento } from './fragmento';

export interface FiltrosBusqueda {
  id_expediente?: number;
  id_unidad?: number;
  id_tipo_documental?: number;
  desde?: string;
  hasta?: string;
  estado_texto?: EstadoTexto;
}

/** The filters besides visibility and the words, on `d` (documento), `e` (expediente) and `dt` (documento_texto). */
function filtrosSql(filtros: FiltrosBusqueda, params: SqlParams): string[] {
  const condiciones: string[] = [];
  if (filtros.id_expediente !== undefined) condiciones.push(`d.id_expediente = ${params.add(filtros.id_expediente)}`);
  if (filtros.id_unidad !== undefined)
    condiciones.push(`e.id_unidad IN (${unidadYDependientes(params.add(filtros.id_unidad))})`);
  if (filtros.id_tipo_documental !== undefined)
    condiciones.push(`d.id_tipo_documental = ${params.add(filtros.id_tipo_documental)}`);
  if (filtros.desde) condiciones.push(`d.fecha_incorporacion >= ${inicioDelDia(filtros.desde, params)}`);
  if (filtros.hasta) condiciones.push(`d.fecha_incorporacion < ${finDelDia(filtros.hasta, params)}`);
  if (filtros.estado_texto) condiciones.push(`dt.estado = ${params.add(filtros.estado_texto)}`);
  return condiciones;
}

/** The first and last characters of a text, to tell whether a fragment was cut from its middle. */
const BORDE_TEXTO = 400;
const OPCIONES_FRAGMENTO = [
  `StartSel=${INICIO_RESALTE}`,
  `StopSel=${FIN_RESALTE}`,
  'MaxWords=28',
  'MinWords=10',
  'MaxFragments=2',
  'FragmentDelimiter=" … "',
].join(', ');

interface FilaBusqueda {
  total: string;
  id_documento: number | null;
  rango: number;
  orden: number;
  nombre: string;
  formato: string;
  mime: string;
  anulado: boolean;
  tipo_documental: string;
  fecha_incorporacion: Date | string;
  estado_texto: EstadoTexto;
  id_expediente: number;
  numero: string;
  asunto: string;
  fragmento: string | null;
  texto_inicio: string | null;
  texto_fin: string | null;
  miniatura: boolean;
}

/**
 * The search as a tsquery, in its text form, and any of its searched words or phrases (what places
 * a fragment when no piece of the text holds the whole search); undefined when nothing is left to
 * look for (only stop words).
 */
async function tsqueriesDe(
  db: Queryable,
  alternativas: Termino[][],
): Promise<{ consulta: string; cualquiera: string } | undefined> {
  const params = new SqlParams();
  const consulta = consultaSql(alternativas, params);
  const cualquiera = cualquierTerminoSql(alternativas, params);
  if (!consulta || !cualquiera) return undefined;
  const [fila] = await db.query<{ consulta: string; cualquiera: string }>(
    `SELECT (${consulta})::text AS consulta, (${cualquiera})::text AS cualquiera`,
    params.values,
  );
  return fila?.consulta ? fila : undefined;
}

/**
 * Up to this many documents visible to someone who sees few expedientes are listed first, and the
 * search looks only among them: reading a unidad's expedientes row by row to join their documents
 * cost more than the search itself. Listing them reads two indexes only (migration 039): at a
 * million documents a unidad of 5.000 expedientes lists its 10.000 in about 12 ms, while past this
 * limit the general search took 160 ms for her (decision 0411).
 */
const DOCUMENTOS_PROPIOS_MAX = 20_000;

/**
 * The documents of a caller who sees few expedientes (all of them, within `DOCUMENTOS_PROPIOS_MAX`),
 * from the indexes of their unidades, expedientes as responsable and grants; undefined for a
 * caller who sees many, or when they have more documents than that.
 */
async function documentosPropios(
  db: Queryable,
  caller: Caller,
  filtros: FiltrosBusqueda,
): Promise<number[] | undefined> {
  if (!caller.alcance.ver || caller.alcance.todos || !(await alcanceReducido(db, caller))) return undefined;
  const params = new SqlParams();
  const condiciones = [`d.id_expediente IN (${idsVisiblesSql(caller, params)})`];
  if (filtros.id_expediente !== undefined) condiciones.push(`d.id_expediente = ${params.add(filtros.id_expediente)}`);
  const filas = await db.query<{ id_documento: number }>(
    `SELECT d.id_documento FROM documento d WHERE ${condiciones.join(' AND ')} LIMIT ${params.add(DOCUMENTOS_PROPIOS_MAX + 1)}`,
    params.values,
  );
  return filas.length > DOCUMENTOS_PROPIOS_MAX ? undefined : filas.map((fila) => fila.id_documento);
}

/**
 * The fragment and whether a thumbnail exists, for a caller who may open the documents
 * (`contenido`); nothing of either for anyone else. The fragment is cut from the first piece of
 * the text (`documento_texto_trozo`) whose vector holds the whole search, else the first holding
 * any searched word; a document found only by its name has none. Values are added to `params`
 * only when used.
 */
function contenidoSql(
  contenido: boolean,
  params: SqlParams,
  q: string,
  cualquieraTexto: string,
): { columnas: string; joins: string } {
  if (!contenido) {
    return {
      columnas: 'NULL::text AS fragmento, NULL::text AS texto_inicio, NULL::text AS texto_fin, false AS miniatura',
      joins: '',
    };
  }
  const opciones = params.add(OPCIONES_FRAGMENTO);
  const cualquiera = `${params.add(cualquieraTexto)}::tsquery`;
  return {
    columnas: `ts_headline('es_sin_tildes', substr(dt.texto, trozo.desde, trozo.longitud),
                           CASE WHEN trozo.completo THEN ${q} ELSE ${cualquiera} END, ${opciones}) AS fragmento,
               CASE WHEN trozo.desde = 1 THEN left(dt.texto, ${BORDE_TEXTO}) END AS texto_inicio,
               CASE WHEN trozo.ultimo THEN right(dt.texto, ${BORDE_TEXTO}) END AS texto_fin,
               EXISTS (SELECT 1 FROM documento_miniatura m WHERE m.id_documento = p.id_documento) AS miniatura`,
    joins: `LEFT JOIN LATERAL (
       SELECT t.desde, t.longitud, t.vector @@ ${q} AS completo,
              NOT EXISTS (SELECT 1 FROM documento_texto_trozo s WHERE s.id_documento = t.id_documento AND s.n > t.n) AS ultimo
       FROM documento_texto_trozo t
       WHERE t.id_documento = p.id_documento AND t.vector @@ ${cualquiera}
       ORDER BY t.vector @@ ${q} DESC, t.n
       LIMIT 1
     ) trozo ON true`,
  };
}

/**
 * Documents whose name or text match, among those of the expedientes the caller sees, by
 * relevance. The newest matches are read first, up to `coincidenciasMax` + 1 (visibility applied
 * before the limit, so nothing the caller may not see is counted), then only those are ranked, and
 * only the page gets its fragments. Past `coincidenciasMax` the ranking covers the newest ones and
 * the total says "more than": scoring every document that holds a common word would cost far more
 * than 50 ms at a hundred thousand documents, and people refine a search rather than page past 200.
 */
export async function buscarDocumentos(
  db: Database,
  caller: Caller,
  alternativas: Termino[][],
  filtros: FiltrosBusqueda,
  pagina: { page: number; pageSize: number },
): Promise<PaginaBusqueda> {
  const vacia = { items: [], page: pagina.page, pageSize: pagina.pageSize, total: 0, totalExacto: true };
  const consultas = await tsqueriesDe(db, alternativas);
  if (!consultas) return vacia;
  const propios = await documentosPropios(db, caller, filtros);
  if (propios?.length === 0) return vacia;
  // The tsquery reaches the statement as a value, so PostgreSQL plans with its words' real
  // frequencies: a rare word is read through the GIN index, a common one in the newest documents.
  const params = new SqlParams();
  const q = `${params.add(consultas.consulta)}::tsquery`;
  // Without the permiso that opens a document, its text is not there for the caller: not in a
  // fragment, not even as the fact that a word is in it. Only its name (weight A) is searched.
  const contenido = caller.permisos.includes('documentos.descargar');
  const vector = contenido ? 'dt.vector' : `ts_filter(dt.vector, '{a}')`;
  const condiciones = [
    `dt.vector @@ ${q}`,
    ...(contenido ? [] : [`${vector} @@ ${q}`]),
    propios ? `dt.id_documento = ANY(${params.add(propios)}::integer[])` : expedientesVisibles(caller, params, 'e'),
  ];
  condiciones.push(...filtrosSql(filtros, params));
  const maximo = LIMITES_BUSQUEDA.coincidenciasMax;
  const limite = params.add(maximo + 1);
  const tamano = params.add(pagina.pageSize);
  const desde = params.add((pagina.page - 1) * pagina.pageSize);
  const texto = contenidoSql(contenido, params, q, consultas.cualquiera);
  const filas = await db.transaction(async (tx) => {
    // The documents and the expedientes of a person's unidades are in memory on a working server:
    // at the default cost of a random read (4) PostgreSQL scanned every document to join the few
    // hundred of a unidad (80 ms) instead of reading them by index (20 ms).
    await tx.query('SET LOCAL random_page_cost = 1.1');
    return tx.query<FilaBusqueda>(
      `WITH candidatos AS (
       SELECT dt.id_documento
       FROM documento_texto dt
       JOIN documento d ON d.id_documento = dt.id_documento
       JOIN expediente e ON e.id_expediente = d.id_expediente
       WHERE ${condiciones.join(' AND ')}
       ORDER BY dt.id_documento DESC
       LIMIT ${limite}
     ),
     -- Ranked apart, so only the candidates are scored whichever way the matches were found.
     coincidencias AS (
       SELECT c.id_documento, ts_rank(${vector}, ${q}) AS rango
       FROM candidatos c JOIN documento_texto dt ON dt.id_documento = c.id_documento
     ),
     pagina AS (
       SELECT id_documento, rango FROM coincidencias ORDER BY rango DESC, id_documento DESC
       LIMIT ${tamano} OFFSET ${desde}
     )
     SELECT (SELECT count(*) FROM coincidencias) AS total, p.id_documento, p.rango,
            d.orden, d.nombre, d.formato, d.mime, d.anulado, td.nombre AS tipo_documental,
            d.fecha_incorporacion, dt.estado AS estado_texto,
            e.id_expediente, e.numero, e.asunto,
            ${texto.columnas}
     FROM (SELECT 1) uno
     LEFT JOIN pagina p ON true
     LEFT JOIN documento_texto dt ON dt.id_documento = p.id_documento
     ${texto.joins}
     LEFT JOIN documento d ON d.id_documento = p.id_documento
     LEFT JOIN tipo_documental td ON td.id = d.id_tipo_documental
     LEFT JOIN expediente e ON e.id_expediente = d.id_expediente
     ORDER BY p.rango DESC, p.id_documento DESC`,
      params.values,
    );
  });
  const total = Number(filas[0]?.total ?? 0);
  return {
    ...vacia,
    total: Math.min(total, maximo),
    totalExacto: total <= maximo,
    items: filas
      .filter((fila) => fila.id_documento !== null)
      .map((fila) => ({
        id_documento: fila.id_documento!,
        orden: fila.orden,
        nombre: fila.nombre,
        formato: fila.formato,
        mime: fila.mime,
        anulado: fila.anulado,
        tipo_documental: fila.tipo_documental,
        fecha_incorporacion: isoString(fila.fecha_incorporacion),
        estado_texto: fila.estado_texto,
        expediente: { id_expediente: fila.id_expediente, numero: fila.numero, asunto: fila.asunto },
        fragmento: marcarCortes(trozosDeFragmento(fila.fragmento), fila.texto_inicio, fila.texto_fin),
        rango: Number(fila.rango),
        miniatura: fila.miniatura,
      })),
  };
}
