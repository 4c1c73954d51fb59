import {
  LIMITES_ACCESO,
  NIVEL_ACCESO_ETIQUETAS,
  type Acceso,
  type AccesosExpediente,
  type ConcederAcceso,
} from '@ecodigital/contracts/accesos';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import type { Database } from '../../db/database';
import { asegurarCapacidad, cifra } from '../../shared/capacidad';
import type { Caller } from '../../shared/caller/caller';
import {
  expedienteNoExiste,
  expedienteParaGestionar,
  findExpediente,
  insertEvento,
  puedeGestionar,
} from '../expedientes/expedientes.public';
import { accesoNoExiste, accesoNoValido, accesoNoVigente, accesoYaVigente, MENSAJES_ACCESO } from './accesos.mensajes';
import {
  esAnteriorAHoy,
  findAcceso,
  findAccesos,
  findPersona,
  findUnidadDestino,
  findUnidadYSuperiores,
  hayAccesoVigente,
  insertAcceso,
  revocarAcceso,
  ACCESOS_VIGENTES,
} from './accesos.repository';

/** Who sees the expediente and why; anyone who sees it may ask (need to know is theirs already). */
export async function listar(db: Database, caller: Caller, idExpediente: number): Promise<AccesosExpediente> {
  const expediente = await findExpediente(db, caller, idExpediente);
  if (!expediente) throw expedienteNoExiste();
  const [unidades, accesos] = await Promise.all([
    findUnidadYSuperiores(db, expediente.unidad.id),
    findAccesos(db, idExpediente),
  ]);
  return {
    unidad: unidades[0]!,
    unidades_con_vista: unidades,
    responsable: expediente.responsable,
    accesos,
    puede_gestionar: puedeGestionar(caller, expediente),
  };
}

const fechaLegible = (dia: string) => dia.split('-').reverse().join('/');

/**
 * Grants sight (`lectura`) or sight and changes (`gestion`) to a person or a unidad, until an
 * optional day. Access is not a change of the expediente's content, so a closed or archived one may
 * still be opened to someone (an auditor, a court). One live grant per person or unidad.
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
    await expedienteParaGestionar(tx, caller, idExpediente);
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

/** Ends a live grant now; the row stays as evidence of who had access and until when. */
export async function revocar(db: Database, caller: Caller, idExpediente: number, idAcceso: number): Promise<Acceso> {
  return db.transaction(async (tx) => {
    await expedienteParaGestionar(tx, caller, idExpediente);
    const acceso = await findAcceso(tx, idExpediente, idAcceso);
    if (!acceso) throw accesoNoExiste();
    if (acceso.estado !== 'vigente') throw accesoNoVigente();
    await revocarAcceso(tx, idAcceso, caller.id_usuario);
    const destinatario =
      acceso.destinatario.tipo === 'usuario'
        ? acceso.destinatario.usuario.nombre_completo
        : `la unidad «${acceso.destinatario.unidad.nombre}»`;
    await insertEvento(tx, {
      id_expediente: idExpediente,
      id_usuario: caller.id_usuario,
      evento: 'acceso_revocado',
      descripcion: `Revocó el acceso de ${NIVEL_ACCESO_ETIQUETAS[acceso.nivel].toLowerCase()} de ${destinatario}.`,
    });
    return (await findAcceso(tx, idExpediente, idAcceso))!;
  });
}
