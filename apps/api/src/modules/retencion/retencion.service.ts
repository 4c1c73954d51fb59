import type {
  AsignarTipo,
  GuardarSerie,
  PendientesDictamen,
  RetencionExpediente,
  SerieDocumental,
  TipoRetencion,
} from '@ecodigital/contracts/retencion';
import { LIMITES_RETENCION } from '@ecodigital/contracts/retencion';
import type { Database, Queryable } from '../../db/database';
import { registrarAuditoria } from '../../shared/auditoria';
import type { Caller } from '../../shared/caller/caller';
import { solicitudNoValida } from '../../shared/errors';
import { expedienteNoExiste, findExpediente, insertEvento } from '../expedientes/expedientes.public';
import {
  asegurarRegla,
  conflicto,
  describirRegla,
  MENSAJES_RETENCION,
  serieNoExiste,
  tipoNoExiste,
} from './retencion.mensajes';
import {
  contarSeries,
  findActaDeExpediente,
  findPendientes,
  findReglaDeExpediente,
  findRetenciones,
  findSeries,
  findTiposRetencion,
} from './retencion.repository';

// ── Cuadro de clasificación ───────────────────────────────────────────────────────────────────

export const listarSeries = (db: Queryable) => findSeries(db);
export const listarTipos = (db: Queryable) => findTiposRetencion(db);

function normalizarSerie(body: GuardarSerie) {
  const nombre = body.nombre.trim();
  if (!nombre) throw solicitudNoValida(MENSAJES_RETENCION.nombreVacio);
  asegurarRegla(body.regla);
  return { codigo: body.codigo.trim(), nombre, activo: body.activo ?? true, regla: body.regla };
}

const esCodigoRepetido = (error: unknown) => (error as { code?: string }).code === '23505';

