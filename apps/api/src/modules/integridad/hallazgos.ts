import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import { insertHallazgo, type HallazgoRegistrado, type NuevoHallazgo } from './integridad.repository';

const COMO: Record<NuevoHallazgo['origen'], string> = {
  revision: 'la revisión periódica',
  descarga: 'una descarga',
  vista: 'una vista previa',
};

/**
 * Records a file found missing or altered and says so in the log, in Spanish. The administrators
 * see it at once: their notifications and the Integridad screen read the same table.
 */
export async function registrarHallazgo(
  db: Queryable,
  log: FastifyBaseLogger,
  hallazgo: NuevoHallazgo,
): Promise<HallazgoRegistrado> {
  const registrado = await insertHallazgo(db, hallazgo);
  const que =
    hallazgo.tipo === 'archivo_ausente'
      ? 'no está en el almacenamiento'
      : 'fue alterado (su SHA-256 no coincide con el índice)';
  log.error(
    { integridad: hallazgo.tipo, id_documento: hallazgo.id_documento, hallazgo: registrado.id },
    `integridad: el archivo del documento nº ${registrado.orden} «${registrado.nombre}» del expediente ${registrado.numero} ${que}; lo detectó ${COMO[hallazgo.origen]}. Se avisa a los administradores.`,
  );
  return registrado;
}
