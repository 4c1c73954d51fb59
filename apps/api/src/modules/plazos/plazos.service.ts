import {
  describirPlazo,
  LIMITES_PLAZO,
  type CrearFestivo,
  type Festivo,
  type PlazoExpediente,
  type PlazoTipo,
  type ResumenPlazos,
} from '@ecodigital/contracts/plazos';
import type { Database, Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import { registrarAuditoria } from '../../shared/auditoria';
import type { Caller } from '../../shared/caller/caller';
import {
  aplicarPlazoDelTipo,
  cargarFestivos,
  HOY_SQL,
  hoyMadrid,
  recalcularPlazos,
} from '../../shared/plazos/calendario';
import { diasHabilesEntre, diasHabilesRestantes, fechaLimite, type Festivos } from '../../shared/plazos/computo';
import { ESTADO_PLAZO_SQL, filtroPlazoSql } from '../../shared/plazos/estado.sql';
import {
  asegurarAdmiteCambios,
  admiteCambios,
  expedienteNoExiste,
  expedienteParaGestionar,
  expedientesVisibles,
  findExpediente,
  insertEvento,
} from '../expedientes/expedientes.public';
import { conflictoPlazo, festivoNoExiste, MENSAJES_PLAZOS, solicitudNoValida, tipoNoExiste } from './plazos.mensajes';
import {
  contarFestivosDelAnio,
  deleteFestivo,
  findFestivos,
  findPlazo,
  findTiposConPlazo,
  insertFestivo,
  updatePlazo,
  type PlazoGuardado,
} from './plazos.repository';

/** `aaaa-mm-dd` as people read it. */
const fechaEs = (dia: string) => dia.split('-').reverse().join('/');

const describirPlazoTipo = (plazo: PlazoTipo | null) => (plazo === null ? 'sin plazo' : describirPlazo(plazo));

// ── Tipos ─────────────────────────────────────────────────────────────────────────────────────

export const listarTipos = (db: Queryable) => findTiposConPlazo(db);

/**
 * Sets (or with null, takes away) a tipo's plazo. The open expedientes of the tipo follow it at
 * once, each counted from its own start: a plazo configured today applies to the work in hand.
 */
export async function fijarPlazoTipo(db: Database, caller: Caller, id: number, plazo: PlazoTipo | null) {
  if (plazo?.unidad === 'meses' && plazo.cantidad > LIMITES_PLAZO.mesesMax) {
    throw solicitudNoValida(MENSAJES_PLAZOS.mesesMax(LIMITES_PLAZO.mesesMax));
  }
  return db.transaction(async (tx) => {
    const [antes] = await tx.query<{
      nombre: string;
      plazo_cantidad: number | null;
      plazo_unidad: PlazoTipo['unidad'] | null;
    }>('SELECT nombre, plazo_cantidad, plazo_unidad FROM tipo_expediente WHERE id = $1 FOR UPDATE', [id]);
    if (!antes) throw tipoNoExiste();
    const anterior =
      antes.plazo_cantidad === null ? null : { cantidad: antes.plazo_cantidad, unidad: antes.plazo_unidad! };
    if (JSON.stringify(anterior) !== JSON.stringify(plazo)) {
      await tx.query('UPDATE tipo_expediente SET plazo_cantidad = $2, plazo_unidad = $3 WHERE id = $1', [
        id,
        plazo?.cantidad ?? null,
        plazo?.unidad ?? null,
      ]);
      await registrarAuditoria(tx, {
        id_usuario: caller.id_usuario,
        accion: 'catalogo.plazo',
        entidad: 'tipo_expediente',
        id_entidad: id,
        descripcion: `«${antes.nombre}»: plazo de resolución de ${describirPlazoTipo(anterior)} a ${describirPlazoTipo(plazo)}.`,
        antes: { plazo: anterior },
        despues: { plazo },
      });
      await aplicarPlazoDelTipo(tx, 'e.id_tipo = $1', [id]);
    }
    return (await findTiposConPlazo(tx)).find((tipo) => tipo.id === id)!;
  });
}

// ── Calendario laboral ────────────────────────────────────────────────────────────────────────

export const listarFestivos = (db: Queryable, anio: number) => findFestivos(db, anio);

/** A new holiday moves every open deadline it touches. */
export async function crearFestivo(db: Database, caller: Caller, body: CrearFestivo): Promise<Festivo> {
  const anio = Number(body.fecha.slice(0, 4));
  if (anio < LIMITES_PLAZO.anioMin || anio > LIMITES_PLAZO.anioMax) {
    throw solicitudNoValida(`El año debe estar entre ${LIMITES_PLAZO.anioMin} y ${LIMITES_PLAZO.anioMax}.`);
  }
  const nombre = body.nombre.trim();
  if (!nombre) throw solicitudNoValida('Indique el nombre del festivo.');
  return db.transaction(async (tx) => {
    // Serialises changes to the calendar: the count and the deadlines stay true until commit.
    await tx.query('LOCK TABLE festivo IN SHARE ROW EXCLUSIVE MODE');
    if ((await contarFestivosDelAnio(tx, anio)) >= LIMITES_PLAZO.festivosPorAnio) {
      throw conflictoPlazo(MENSAJES_PLAZOS.demasiadosFestivos(anio, LIMITES_PLAZO.festivosPorAnio));
    }
    const festivo = await insertFestivo(tx, { ...body, nombre }, caller.id_usuario);
    if (!festivo) throw conflictoPlazo(MENSAJES_PLAZOS.festivoRepetido(fechaEs(body.fecha)));
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'festivo.crear',
      entidad: 'festivo',
      id_entidad: festivo.id,
      descripcion: `Añadió el festivo «${festivo.nombre}» (${fechaEs(festivo.fecha)}).`,
      despues: festivo,
    });
    await recalcularPlazos(tx, 'true', []);
    return festivo;
  });
}

