import type { Expediente } from '@ecodigital/contracts/expedientes';
import type { Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { leerSobreExpediente, type GestionPor } from './base-de-gestion';
import { expedienteNoExiste, sinGestion, versionObsoleta } from './expedientes.mensajes';
import { findExpedienteCambiado } from './expedientes.repository';

/** The expediente a change is about, and what the caller's gestión of it rests on. */
export type ExpedienteGestionado = Expediente & { gestionPor: GestionPor };

/**
 * The expediente a change is about, locked until the transaction ends: `noExiste` (404) for whoever
 * may not see it, `sinGestion` (403) for whoever sees it without gestión, 409 when `version` is not
 * the stored one.
 *
 * The row is locked by its id alone, and only then read and the caller's sight checked, fresh. Read
 * the other way round (one `SELECT … JOIN unidad … FOR UPDATE`), PostgreSQL re-checks a row another
 * transaction changed while this one waited against the joined rows it had already read: after a
 * concurrent transfer the old unidad no longer matched and the expediente seemed not to exist. And
 * a grant revoked while this one waited must count as revoked: revocations take this lock too.
 */
export async function expedienteParaGestionar(
  tx: Queryable,
  caller: Caller,
  id: number,
  opciones: { version?: number; noExiste?: () => Error; sinGestion?: () => Error } = {},
): Promise<ExpedienteGestionado> {
  const noExiste = opciones.noExiste ?? expedienteNoExiste;
  const [bloqueado] = await tx.query('SELECT 1 FROM expediente WHERE id_expediente = $1 FOR UPDATE', [id]);
  if (!bloqueado) throw noExiste();
  const expediente = await findExpedienteCambiado(tx, caller, id);
  const sobre = await leerSobreExpediente(tx, caller, expediente);
  if (!sobre.ve) throw noExiste();
  if (!sobre.gestion) throw (opciones.sinGestion ?? sinGestion)();
  if (opciones.version !== undefined && expediente.version !== opciones.version) throw versionObsoleta();
  return { ...expediente, gestion: true, gestionPor: sobre.gestion };
}
