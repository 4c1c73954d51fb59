import {
  ACCESOS_PERSONA_POR_PAGINA,
  LIMITES_ACCESO,
  NIVEL_ACCESO_ETIQUETAS,
  type Acceso,
  type AccesoDePersona,
  type AccesosExpediente,
  type AccesosPersonaPagina,
  type AccesosPersonaQuery,
  type ConcederAcceso,
} from '@ecodigital/contracts/accesos';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import type { Database, Queryable } from '../../db/database';
import { terminarDerivados } from '../../shared/accesos-derivados';
import { registrarAuditoria } from '../../shared/auditoria';
import { asegurarCapacidad } from '../../shared/capacidad';
import { cifra } from '../../shared/numeros';
import type { Caller } from '../../shared/caller/caller';
import { accesoLlegaA } from '../../shared/pertenencia';
import {
  expedienteNoExiste,
  expedienteParaGestionar,
  findExpediente,
  gestionPorAcceso,
  insertEvento,
  leerSobreExpediente,
  type GestionPor,
} from '../expedientes/expedientes.public';
import {
  accesoNoExiste,
  accesoNoExisteAdmin,
  accesoNoValido,
  accesoNoVigente,
  accesoYaVigente,
  MENSAJES_ACCESO,
  personaNoExiste,
  soloQuienGestiona,
} from './accesos.mensajes';
import {
  bloquearExpediente,
  esAnteriorAHoy,
  findAcceso,
  findAccesoPorId,
  findAccesos,
  findAccesosDePersona,
  findDerivados,
  findPersona,
  findUnidadDestino,
  findUnidadYSuperiores,
  hayAccesoVigente,
  insertAcceso,
  revocarAcceso,
  ACCESOS_VIGENTES,
} from './accesos.repository';

/**
 * Who sees the expediente and why, with every grant and its motivo: for those with gestión only
 * (a reader by grant knows it exists, 403). For someone whose gestión is only a grant, what they
 * may grant is limited by it, and they may revoke only the grants derived from theirs.
 */
export async function listar(db: Database, caller: Caller, idExpediente: number): Promise<AccesosExpediente> {
  const expediente = await findExpediente(db, caller, idExpediente);
  if (!expediente) throw expedienteNoExiste();
  const { gestion } = await leerSobreExpediente(db, caller, expediente);
  if (!gestion) throw soloQuienGestiona();
  const [unidades, accesos, revocables] = await Promise.all([
    findUnidadYSuperiores(db, expediente.unidad.id),
    findAccesos(db, idExpediente),
    gestion.base === 'acceso' ? findDerivados(db, gestion.propios) : undefined,
  ]);
  return {
    unidad: unidades[0]!,
    unidades_con_vista: unidades,
    responsable: expediente.responsable,
    accesos: accesos.map((acceso) => ({
      ...acceso,
      revocable: acceso.estado === 'vigente' && (revocables === undefined || revocables.has(acceso.id_acceso)),
    })),
    puede_gestionar: true,
    limite_concesion: gestion.base === 'acceso' ? { hasta: gestion.acceso.hasta } : null,
  };
}

const fechaLegible = (dia: string) => dia.split('-').reverse().join('/');

/**
 * Grants sight (`lectura`) or sight and changes (`gestion`) to a person or a unidad, until an
 * optional day. Access is not a change of the expediente's content, so a closed or archived one may
 * still be opened to someone (an auditor, a court). One live grant per person or unidad. Nobody
 * grants to themselves or to a unidad whose grants reach them; whoever holds only a grant grants
 * inside it (no later than it ends), and what they grant derives from it and ends with it.
 */