export async function crearSerie(db: Database, caller: Caller, body: GuardarSerie): Promise<SerieDocumental> {
  const serie = normalizarSerie(body);
  return db
    .transaction(async (tx) => {
      await tx.query('LOCK TABLE serie_documental IN SHARE ROW EXCLUSIVE MODE');
      if ((await contarSeries(tx)) >= LIMITES_RETENCION.series) {
        throw conflicto(MENSAJES_RETENCION.demasiadasSeries(LIMITES_RETENCION.series));
      }
      const [{ id } = { id: 0 }] = await tx.query<{ id: number }>(
        `INSERT INTO serie_documental (codigo, nombre, activo, disposicion, retencion_anios)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [serie.codigo, serie.nombre, serie.activo, serie.regla?.disposicion ?? null, serie.regla?.anios ?? null],
      );
      const [creada] = await findSeries(tx, id);
      await registrarAuditoria(tx, {
        id_usuario: caller.id_usuario,
        accion: 'serie.crear',
        entidad: 'serie_documental',
        id_entidad: id,
        descripcion: `Añadió la serie «${serie.codigo} ${serie.nombre}» (${describirRegla(serie.regla)}).`,
        despues: { codigo: serie.codigo, nombre: serie.nombre, activo: serie.activo, regla: serie.regla },
      });
      return creada!;
    })
    .catch((error: unknown) => {
      if (esCodigoRepetido(error)) throw conflicto(MENSAJES_RETENCION.codigoRepetido(serie.codigo));
      throw error;
    });
}

export async function guardarSerie(
  db: Database,
  caller: Caller,
  id: number,
  body: GuardarSerie,
): Promise<SerieDocumental> {
  const serie = normalizarSerie(body);
  return db
    .transaction(async (tx) => {
      const [antes] = await tx.query<{ id: number }>('SELECT id FROM serie_documental WHERE id = $1 FOR UPDATE', [id]);
      if (!antes) throw serieNoExiste();
      const [anterior] = await findSeries(tx, id);
      await tx.query(
        `UPDATE serie_documental SET codigo = $2, nombre = $3, activo = $4, disposicion = $5, retencion_anios = $6
         WHERE id = $1`,
        [id, serie.codigo, serie.nombre, serie.activo, serie.regla?.disposicion ?? null, serie.regla?.anios ?? null],
      );
      const [despues] = await findSeries(tx, id);
      await registrarAuditoria(tx, {
        id_usuario: caller.id_usuario,
        accion: 'serie.modificar',
        entidad: 'serie_documental',
        id_entidad: id,
        descripcion: `Modificó la serie «${serie.codigo} ${serie.nombre}»: ${describirRegla(anterior!.regla)} → ${describirRegla(serie.regla)}${serie.activo ? '' : ' (inactiva)'}.`,
        antes: { codigo: anterior!.codigo, nombre: anterior!.nombre, activo: anterior!.activo, regla: anterior!.regla },
        despues: { codigo: serie.codigo, nombre: serie.nombre, activo: serie.activo, regla: serie.regla },
      });
      return despues!;
    })
    .catch((error: unknown) => {
      if (esCodigoRepetido(error)) throw conflicto(MENSAJES_RETENCION.codigoRepetido(serie.codigo));
      throw error;
    });
}

/** A tipo's serie and own rule; the expedientes of the tipo follow at once (the flag is derived). */
export async function asignarTipo(db: Database, caller: Caller, id: number, body: AsignarTipo): Promise<TipoRetencion> {
  asegurarRegla(body.regla);
  return db.transaction(async (tx) => {
    const [existe] = await tx.query<{ id: number }>('SELECT id FROM tipo_expediente WHERE id = $1 FOR UPDATE', [id]);
    if (!existe) throw tipoNoExiste();
    if (body.id_serie !== null) {
      const [serie] = await tx.query<{ codigo: string; activo: boolean }>(
        'SELECT codigo, activo FROM serie_documental WHERE id = $1',
        [body.id_serie],
      );
      if (!serie) throw serieNoExiste();
      const [actual] = await tx.query<{ id_serie: number | null }>(
        'SELECT id_serie FROM tipo_expediente WHERE id = $1',
        [id],
      );
      if (!serie.activo && actual!.id_serie !== body.id_serie) {
        throw conflicto(MENSAJES_RETENCION.serieInactiva(serie.codigo));
      }
    }
    const [antes] = await findTiposRetencion(tx, id);
    await tx.query('UPDATE tipo_expediente SET id_serie = $2, disposicion = $3, retencion_anios = $4 WHERE id = $1', [
      id,
      body.id_serie,
      body.regla?.disposicion ?? null,
      body.regla?.anios ?? null,
    ]);
    const [despues] = await findTiposRetencion(tx, id);
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'catalogo.retencion',
      entidad: 'tipo_expediente',
      id_entidad: id,
      descripcion:
        `«${despues!.nombre}»: serie ${antes!.serie?.codigo ?? 'ninguna'} → ${despues!.serie?.codigo ?? 'ninguna'}; ` +
        `regla ${describirRegla(antes!.regla_efectiva)} → ${describirRegla(despues!.regla_efectiva)}.`,
      antes: { serie: antes!.serie, regla: antes!.regla },
      despues: { serie: despues!.serie, regla: despues!.regla },
    });
    return despues!;
  });
}

// ── Pendientes de dictamen ────────────────────────────────────────────────────────────────────

export async function listarPendientes(db: Queryable, caller: Caller): Promise<PendientesDictamen> {
  const items = await findPendientes(db, caller, { limite: LIMITES_RETENCION.pendientes });
  return { items: items.slice(0, LIMITES_RETENCION.pendientes), truncado: items.length > LIMITES_RETENCION.pendientes };
}

// ── Retención de un expediente ────────────────────────────────────────────────────────────────

export async function leerRetencion(db: Queryable, caller: Caller, id: number): Promise<RetencionExpediente> {
  if (!(await findExpediente(db, caller, id))) throw expedienteNoExiste();
  const [{ regla, pendiente }, retenciones, eliminado] = await Promise.all([
    findReglaDeExpediente(db, id),
    findRetenciones(db, id),
    findActaDeExpediente(db, id),
  ]);
  const activa = retenciones.find((retencion) => retencion.levantada_en === null) ?? null;
  return { regla, pendiente_dictamen: pendiente, retencion_legal: activa, retenciones, eliminado };
}

/**
 * A legal hold on an expediente the caller sees (404 otherwise), whatever its estado: it blocks its
 * disposal until lifted. Under the expediente's row lock, the lock an acta's approval takes too.
 */
export async function ponerRetencion(db: Database, caller: Caller, id: number, motivo: string) {
  await db.transaction(async (tx) => {
    const expediente = await findExpediente(tx, caller, id, { forUpdate: true });
    if (!expediente) throw expedienteNoExiste();
    const eliminado = await findActaDeExpediente(tx, id);
    if (eliminado) throw conflicto(MENSAJES_RETENCION.yaEliminado(eliminado.acta));
    const [nueva] = await tx.query<{ id: number }>(
      `INSERT INTO retencion_legal (id_expediente, motivo, puesta_por) VALUES ($1, $2, $3)
       ON CONFLICT (id_expediente) WHERE levantada_en IS NULL DO NOTHING RETURNING id`,
      [id, motivo, caller.id_usuario],
    );
    if (!nueva) throw conflicto(MENSAJES_RETENCION.yaRetenido);
    await insertEvento(tx, {
      id_expediente: id,
      id_usuario: caller.id_usuario,
      evento: 'retencion_legal_puesta',
      descripcion: `Puso una retención legal: el expediente no se puede eliminar mientras dure (${motivo}).`,
      motivo,
    });
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'retencion.poner',
      entidad: 'retencion_legal',
      id_entidad: nueva.id,
      descripcion: `Puso una retención legal sobre el expediente ${expediente.numero}: ${motivo}`,
      despues: { id_expediente: id, motivo },
    });
  });
  return leerRetencion(db, caller, id);
}

export async function levantarRetencion(db: Database, caller: Caller, id: number, motivo: string) {
  await db.transaction(async (tx) => {
    const expediente = await findExpediente(tx, caller, id, { forUpdate: true });
    if (!expediente) throw expedienteNoExiste();
    const [levantada] = await tx.query<{ id: number; motivo: string }>(
      `UPDATE retencion_legal SET levantada_en = now(), levantada_por = $2, motivo_levantamiento = $3
       WHERE id_expediente = $1 AND levantada_en IS NULL RETURNING id, motivo`,
      [id, caller.id_usuario, motivo],
    );
    if (!levantada) throw conflicto(MENSAJES_RETENCION.sinRetencion);
    await insertEvento(tx, {
      id_expediente: id,
      id_usuario: caller.id_usuario,
      evento: 'retencion_legal_levantada',
      descripcion: `Levantó la retención legal (${motivo}).`,
      motivo,
    });
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'retencion.levantar',
      entidad: 'retencion_legal',
      id_entidad: levantada.id,
      descripcion: `Levantó la retención legal del expediente ${expediente.numero}: ${motivo}`,
      antes: { motivo: levantada.motivo },
      despues: { motivo_levantamiento: motivo },
    });
  });
  return leerRetencion(db, caller, id);
}
