import { HALLAZGOS_MOSTRADOS, type EstadoIntegridad } from '@ecodigital/contracts/integridad';
import type { Database } from '../../db/database';
import type { IntegridadConfig } from '../../config';
import { isoString } from '../../shared/dates';
import { findHallazgos, findUltimaRonda, rondaPublica } from './integridad.repository';

/** The current (or last) round's progress, when the next begins, and the newest findings. */
export async function estadoIntegridad(db: Database, config: IntegridadConfig): Promise<EstadoIntegridad> {
  const [ronda, hallazgos] = [await findUltimaRonda(db), await findHallazgos(db, HALLAZGOS_MOSTRADOS)];
  return {
    ronda: ronda ? rondaPublica(ronda) : null,
    proxima_ronda: ronda?.terminada ? isoString(new Date(ronda.iniciada.getTime() + config.periodoMs)) : null,
    periodo_dias: Math.round(config.periodoMs / 86_400_000),
    mib_por_segundo: Math.round(config.bytesPorSegundo / (1024 * 1024)),
    hallazgos,
  };
}
