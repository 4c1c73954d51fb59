import {
  EVENTOS_LECTURA,
  type CambioCampo,
  type EventoCambio,
  type EventoHistorial,
  type EventoLectura,
  type HistorialEntrada,
} from '@ecodigital/contracts/expedientes';
import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import { isoString } from '../../shared/dates';
import { cifra } from '../../shared/numeros';
import { nombreCompletoSql } from '../../shared/sql';

export interface NuevoEvento {
  id_expediente: number;
  id_usuario: number;
  /** A change; reads are counted apart (`registrarLectura`). */
  evento: EventoCambio;
  descripcion: string;
  cambios?: CambioCampo[];
  motivo?: string | null;
  /** Whom the event concerns (their notifications); the database fills it for the events it knows. */
  id_notificado?: number | null;
}

export async function insertEvento(db: Queryable, evento: NuevoEvento): Promise<void> {
  await db.query(
    `INSERT INTO historial (id_expediente, id_usuario, evento, descripcion, cambios, motivo, id_notificado)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [
      evento.id_expediente,
      evento.id_usuario,
      evento.evento,
      evento.descripcion,
      JSON.stringify(evento.cambios ?? []),
      evento.motivo ?? null,
      evento.id_notificado ?? null,
    ],
  );
}

export interface NuevaLectura {
  id_expediente: number;
  id_usuario: number;
  evento: EventoLectura;
  /** The document downloaded or previewed; absent for a consulta of the expediente. */
  id_documento?: number;
}

/**
 * Counts a read: the first of the day (Europe/Madrid) by this person of this expediente (or
 * document) adds a row, every later one adds one to its count. However often someone reads, the
 * tables grow by one row per person, expediente, document and day.
 */
export async function registrarLectura(db: Queryable, lectura: NuevaLectura): Promise<void> {
  await db.query(
    `INSERT INTO lectura (id_expediente, id_documento, id_usuario, evento, dia)
     VALUES ($1, $2, $3, $4, (now() AT TIME ZONE 'Europe/Madrid')::date)
     ON CONFLICT ON CONSTRAINT lectura_una_al_dia
     DO UPDATE SET veces = lectura.veces + 1, ultima = greatest(lectura.ultima, EXCLUDED.ultima)`,
    [lectura.id_expediente, lectura.id_documento ?? null, lectura.id_usuario, lectura.evento],
  );
}

/** Where a page of the historial starts: strictly older than this entry (its cursor keys). */
export interface PosicionHistorial {
  /** `timestamptz::text` of the entry's time (microseconds kept). */
  fecha: string;
  /** `e` a change, `l` a read; at the same time a read sorts before (is newer than) a change. */
  clase: 'e' | 'l';
  id: string;
}

export interface HistorialPaginaFilas {
  items: HistorialEntrada[];
  /** The position of the last entry when more follow. */
  siguiente: PosicionHistorial | null;
}

interface EntradaRow {
  clase: 'e' | 'l';
  id: string | number;
  clave_fecha: string;
  fecha: Date;
  evento: EventoHistorial;
  descripcion: string | null;
  cambios: CambioCampo[] | null;
  motivo: string | null;
  veces: number | null;
  dia: string | null;
  ultima: Date | null;
  documento_orden: number | null;
  documento_nombre: string | null;
  id_usuario: number;
  username: string;
  nombre_completo: string;
}

const MAXIMO_BIGINT = '9223372036854775807';
const EVENTOS_LECTURA_SQL = `(${EVENTOS_LECTURA.map((evento) => `'${evento}'`).join(', ')})`;

/**
 * One page of the historial, newest first: the changes (one row each) and, with `lecturas`, the
 * reads counted per person and day, merged by time. Each side reads at most `limite + 1` rows from
 * its index from the cursor on, so a page costs the same however long the historial is. The caller
 * checks that the expediente is visible.
 */
export async function findHistorialPagina(
  db: Queryable,
  idExpediente: number,
  { despuesDe, limite, lecturas }: { despuesDe?: PosicionHistorial; limite: number; lecturas: boolean },
): Promise<HistorialPaginaFilas> {
  const params = new SqlParams();
  const expediente = params.add(idExpediente);
  const tope = params.add(limite + 1);
  // (fecha, clase, id) descending, `l` above `e`: after a change, the reads of the same instant are
  // already shown; after a read, every change of the same instant is still to come.
  const desde = (clase: 'e' | 'l', alias: string, columnaFecha: string) => {
    if (!despuesDe) return '';
    const idTope = despuesDe.clase === clase ? despuesDe.id : clase === 'e' ? MAXIMO_BIGINT : '0';
    return `AND (${alias}.${columnaFecha}, ${alias}.id) < (${params.add(despuesDe.fecha)}::timestamptz, ${params.add(idTope)}::bigint)`;
  };
  const cambios = `(SELECT 'e' AS clase, h.id, h.creado_en AS fecha, h.evento, h.descripcion, h.cambios, h.motivo,
            NULL::integer AS veces, NULL::text AS dia, NULL::timestamptz AS ultima,
            NULL::integer AS documento_orden, NULL::text AS documento_nombre, h.id_usuario
     FROM historial h
     WHERE h.id_expediente = ${expediente} AND h.evento NOT IN ${EVENTOS_LECTURA_SQL} ${desde('e', 'h', 'creado_en')}
     ORDER BY h.creado_en DESC, h.id DESC
     LIMIT ${tope})`;
  const leidas =
    () => `(SELECT 'l' AS clase, l.id, l.primera AS fecha, l.evento, NULL::text AS descripcion, NULL::jsonb AS cambios,
            NULL::text AS motivo, l.veces, l.dia::text AS dia, l.ultima,
            d.orden AS documento_orden, d.nombre AS documento_nombre, l.id_usuario
     FROM lectura l
     LEFT JOIN documento d ON d.id_documento = l.id_documento
     WHERE l.id_expediente = ${expediente} ${desde('l', 'l', 'primera')}
     ORDER BY l.primera DESC, l.id DESC
     LIMIT ${tope})`;
  const rows = await db.query<EntradaRow>(
    `SELECT x.*, x.fecha::text AS clave_fecha, u.username, ${nombreCompletoSql('u')} AS nombre_completo
     FROM (${lecturas ? `${cambios} UNION ALL ${leidas()}` : cambios}) AS x
     JOIN usuario u ON u.id_usuario = x.id_usuario
     ORDER BY x.fecha DESC, x.clase DESC, x.id DESC
     LIMIT ${tope}`,
    params.values,
  );
  const pagina = rows.slice(0, limite);
  const ultima = pagina.at(-1);
  return {
    items: pagina.map(entradaDeFila),
    siguiente:
      rows.length > limite && ultima ? { fecha: ultima.clave_fecha, clase: ultima.clase, id: String(ultima.id) } : null,
  };
}

export async function hayLecturas(db: Queryable, idExpediente: number): Promise<boolean> {
  const [row] = await db.query<{ hay: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM lectura WHERE id_expediente = $1) AS hay',
    [idExpediente],
  );
  return row?.hay ?? false;
}

function descripcionLectura(row: EntradaRow): string {
  const veces = row.veces! > 1 ? ` ${cifra(row.veces!)} veces` : '';
  const documento = `el documento nº ${row.documento_orden} «${row.documento_nombre}»`;
  if (row.evento === 'documento_descargado') return `Descargó ${documento}${veces}.`;
  if (row.evento === 'documento_previsualizado') return `Previsualizó ${documento}${veces}.`;
  return `Consultó el expediente${veces}.`;
}

function entradaDeFila(row: EntradaRow): HistorialEntrada {
  const lectura = row.clase === 'l';
  return {
    id: Number(row.id),
    evento: row.evento,
    descripcion: lectura ? descripcionLectura(row) : row.descripcion!,
    cambios: row.cambios ?? [],
    motivo: row.motivo,
    usuario: { id_usuario: row.id_usuario, nombre_completo: row.nombre_completo, username: row.username },
    fecha: isoString(row.fecha),
    lectura: lectura
      ? { veces: row.veces!, dia: row.dia!, primera: isoString(row.fecha), ultima: isoString(row.ultima!) }
      : null,
  };
}

/** A historial event with its author and expediente, as Inicio's activity and the notifications show it. */
export interface EventoConContexto {
  id: number;
  evento: EventoHistorial;
  descripcion: string;
  fecha: string;
  usuario: { id_usuario: number; nombre_completo: string };
  expediente: { id_expediente: number; numero: string; asunto: string };
}

interface EventoConContextoRow {
  id: string | number;
  evento: EventoHistorial;
  descripcion: string;
  creado_en: Date;
  id_usuario: number;
  nombre_completo: string;
  id_expediente: number;
  numero: string;
  asunto: string;
}

/**
 * The newest events matching `where` (a condition over `historial h`, `expediente e` and `usuario u`
 * whose values are in `params`), at most `limite` of them.
 */
export async function findEventosConContexto(
  db: Queryable,
  where: string,
  params: SqlParams,
  limite: number,
): Promise<EventoConContexto[]> {
  const rows = await db.query<EventoConContextoRow>(
    `SELECT h.id, h.evento, h.descripcion, h.creado_en,
            u.id_usuario, ${nombreCompletoSql('u')} AS nombre_completo,
            e.id_expediente, e.numero, e.asunto
     FROM historial h
     JOIN expediente e ON e.id_expediente = h.id_expediente
     JOIN usuario u ON u.id_usuario = h.id_usuario
     WHERE ${where}
     ORDER BY h.creado_en DESC, h.id DESC
     LIMIT ${params.add(limite)}`,
    params.values,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    evento: row.evento,
    descripcion: row.descripcion,
    fecha: isoString(row.creado_en),
    usuario: { id_usuario: row.id_usuario, nombre_completo: row.nombre_completo },
    expediente: { id_expediente: row.id_expediente, numero: row.numero, asunto: row.asunto },
  }));
}
