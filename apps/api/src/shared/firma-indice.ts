import type { MotivoFirma } from '@ecodigital/contracts/eni';
import type { Queryable } from '../db/database';

/**
 * Signs the índice of an expediente with the institution's seal and keeps it, inside the transaction
 * `tx` that holds the expediente's row lock. The ENI module provides it (`app.firmarIndice`); the
 * expedientes module calls it when an expediente is closed, without knowing how a seal signs.
 */
export type FirmarIndice = (
  tx: Queryable,
  datos: { id_expediente: number; id_usuario: number; motivo: MotivoFirma },
) => Promise<void>;

/** What a broken stored signature looks like to `verificar`. */
export interface FirmaRota {
  id_firma: number;
  descripcion: string;
}

/** Checks every stored signature of the expediente's índice (the ENI module provides it). */
export type VerificarFirmas = (
  db: Queryable,
  idExpediente: number,
) => Promise<{ comprobadas: number; rotas: FirmaRota[] }>;

declare module 'fastify' {
  interface FastifyInstance {
    firmarIndice: FirmarIndice | null;
    verificarFirmas: VerificarFirmas;
  }
}