export async function borrarFestivo(db: Database, caller: Caller, id: number): Promise<Festivo> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE festivo IN SHARE ROW EXCLUSIVE MODE');
    const festivo = await deleteFestivo(tx, id);
    if (!festivo) throw festivoNoExiste();
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'festivo.borrar',
      entidad: 'festivo',
      id_entidad: festivo.id,
      descripcion: `Quitó el festivo «${festivo.nombre}» (${fechaEs(festivo.fecha)}).`,
      antes: festivo,
    });
    await recalcularPlazos(tx, 'true', []);
    return festivo;
  });
}

// ── El plazo de un expediente ─────────────────────────────────────────────────────────────────

function aDetalle(plazo: PlazoGuardado, abierto: boolean, festivos: Festivos, hoy: string): PlazoExpediente {
  const desde = plazo.suspendido_desde ?? hoy;
  const diasRestantes = diasHabilesRestantes(desde, plazo.fecha_limite, festivos);
  const estado = !abierto
    ? 'concluido'
    : plazo.suspendido_desde
      ? 'suspendido'
      : plazo.fecha_limite < hoy
        ? 'vencido'
        : plazo.fecha_limite === hoy
          ? 'vence_hoy'
          : 'en_plazo';
  return { ...plazo, dias_restantes: diasRestantes, estado };
}

/** The plazo of an expediente the caller sees (404 otherwise); null when its tipo carries none. */
export async function leerPlazo(db: Queryable, caller: Caller, id: number): Promise<PlazoExpediente | null> {
  const expediente = await findExpediente(db, caller, id);
  if (!expediente) throw expedienteNoExiste();
  const plazo = await findPlazo(db, id);
  if (!plazo) return null;
  return aDetalle(plazo, admiteCambios(expediente.estado), await cargarFestivos(db), hoyMadrid());
}

/**
 * A change of the plazo, by whoever may change the expediente (404 for whoever does not see it,
 * 403 without gestión, 409 once closed), recorded in its historial in the same transaction.
 */
async function cambiarPlazo(
  db: Database,
  caller: Caller,
  id: number,
  cambio: (
    plazo: PlazoGuardado,
    festivos: Festivos,
    hoy: string,
  ) => {
    nuevo: Parameters<typeof updatePlazo>[2];
    evento: 'plazo_suspendido' | 'plazo_reanudado' | 'plazo_inicio';
    descripcion: string;
    motivo: string;
    cambios?: { campo: string; anterior: string; nuevo: string }[];
  },
): Promise<PlazoExpediente> {
  return db.transaction(async (tx) => {
    const expediente = await expedienteParaGestionar(tx, caller, id);
    asegurarAdmiteCambios(expediente);
    const plazo = await findPlazo(tx, id, { forUpdate: true });
    if (!plazo) throw conflictoPlazo(MENSAJES_PLAZOS.sinPlazo);
    const festivos = await cargarFestivos(tx);
    const hoy = hoyMadrid();
    const { nuevo, evento, descripcion, motivo, cambios } = cambio(plazo, festivos, hoy);
    await updatePlazo(tx, id, nuevo);
    await insertEvento(tx, { id_expediente: id, id_usuario: caller.id_usuario, evento, descripcion, motivo, cambios });
    await tx.query('UPDATE expediente SET actualizado_en = now() WHERE id_expediente = $1', [id]);
    return aDetalle({ ...plazo, ...nuevo }, true, festivos, hoy);
  });
}

