import type { Expediente } from '@ecodigital/contracts/expedientes';
import type { Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import type { ApiHttpError } from '../../shared/errors';
import { expedienteNoExiste, versionObsoleta } from './expedientes.mensajes';
import { findExpediente } from './expedientes.repository';
import { asegurarGestion } from './visibility';

/**
 * The expediente a change is about, locked until the transaction ends: `noExiste` (404) for whoever
 * may not see it, 403 for whoever sees it without gestión, 409 when `version` is not the stored one.
 */
export async function expedienteParaGestionar(
  tx: Queryable,
  caller: Caller,
  id: number,
  opciones: { version?: number; noExiste?: () => ApiHttpError } = {},
): Promise<Expediente> {
  const expediente = await findExpediente(tx, caller, id, { forUpdate: true });
  if (!expediente) throw (opciones.noExiste ?? expedienteNoExiste)();
  asegurarGestion(caller, expediente);
  if (opciones.version !== undefined && expediente.version !== opciones.version) throw versionObsoleta();
  return expediente;
}