export async function conceder(
  db: Database,
  caller: Caller,
  idExpediente: number,
  body: ConcederAcceso,
): Promise<Acceso> {
  const motivo = body.motivo.trim();
  if ([...motivo].length < LIMITES_ACCESO.motivoMin) {
    throw accesoNoValido(MENSAJES_ACCESO.motivoCorto(LIMITES_ACCESO.motivoMin));
  }
  if ((body.id_usuario === undefined) === (body.id_unidad === undefined)) {
    throw accesoNoValido(MENSAJES_ACCESO.unDestinatario);
  }
  const hasta = body.hasta ?? null;
  return db.transaction(async (tx) => {
    const { gestionPor } = await expedienteParaGestionar(tx, caller, idExpediente);
    if (hasta !== null && (await esAnteriorAHoy(tx, hasta))) throw accesoNoValido(MENSAJES_ACCESO.hastaPasada);
    let nombreDestinatario: string;
    if (body.id_usuario !== undefined) {
      const persona = await findPersona(tx, body.id_usuario);
      if (!persona) throw accesoNoValido(MENSAJES_ACCESO.personaNoExiste);
      nombreDestinatario = persona.nombre_completo;
    } else {
      const unidad = await findUnidadDestino(tx, body.id_unidad!);
      if (!unidad) throw accesoNoValido(MENSAJES_ACCESO.unidadNoExiste);
      if (!unidad.activa) throw accesoNoValido(MENSAJES_ACCESO.unidadInactiva);
      nombreDestinatario = `la unidad «${unidad.nombre}»`;
    }
    if (await accesoLlegaA(tx, body, caller.id_usuario)) throw accesoNoValido(MENSAJES_ACCESO.aSiMismo);
    const derivadoDe = dentroDelPropio(gestionPor, hasta);
    if (await hayAccesoVigente(tx, idExpediente, body)) throw accesoYaVigente();
    await asegurarCapacidad(
      tx,
      ACCESOS_VIGENTES,
      [idExpediente],
      CAPACIDAD.accesosVigentesPorExpediente,
      `El expediente ya tiene ${cifra(CAPACIDAD.accesosVigentesPorExpediente)} accesos vigentes, el máximo. Revoque alguno antes de conceder otro.`,
    );

    const id = await insertAcceso(tx, {
      id_expediente: idExpediente,
      id_usuario: body.id_usuario ?? null,
      id_unidad: body.id_unidad ?? null,
      nivel: body.nivel,
      hasta,
      motivo,
      concedido_por: caller.id_usuario,
      derivado_de: derivadoDe,
    });
    const plazo = hasta === null ? '' : ` hasta el ${fechaLegible(hasta)}`;
    await insertEvento(tx, {
      id_expediente: idExpediente,
      id_usuario: caller.id_usuario,
      evento: 'acceso_concedido',
      descripcion: `Concedió acceso de ${NIVEL_ACCESO_ETIQUETAS[body.nivel].toLowerCase()} a ${nombreDestinatario}${plazo}.`,
      motivo,
      id_notificado: body.id_usuario !== undefined && body.id_usuario !== caller.id_usuario ? body.id_usuario : null,
    });
    return (await findAcceso(tx, idExpediente, id))!;
  });
}

/**
 * For a grantor whose gestión is only a grant: refuses a grant that would outlast theirs, and
 * answers the grant it derives from. Null for anyone else (what they grant stands on its own). The
 * level needs no check: a grant holder with gestión holds the highest level there is.
 */
function dentroDelPropio(gestionPor: GestionPor, hasta: string | null): number | null {
  if (gestionPor.base !== 'acceso') return null;
  const propio = gestionPor.acceso;
  if (propio.hasta !== null) {
    if (hasta === null) throw accesoNoValido(MENSAJES_ACCESO.sinFechaMasAllaDelPropio(fechaLegible(propio.hasta)));
    if (hasta > propio.hasta) throw accesoNoValido(MENSAJES_ACCESO.masAllaDelPropio(fechaLegible(propio.hasta)));
  }
  return propio.id_acceso;
}

/**
 * Ends a live grant now, and with it every grant derived from it; the rows stay as evidence of who
 * had access and until when. Whoever holds only a grant revokes only what derives from theirs.
 */
