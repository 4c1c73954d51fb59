import type { EntidadAuditoria } from '@ecodigital/contracts/administracion';
import type { Queryable } from '../db/database';

/** One administrative change, as `auditoria` keeps it (append-only: migration 009). */
export interface CambioAdministrativo {
  /** Who made it; null when the identity provider did (membership by groups). */
  id_usuario: number | null;
  accion: string;
  entidad: EntidadAuditoria;
  id_entidad: string | number;
  descripcion: string;
  antes?: unknown;
  despues?: unknown;
}

/** Writes the change in the same transaction as the change itself: both happen or neither. */
export async function registrarAuditoria(tx: Queryable, cambio: CambioAdministrativo): Promise<void> {
  await tx.query(
    `INSERT INTO auditoria (id_usuario, accion, entidad, id_entidad, descripcion, antes, despues)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      cambio.id_usuario,
      cambio.accion,
      cambio.entidad,
      String(cambio.id_entidad),
      cambio.descripcion,
      cambio.antes === undefined ? null : JSON.stringify(cambio.antes),
      cambio.despues === undefined ? null : JSON.stringify(cambio.despues),
    ],
  );
}