/** The count stops from today (art. 22): the days until it resumes are added to the deadline. */
export const suspender = (db: Database, caller: Caller, id: number, motivo: string) =>
  cambiarPlazo(db, caller, id, (plazo, festivos, hoy) => {
    if (plazo.suspendido_desde) throw conflictoPlazo(MENSAJES_PLAZOS.yaSuspendido);
    if (plazo.fecha_limite < hoy) throw conflictoPlazo(MENSAJES_PLAZOS.vencidoNoSeSuspende);
    const quedan = diasHabilesRestantes(hoy, plazo.fecha_limite, festivos);
    return {
      nuevo: { ...plazo, suspendido_desde: hoy, motivo_suspension: motivo },
      evento: 'plazo_suspendido',
      descripcion: `Suspendió el plazo de resolución; quedaban ${quedan} ${quedan === 1 ? 'día hábil' : 'días hábiles'}.`,
      motivo,
    };
  });

export const reanudar = (db: Database, caller: Caller, id: number, motivo: string) =>
  cambiarPlazo(db, caller, id, (plazo, festivos, hoy) => {
    if (!plazo.suspendido_desde) throw conflictoPlazo(MENSAJES_PLAZOS.noSuspendido);
    const parados = diasHabilesEntre(plazo.suspendido_desde, hoy, festivos);
    const dias_suspendidos = plazo.dias_suspendidos + parados;
    const fecha_limite = fechaLimite({ ...plazo, diasSuspendidos: dias_suspendidos }, festivos);
    return {
      nuevo: { ...plazo, dias_suspendidos, fecha_limite, suspendido_desde: null, motivo_suspension: null },
      evento: 'plazo_reanudado',
      descripcion: `Reanudó el plazo de resolución tras ${parados} ${parados === 1 ? 'día hábil' : 'días hábiles'} de suspensión; vence el ${fechaEs(fecha_limite)}.`,
      motivo,
      cambios: [{ campo: 'Vencimiento', anterior: fechaEs(plazo.fecha_limite), nuevo: fechaEs(fecha_limite) }],
    };
  });

/** The count starts after another day: the entry in the registro may precede the opening. */
export const cambiarInicio = (db: Database, caller: Caller, id: number, inicio: string, motivo: string) =>
  cambiarPlazo(db, caller, id, (plazo, festivos, hoy) => {
    if (inicio > hoy) throw solicitudNoValida(MENSAJES_PLAZOS.inicioFuturo);
    if (plazo.suspendido_desde) throw conflictoPlazo(MENSAJES_PLAZOS.inicioSuspendido);
    const fecha_limite = fechaLimite({ ...plazo, inicio, diasSuspendidos: plazo.dias_suspendidos }, festivos);
    return {
      nuevo: { ...plazo, inicio, fecha_limite },
      evento: 'plazo_inicio',
      descripcion: `Cambió el inicio del cómputo del plazo; vence el ${fechaEs(fecha_limite)}.`,
      motivo,
      cambios: [
        { campo: 'Inicio del cómputo', anterior: fechaEs(plazo.inicio), nuevo: fechaEs(inicio) },
        { campo: 'Vencimiento', anterior: fechaEs(plazo.fecha_limite), nuevo: fechaEs(fecha_limite) },
      ],
    };
  });

// ── Inicio ────────────────────────────────────────────────────────────────────────────────────

/** What is overdue, what falls due this week and what stands suspended, among what the caller sees. */
export async function resumen(db: Queryable, caller: Caller): Promise<ResumenPlazos> {
  const params = new SqlParams();
  const visibles = expedientesVisibles(caller, params, 'e');
  const cuenta = (filtro: 'vencido' | 'esta_semana' | 'suspendido') =>
    `(SELECT count(*) FROM expediente e WHERE ${filtroPlazoSql(filtro)} AND ${visibles})::integer`;
  const [[cifras], proximos] = await Promise.all([
    db.query<Omit<ResumenPlazos, 'proximos'>>(
      `SELECT ${cuenta('vencido')} AS vencidos, ${cuenta('esta_semana')} AS esta_semana, ${cuenta('suspendido')} AS suspendidos`,
      params.values,
    ),
    (() => {
      const lista = new SqlParams();
      return db.query<ResumenPlazos['proximos'][number]>(
        `SELECT e.id_expediente, e.numero, e.asunto, to_char(p.fecha_limite, 'YYYY-MM-DD') AS fecha_limite,
                ${ESTADO_PLAZO_SQL} AS estado
         FROM plazo_expediente p JOIN expediente e ON e.id_expediente = p.id_expediente
         WHERE p.suspendido_desde IS NULL AND e.estado IN ('abierto', 'en_tramite')
           AND p.fecha_limite <= date_trunc('week', ${HOY_SQL})::date + 6
           AND ${expedientesVisibles(caller, lista, 'e')}
         ORDER BY p.fecha_limite, e.id_expediente
         LIMIT ${lista.add(LIMITES_PLAZO.inicioMax)}`,
        lista.values,
      );
    })(),
  ]);
  return { ...cifras!, proximos };
}