export async function revocar(db: Database, caller: Caller, idExpediente: number, idAcceso: number): Promise<Acceso> {
  return db.transaction(async (tx) => {
    const { gestionPor } = await expedienteParaGestionar(tx, caller, idExpediente);
    const acceso = await findAcceso(tx, idExpediente, idAcceso);
    if (!acceso) throw accesoNoExiste();
    if (acceso.estado !== 'vigente') throw accesoNoVigente();
    if (gestionPor.base === 'acceso' && !(await findDerivados(tx, gestionPor.propios)).has(idAcceso)) {
      throw gestionPorAcceso(MENSAJES_ACCESO.revocarSoloDerivados);
    }
    await terminarAcceso(tx, caller, idExpediente, acceso);
    return (await findAcceso(tx, idExpediente, idAcceso))!;
  });
}

/**
 * Revokes a live grant and what derives from it, in the expediente's historial as done by the
 * caller (`donde` says from where, when not the expediente). The caller holds the expediente's row lock.
 */
async function terminarAcceso(
  tx: Queryable,
  caller: Caller,
  idExpediente: number,
  acceso: Acceso,
  donde = '',
): Promise<number> {
  await revocarAcceso(tx, acceso.id_acceso, caller.id_usuario);
  const destinatario =
    acceso.destinatario.tipo === 'usuario'
      ? acceso.destinatario.usuario.nombre_completo
      : `la unidad «${acceso.destinatario.unidad.nombre}»`;
  await insertEvento(tx, {
    id_expediente: idExpediente,
    id_usuario: caller.id_usuario,
    evento: 'acceso_revocado',
    descripcion: `Revocó el acceso de ${NIVEL_ACCESO_ETIQUETAS[acceso.nivel].toLowerCase()} de ${destinatario}${donde}.`,
  });
  return terminarDerivados(tx, [acceso.id_acceso], caller.id_usuario);
}

/** A page of the grants a person received or made (Administración › Personas). */
export async function listarDePersona(
  db: Database,
  idUsuario: number,
  query: AccesosPersonaQuery,
): Promise<AccesosPersonaPagina> {
  const persona = await findPersona(db, idUsuario);
  if (!persona) throw personaNoExiste();
  const { items, total } = await findAccesosDePersona(db, idUsuario, query);
  return { persona, items, total, page: query.page ?? 1, pageSize: ACCESOS_PERSONA_POR_PAGINA };
}

/**
 * Revokes a live grant from Administración, whoever made it and whatever expediente it opens: under
 * the expediente's row lock like any change of it, with the grants derived from it, recorded in the
 * expediente's historial and in the auditoría.
 */
export async function revocarDesdeAdministracion(
  db: Database,
  caller: Caller,
  idAcceso: number,
): Promise<AccesoDePersona> {
  return db.transaction(async (tx) => {
    const encontrado = await findAccesoPorId(tx, idAcceso);
    if (!encontrado || !(await bloquearExpediente(tx, encontrado.id_expediente))) throw accesoNoExisteAdmin();
    const acceso = (await findAccesoPorId(tx, idAcceso))!;
    if (acceso.estado !== 'vigente') throw accesoNoVigente();
    const derivados = await terminarAcceso(tx, caller, acceso.id_expediente, acceso, ' desde Administración');
    const [expediente] = await tx.query<{ numero: string; asunto: string }>(
      'SELECT numero, asunto FROM expediente WHERE id_expediente = $1',
      [acceso.id_expediente],
    );
    const destinatario =
      acceso.destinatario.tipo === 'usuario'
        ? acceso.destinatario.usuario.nombre_completo
        : `la unidad «${acceso.destinatario.unidad.nombre}»`;
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'acceso.revocar',
      entidad: 'acceso',
      id_entidad: idAcceso,
      descripcion:
        `Revocó el acceso de ${NIVEL_ACCESO_ETIQUETAS[acceso.nivel].toLowerCase()} de ${destinatario} a ${expediente!.numero}` +
        (derivados
          ? ` y ${derivados === 1 ? 'el acceso que derivaba' : `los ${derivados} accesos que derivaban`} de él.`
          : '.'),
      antes: { estado: 'vigente' },
      despues: { estado: 'revocado', derivados_terminados: derivados },
    });
    const { id_expediente: _id, ...revocado } = (await findAccesoPorId(tx, idAcceso))!;
    return { ...revocado, expediente: { id_expediente: acceso.id_expediente, ...expediente! } };
  });
}
