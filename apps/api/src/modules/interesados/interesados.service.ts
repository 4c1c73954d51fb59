import {
  LIMITES_INTERESADOS,
  type AnadirInteresado,
  type Interesado,
  type Interesados,
} from '@ecodigital/contracts/eni';
import { normalizarDocumento, problemaDocumento } from '@ecodigital/contracts/identificacion';
import type { Database } from '../../db/database';
import { asegurarCapacidad } from '../../shared/capacidad';
import type { Caller } from '../../shared/caller/caller';
import {
  admiteCambios,
  asegurarAdmiteCambios,
  expedienteNoExiste,
  expedienteParaGestionar,
  findExpediente,
  insertEvento,
  leerSobreExpediente,
} from '../expedientes/expedientes.public';
import {
  interesadoNoExiste,
  interesadoNoValido,
  interesadoRepetido,
  MENSAJES_INTERESADOS,
} from './interesados.mensajes';
import {
  existeDocumento,
  findInteresado,
  findInteresados,
  insertInteresado,
  INTERESADOS_VIGENTES,
  retirarInteresado,
} from './interesados.repository';

/** Whoever sees the expediente sees its interesados (404 for anyone else); `puede_editar` as the changes decide. */
export async function listar(db: Database, caller: Caller, idExpediente: number): Promise<Interesados> {
  const expediente = await findExpediente(db, caller, idExpediente);
  if (!expediente) throw expedienteNoExiste();
  const [items, sobre] = await Promise.all([
    findInteresados(db, idExpediente),
    leerSobreExpediente(db, caller, expediente),
  ]);
  return {
    items,
    puede_editar:
      caller.permisos.includes('expedientes.editar') && sobre.gestion !== null && admiteCambios(expediente.estado),
  };
}

/**
 * Adds an interesado: a NIF, NIE or CIF whose control character is right, once per expediente. A
 * change of the expediente: gestión over it, and only while it is open to changes.
 */
export async function anadir(
  db: Database,
  caller: Caller,
  idExpediente: number,
  body: AnadirInteresado,
): Promise<Interesado> {
  const problema = problemaDocumento(body.documento);
  if (problema) throw interesadoNoValido(problema);
  const documento = normalizarDocumento(body.documento);
  const nombre = body.nombre.trim();
  return db.transaction(async (tx) => {
    const expediente = await expedienteParaGestionar(tx, caller, idExpediente);
    asegurarAdmiteCambios(expediente);
    if (await existeDocumento(tx, idExpediente, documento)) throw interesadoRepetido(documento);
    await asegurarCapacidad(
      tx,
      INTERESADOS_VIGENTES,
      [idExpediente],
      LIMITES_INTERESADOS.porExpediente,
      MENSAJES_INTERESADOS.demasiados(LIMITES_INTERESADOS.porExpediente),
    );
    const id = await insertInteresado(tx, {
      id_expediente: idExpediente,
      documento,
      nombre,
      anadido_por: caller.id_usuario,
    });
    await insertEvento(tx, {
      id_expediente: idExpediente,
      id_usuario: caller.id_usuario,
      evento: 'interesado_anadido',
      descripcion: `Añadió como interesado a ${nombre} (${documento}).`,
    });
    return (await findInteresado(tx, idExpediente, id))!;
  });
}

/** Retires an interesado; the row stays (who added and who retired it, and when). */
export async function retirar(
  db: Database,
  caller: Caller,
  idExpediente: number,
  idInteresado: number,
): Promise<Interesado> {
  return db.transaction(async (tx) => {
    const expediente = await expedienteParaGestionar(tx, caller, idExpediente);
    const interesado = await findInteresado(tx, idExpediente, idInteresado);
    if (!interesado) throw interesadoNoExiste();
    asegurarAdmiteCambios(expediente);
    await retirarInteresado(tx, idInteresado, caller.id_usuario);
    await insertEvento(tx, {
      id_expediente: idExpediente,
      id_usuario: caller.id_usuario,
      evento: 'interesado_retirado',
      descripcion: `Retiró como interesado a ${interesado.nombre} (${interesado.documento}).`,
    });
    return interesado;
  });
}
